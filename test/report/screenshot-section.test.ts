import { describe, expect, it } from 'vitest';
import type { InspectedScreen } from '../../src/render/inspect.js';
import { ScreenPool } from '../../src/report/client-data.js';
import type { ReportImage, ReportScreenshot } from '../../src/report/data.js';
import { cellRuns, screenshotSection } from '../../src/report/screenshot-section.js';

const PNG = new Uint8Array([137, 80, 78, 71]);

/** A 2×1 screen on a grid of `cell` px cells starting at `pad` px. */
function screen(pad: number, cellWidthPx: number, cellHeightPx: number): InspectedScreen {
  const style = { fg: 'default', bg: 'default', underlineColor: 'default', fgDrawn: '#ffffff', bgDrawn: '#000000', attributes: [] };
  return {
    cols: 2,
    rows: 1,
    grid: { xPx: pad, yPx: pad, cellWidthPx, cellHeightPx },
    cursor: { col: 0, row: 0, visible: true },
    styles: [style],
    cells: [
      [
        ['a', 1, 0],
        ['b', 1, 0],
      ],
    ],
  };
}

/** An image of a 2×1 screen: `pad` px padding around 2 cells of `w`×`h` px. */
function image(pad: number, w: number, h: number, cells: boolean): ReportImage {
  return { png: PNG, widthPx: 2 * pad + 2 * w, heightPx: 2 * pad + h, ...(cells ? { cells: screen(pad, w, h) } : {}) };
}

function shot(reference: ReportImage, actual: ReportImage, diff?: ReportImage): ReportScreenshot {
  return {
    name: 'menu',
    baseline: 'menu.png',
    kind: 'mismatch',
    message: 'differs',
    reference,
    actual,
    ...(diff ? { diff } : {}),
    changedCells: [{ row: 0, col: 1 }],
  };
}

/** Per figure: its role, its inspector attribute, its boxes' styles. */
function figures(html: string): [string, string, string[]][] {
  return [...html.matchAll(/<img id="shot-0-(\w+)"[^>]*?(data-screen="\d+"|data-no-cells="[^"]*")>(.*?)<\/div>/g)].map((m) => [
    m[1]!,
    m[2]!.startsWith('data-screen') ? m[2]! : 'data-no-cells',
    [...m[3]!.matchAll(/style="([^"]*)"/g)].map((b) => b[1]!),
  ]);
}

describe('screenshotSection', () => {
  it('places each image’s boxes and inspector on its own grid (a reference drawn at scale 2)', () => {
    // Actual: padding 4, cells 9×18 → 26×26 px; reference at scale 2: padding 8, cells 18×36 → 52×52 px.
    const { html, data } = screenshotSection(shot(image(8, 18, 36, true), image(4, 9, 18, true), image(4, 9, 18, false)), 0, new ScreenPool());
    expect(figures(html)).toEqual([
      ['reference', 'data-screen="0"', ['left:50%;top:15.3846%;width:34.6154%;height:69.2308%']],
      ['actual', 'data-screen="1"', ['left:50%;top:15.3846%;width:34.6154%;height:69.2308%']],
      ['diff', 'data-screen="1"', ['left:50%;top:15.3846%;width:34.6154%;height:69.2308%']],
    ]);
    expect([data.reference, data.actual]).toEqual([0, 1]);
  });

  it('a reference of another size without cells gets no boxes, and says why it has no inspector', () => {
    const { html, data } = screenshotSection(shot(image(8, 18, 36, false), image(4, 9, 18, true)), 0, new ScreenPool());
    expect(figures(html)).toEqual([
      ['reference', 'data-no-cells', []],
      ['actual', 'data-screen="0"', ['left:50%;top:15.3846%;width:34.6154%;height:69.2308%']],
    ]);
    expect(html).toContain(
      'data-no-cells="no cell data: its PNG carries no screen that matches its pixels (drawn with other render options, or not by tmux-shot)"',
    );
    expect([data.reference, data.actual]).toEqual([null, 0]);
  });

  it('a reference of the same size without cells uses the actual’s grid', () => {
    const { html } = screenshotSection(shot(image(4, 9, 18, false), image(4, 9, 18, true)), 0, new ScreenPool());
    expect(figures(html).map(([role, inspector]) => [role, inspector])).toEqual([
      ['reference', 'data-screen="0"'],
      ['actual', 'data-screen="0"'],
    ]);
  });
});

describe('cellRuns', () => {
  it.each([
    ['none', [], []],
    ['one cell', [{ row: 3, col: 4 }], [{ row: 3, col: 4, cols: 1 }]],
    [
      'neighbours on a row join; a gap or a new row starts a run',
      [
        { row: 3, col: 1 },
        { row: 3, col: 2 },
        { row: 3, col: 3 },
        { row: 3, col: 5 },
        { row: 4, col: 6 },
        { row: 4, col: 7 },
      ],
      [
        { row: 3, col: 1, cols: 3 },
        { row: 3, col: 5, cols: 1 },
        { row: 4, col: 6, cols: 2 },
      ],
    ],
    [
      'the last column of a row and the first of the next stay apart',
      [
        { row: 0, col: 79 },
        { row: 1, col: 0 },
      ],
      [
        { row: 0, col: 79, cols: 1 },
        { row: 1, col: 0, cols: 1 },
      ],
    ],
  ])('%s', (_, cells, runs) => {
    expect(cellRuns(cells)).toEqual(runs);
  });
});
