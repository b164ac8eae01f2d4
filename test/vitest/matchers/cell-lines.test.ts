import { describe, expect, it } from 'vitest';
import { describeChangedCells, describeReadChange } from '../../../src/vitest/matchers/cell-lines.js';
import { palette, row, screen } from '../build-snapshot.js';

describe('describeChangedCells', () => {
  const before = screen(['hello', 'world'], 6);
  const after = screen(['hallo', row('world', 6, { fg: palette(1) })], 6);

  it('lists character and colour changes from both screens', () => {
    expect(describeChangedCells(before, after, undefined, 3)).toEqual([
      '6 cells differ on rows 0-1',
      "row 0 col 1: 'e' -> 'a'",
      'row 1 col 0: fg default -> palette 1',
      'row 1 col 1: fg default -> palette 1',
      '...and 3 more cells',
    ]);
  });

  it('keeps only cells with mismatched pixels (masked cells stay out)', () => {
    expect(describeChangedCells(before, after, [{ row: 0, col: 1 }], 5)).toEqual(['1 cell differs on row 0', "row 0 col 1: 'e' -> 'a'"]);
  });

  it('falls back to pixel positions and the actual characters without a stored reference screen', () => {
    expect(
      describeChangedCells(
        undefined,
        after,
        [
          { row: 0, col: 1 },
          { row: 1, col: 5 },
        ],
        5,
      ),
    ).toEqual(['2 cells differ on rows 0-1', "row 0 col 1: now 'a'", "row 1 col 5: now ' '"]);
  });

  it('writes a character that does not show in a terminal as its code point', () => {
    const icons = screen(['a\uE0A0\u200B'], 4);
    expect(
      describeChangedCells(
        undefined,
        icons,
        [
          { row: 0, col: 1 },
          { row: 0, col: 2 },
        ],
        5,
      ),
    ).toEqual(['2 cells differ on row 0', 'row 0 col 1: now U+E0A0', 'row 0 col 2: now U+200B']);
  });

  it('reports a size change in cells', () => {
    expect(describeChangedCells(before, screen(['hello'], 8), [{ row: 0, col: 7 }], 5)).toEqual(['The screen size changed from 6×2 to 8×1 cells.']);
  });
});

describe('describeReadChange', () => {
  const base = screen(['abc'], 4);
  it.each([
    ['cells', screen(['abd'], 4), ['1 cell differs on row 0', "row 0 col 2: 'c' -> 'd'"]],
    ['the cursor position', { ...base, cursor: { ...base.cursor, col: 3 } }, ['the cursor moved from row 0 col 0 to row 0 col 3']],
    ['the cursor visibility', { ...base, cursor: { ...base.cursor, visible: false } }, ['the cursor was hidden']],
    ['the screen buffer', { ...base, alternateScreen: true }, ['the app switched to the alternate screen']],
  ])('names a change of %s', (_, last, lines) => {
    expect(describeReadChange(base, last, 5)).toEqual(lines);
  });
});
