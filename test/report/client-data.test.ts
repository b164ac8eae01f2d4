import { describe, expect, it } from 'vitest';
import type { InspectedCell, InspectedScreen, InspectedStyle } from '../../src/render/inspect.js';
import { encodeRow, ScreenPool } from '../../src/report/client-data.js';

describe('encodeRow', () => {
  it.each<[string, InspectedCell[], number[], unknown[]]>([
    [
      'one-wide cells in style 0 are their characters',
      [
        ['a', 1, 0],
        ['', 1, 0],
      ],
      [0],
      ['a', ''],
    ],
    [
      'a style change writes the cell whole, the next in that style is short',
      [
        ['a', 1, 0],
        ['b', 1, 1],
        ['c', 1, 1],
      ],
      [0, 5],
      ['a', ['b', 1, 5], 'c'],
    ],
    [
      'wide characters and their right halves are whole',
      [
        ['日', 2, 0],
        ['', 0, 0],
        ['x', 1, 0],
      ],
      [0],
      [['日', 2, 0], ['', 0, 0], 'x'],
    ],
    [
      'styles map to the pool',
      [
        ['a', 1, 1],
        ['b', 1, 0],
      ],
      [3, 0],
      ['a', ['b', 1, 3]],
    ],
  ])('%s', (_, cells, styles, encoded) => {
    expect(encodeRow(cells, styles)).toEqual(encoded);
  });
});

const RED: InspectedStyle = {
  fg: 'palette 1',
  bg: 'default',
  underlineColor: 'default',
  fgDrawn: '#cc0000',
  bgDrawn: '#000000',
  attributes: ['bold', 'underline curly'],
};
const PLAIN: InspectedStyle = { ...RED, fg: 'default', fgDrawn: '#ffffff', attributes: [] };

function screen(rows: InspectedCell[][], styles: InspectedStyle[]): InspectedScreen {
  return {
    cols: rows[0]!.length,
    rows: rows.length,
    grid: { xPx: 4, yPx: 4, cellWidthPx: 9, cellHeightPx: 18 },
    cursor: { col: 1, row: 0, visible: true },
    styles,
    cells: rows,
  };
}

describe('ScreenPool', () => {
  it('pools styles and rows across screens, so a second screen sharing a row adds one row', () => {
    const pool = new ScreenPool();
    const first = pool.add(
      screen(
        [
          [
            ['$', 1, 0],
            ['', 1, 0],
          ],
          [
            ['x', 1, 1],
            ['', 1, 0],
          ],
        ],
        [PLAIN, RED],
      ),
    );
    // The same rows with the styles listed the other way round.
    const second = pool.add(
      screen(
        [
          [
            ['$', 1, 1],
            ['', 1, 1],
          ],
          [
            ['y', 1, 0],
            ['', 1, 1],
          ],
        ],
        [RED, PLAIN],
      ),
    );
    expect([first, second]).toEqual([0, 1]);
    expect(pool.styles).toEqual([
      ['default', 'default', 'default', '#ffffff', '#000000', ''],
      ['palette 1', 'default', 'default', '#cc0000', '#000000', 'bold, underline curly'],
    ]);
    expect(pool.rows).toEqual([
      ['$', ''],
      [
        ['x', 1, 1],
        ['', 1, 0],
      ],
      [
        ['y', 1, 1],
        ['', 1, 0],
      ],
    ]);
    expect(pool.screens).toEqual([
      { cols: 2, rows: 2, grid: [4, 4, 9, 18], cursor: [1, 0, 1], r: [0, 1] },
      { cols: 2, rows: 2, grid: [4, 4, 9, 18], cursor: [1, 0, 1], r: [0, 2] },
    ]);
  });
});
