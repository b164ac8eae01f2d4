import { describe, expect, it } from 'vitest';
import { diffCells } from '../../src/diff/cell-diff.js';
import { formatCellChars, formatCellDiff } from '../../src/diff/format-cell-diff.js';
import { BLANK_CELL } from '../../src/snapshot.js';
import { snapshot, withCell } from './build.js';

describe('diffCells', () => {
  it('finds nothing between equal screens', () => {
    expect(diffCells(snapshot(['ab', '中'], 3), snapshot(['ab', '中'], 3))).toEqual([]);
  });

  it('lists changed cells row by row with what changed', () => {
    const before = snapshot(['abc', 'def'], 3);
    const after = withCell(withCell(snapshot(['abc', 'dXf'], 3), 0, 2, { bold: true }), 1, 1, { fg: { kind: 'palette', index: 1 } });
    const changes = diffCells(before, after);
    expect(changes.map(({ row, col, fields }) => ({ row, col, fields }))).toEqual([
      { row: 0, col: 2, fields: ['bold'] },
      { row: 1, col: 1, fields: ['chars', 'fg'] },
    ]);
    expect(changes[1]!.before.chars).toBe('e');
    expect(changes[1]!.after.chars).toBe('X');
  });

  it('compares with a blank screen when there is no reference', () => {
    const changes = diffCells(undefined, snapshot(['a ', ' b'], 2));
    expect(changes.map(({ row, col }) => [row, col])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(changes[0]!.before).toBe(BLANK_CELL);
  });

  it('counts cells beyond the smaller screen as blank', () => {
    const changes = diffCells(snapshot(['ab'], 2), snapshot(['ab', 'c'], 3));
    expect(changes.map(({ row, col, fields }) => [row, col, fields])).toEqual([[1, 0, ['chars']]]);
  });

  it('sees a wide character replaced by two narrow ones as two cell changes', () => {
    const changes = diffCells(snapshot(['中'], 2), snapshot(['ab'], 2));
    expect(formatCellDiff(changes)).toEqual(['2 cells differ on row 0', "row 0 col 0: '中' -> 'a'", "row 0 col 1: '' -> 'b'"]);
  });
});

describe('formatCellDiff', () => {
  const base = snapshot(['hello', 'world', '', '', 'xy'], 5);

  it.each([
    { name: 'no change', after: base, max: 10, lines: ['no cells differ'] },
    {
      name: 'one character',
      after: withCell(base, 4, 1, { chars: 'z' }),
      max: 10,
      lines: ['1 cell differs on row 4', "row 4 col 1: 'y' -> 'z'"],
    },
    {
      name: 'colours and attributes',
      after: withCell(base, 1, 0, { bg: { kind: 'rgb', r: 255, g: 0, b: 10 }, fg: { kind: 'palette', index: 4 }, bold: true, underline: 'curly' }),
      max: 10,
      lines: ['1 cell differs on row 1', 'row 1 col 0: fg default -> palette 4, bg default -> rgb #ff000a, bold off -> on, underline none -> curly'],
    },
    {
      name: 'palette to rgb, flags off, underline colour',
      after: withCell(withCell(base, 4, 0, { bg: { kind: 'palette', index: 4 } }), 0, 0, { inverse: true, underlineColor: { kind: 'palette', index: 9 } }),
      max: 10,
      lines: ['2 cells differ on rows 0, 4', 'row 0 col 0: underlineColor default -> palette 9, inverse off -> on', 'row 4 col 0: bg default -> palette 4'],
    },
    {
      name: 'blanks, quotes and a cap',
      after: snapshot(["h'llo", 'wo\\ld', 'abc', 'd', 'xy'], 5),
      max: 3,
      lines: ['6 cells differ on rows 0-3', "row 0 col 1: 'e' -> '\\''", "row 1 col 2: 'r' -> '\\\\'", "row 2 col 0: ' ' -> 'a'", '...and 3 more cells'],
    },
  ])('$name', ({ after, max, lines }) => {
    expect(formatCellDiff(diffCells(base, after), { max })).toEqual(lines);
  });

  it('lists 10 changes by default and counts a single leftover cell', () => {
    const after = snapshot(['abcde', 'fghij', 'k', '', 'xy'], 5);
    const lines = formatCellDiff(diffCells(base, after));
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe('11 cells differ on rows 0-2');
    expect(lines[10]).toBe("row 1 col 4: 'd' -> 'j'");
    expect(lines[11]).toBe('...and 1 more cell');
  });
});

describe('formatCellChars', () => {
  it.each([
    ['a', "'a'"],
    ['中', "'中'"],
    ['é', "'é'"], // e + U+0301: a mark after a base shows
    ['👩\u200d💻', "'👩\u200d💻'"], // a ZWJ after a base shows
    ['⣿', "'⣿'"],
    [' ', "' '"],
    ['', "''"],
    ["'", "'\\''"],
    ['\uE0B0', 'U+E0B0'], // powerline arrow: private use
    ['\uF115', 'U+F115'], // Nerd icon
    ['\u{F0001}', 'U+F0001'], // plane 15 private use
    ['\u0007', 'U+0007'], // control
    ['\u00AD', 'U+00AD'], // soft hyphen: format
    ['\u200B', 'U+200B'], // zero-width space: format
    ['\u0301', 'U+0301'], // a lone combining mark
    ['\u0301\u0302', 'U+0301 U+0302'],
    ['\u0E31', 'U+0E31'], // Thai MAI HAN-AKAT in a cell of its own
    ['\u00A0', 'U+00A0'], // no-break space
    ['\u3000', 'U+3000'], // ideographic space
    ['\u3164', 'U+3164'], // Hangul filler: default-ignorable
    ['\u2800', 'U+2800'], // blank braille pattern
    ['\u0378', 'U+0378'], // unassigned
  ])('writes %j as %s', (chars, written) => {
    expect(formatCellChars(chars)).toBe(written);
  });

  it('writes private-use changes as code points in a cell diff', () => {
    const before = snapshot(['a\uE0B0'], 2);
    expect(formatCellDiff(diffCells(before, withCell(before, 0, 1, { chars: '\uE0B2' })))).toEqual([
      '1 cell differs on row 0',
      'row 0 col 1: U+E0B0 -> U+E0B2',
    ]);
  });
});
