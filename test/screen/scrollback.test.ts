import { describe, expect, onTestFinished, test } from 'vitest';
import { ScreenModel, visibleScreen } from '../../src/screen/index.js';
import type { ScreenSnapshot } from '../../src/snapshot.js';
import { E, encode, modelAfter } from './helpers.js';

/** `count` numbered lines `l1`… separated by CR LF, the last one without a line end. */
function lines(count: number): string {
  return Array.from({ length: count }, (_, i) => `l${i + 1}`).join('\r\n');
}

async function modelWith(scrollback: number, bytes: string, cols = 10, rows = 3): Promise<ScreenModel> {
  const model = new ScreenModel({ cols, rows }, { scrollback });
  onTestFinished(() => model.dispose());
  await model.write(encode(bytes));
  return model;
}

describe('snapshot({ scrollback: true })', () => {
  test('gives the lines kept above the screen, oldest first, then the screen; every coordinate indexes cells', async () => {
    const model = await modelWith(3, lines(8));
    const full = model.snapshot({ scrollback: true });
    expect([full.rows, full.cols, full.viewportTop, full.cursor, full.cells.length]).toEqual([
      6,
      10,
      3,
      { col: 2, row: 5, visible: true, shape: 'block', blinking: false },
      6,
    ]);
    expect(model.text({ scrollback: true })).toBe('l3\nl4\nl5\nl6\nl7\nl8');
    // The ordinary snapshot is the visible screen alone, without viewportTop.
    const screen = model.snapshot();
    expect([screen.rows, screen.cursor.row, 'viewportTop' in screen]).toEqual([3, 2, false]);
    expect(model.text()).toBe('l6\nl7\nl8');
  });

  test('before anything scrolled, it is the screen with viewportTop 0', async () => {
    const full = (await modelAfter('one\r\ntwo', 10, 3)).snapshot({ scrollback: true });
    expect([full.rows, full.viewportTop, full.cursor.row]).toEqual([3, 0, 1]);
  });

  test('with scrollback 0 nothing is kept above the screen', async () => {
    const model = await modelWith(0, lines(8));
    expect([model.text({ scrollback: true }), model.snapshot({ scrollback: true }).viewportTop]).toEqual(['l6\nl7\nl8', 0]);
  });

  test('a wrapped line stays one row per screen row (text does not join rows that xterm marks isWrapped)', async () => {
    const model = await modelWith(10, `abcdefgh\r\n${lines(3)}`, 4, 3);
    expect(model.text({ scrollback: true })).toBe('abcd\nefgh\nl1\nl2\nl3');
  });

  test('the alternate screen has no scrollback; the normal screen keeps its own while it is shown', async () => {
    const model = await modelWith(10, `${lines(5)}${E}[?1049h${E}[H${lines(6)}`);
    const alternate = model.snapshot({ scrollback: true });
    expect([alternate.alternateScreen, alternate.viewportTop, model.text({ scrollback: true })]).toEqual([true, 0, 'l4\nl5\nl6']);
    await model.write(encode(`${E}[?1049l`));
    expect(model.text({ scrollback: true })).toBe('l1\nl2\nl3\nl4\nl5');
  });
});

describe('visibleScreen', () => {
  test('cuts a scrollback snapshot to its visible screen, cursor row counted from there', async () => {
    const model = await modelWith(3, lines(8));
    expect(visibleScreen(model.snapshot({ scrollback: true }))).toEqual(model.snapshot());
  });

  test('returns any other snapshot as it is', () => {
    const screen = { cols: 2, rows: 1, cells: [[]], cursor: { col: 0, row: 0, visible: true }, alternateScreen: false } as unknown as ScreenSnapshot;
    expect(visibleScreen(screen)).toBe(screen);
  });
});
