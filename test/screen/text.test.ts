import { describe, expect, test } from 'vitest';
import { findAllText, findText, formatPattern, formatScreenBlock, formatWithScreen, matchCells, rectText, snapshotText } from '../../src/screen/index.js';
import type { TextMatch } from '../../src/screen/index.js';
import { E, modelAfter } from './helpers.js';

describe('snapshotText', () => {
  test('joins rows with \\n, trims trailing spaces, keeps leading and inner blanks, reads wide characters once', async () => {
    const model = await modelAfter(`  a  b   \r\n${E}[2;10H漢字\r\n\r\n${E}[44m   `, 14, 4);
    expect(snapshotText(model.snapshot())).toBe('  a  b\n         漢字\n\n');
    expect(model.text()).toBe(snapshotText(model.snapshot()));
  });
});

describe('matchCells', () => {
  test.each<[string, RegExp]>([
    ['after wide characters', /two \d/],
    ['a wide character', /字/],
    ['an empty match at the end of a row', /(?<=one)$/],
    ['the first row of several', /t\w+/],
  ])('places a match found in the printed row text as findText does: %s', async (_, pattern) => {
    const snapshot = (await modelAfter(`one${E}[2;3H漢字 two 2${E}[3;1Hthree 3  `, 14, 4)).snapshot();
    const rows = snapshotText(snapshot).split('\n');
    const row = rows.findIndex((text) => pattern.test(text));
    const match = pattern.exec(rows[row]!)!;
    expect(matchCells(snapshot, row, match.index, match[0])).toEqual(findText(snapshot, pattern));
  });
});

describe('findText', () => {
  const screen = `one${E}[2;3H漢字 two 2${E}[3;1Hthree 3  `;

  test.each<[string, string | RegExp, TextMatch | undefined]>([
    ['a string', 'two', { row: 1, col: 7, cols: 3, text: 'two' }],
    ['after wide characters, in cells', '字', { row: 1, col: 4, cols: 2, text: '字' }],
    ['a RegExp, first row first', /\d/, { row: 1, col: 11, cols: 1, text: '2' }],
    ['a RegExp with groups', /t(hr)ee/, { row: 2, col: 0, cols: 5, text: 'three' }],
    ['a case-insensitive RegExp', /THREE/i, { row: 2, col: 0, cols: 5, text: 'three' }],
    ['$ as the end of the visible row', /\d$/, { row: 1, col: 11, cols: 1, text: '2' }],
    ['an empty match at the end of a row', /(?<=one)$/, { row: 0, col: 3, cols: 0, text: '' }],
    ['a string ending in blanks: they match the blank cells after the text', 'one  ', { row: 0, col: 0, cols: 5, text: 'one  ' }],
    ['no more trailing blanks than the row has cells', `three 3${' '.repeat(14)}`, undefined],
    ['a RegExp sees the row right-trimmed', /one +/, undefined],
    ['nothing', 'four', undefined],
    ['never across rows', /one\s+漢/, undefined],
  ])('finds %s', async (_, pattern, expected) => {
    const model = await modelAfter(screen, 20, 4);
    expect(findText(model.snapshot(), pattern)).toEqual(expected);
  });

  test('a global RegExp gives the same answer every time and keeps its lastIndex', async () => {
    const model = await modelAfter(screen, 20, 4);
    const pattern = /\d/g;
    pattern.lastIndex = 5;
    const answers = [findText(model.snapshot(), pattern), findText(model.snapshot(), pattern)];
    expect(answers).toEqual([
      { row: 1, col: 11, cols: 1, text: '2' },
      { row: 1, col: 11, cols: 1, text: '2' },
    ]);
    expect(pattern.lastIndex).toBe(5);
  });
});

describe('findAllText', () => {
  // Row 0: a menu bar; row 1: wide characters (CJK, emoji) and a combining mark (e + U+0301);
  // row 2: a box whose edges touch the words; row 3: repeats.
  const screen = `File  Edit  Save${E}[2;1H漢字 Save 😀x e\u0301t${E}[3;1H│Save│ Saved  Save${E}[4;1Haaaa aa Save As`;
  const at = (row: number, col: number, cols: number, text: string): TextMatch => ({ row, col, cols, text });

  test.each<[string, string | RegExp, { exact?: boolean; within?: { row: number; col: number; rows: number; cols: number } }, TextMatch[]]>([
    [
      'every occurrence, rows then columns',
      'Save',
      {},
      [at(0, 12, 4, 'Save'), at(1, 5, 4, 'Save'), at(2, 1, 4, 'Save'), at(2, 7, 4, 'Save'), at(2, 14, 4, 'Save'), at(3, 8, 4, 'Save')],
    ],
    [
      "exact: bounded by blanks or the row's ends, not box edges or letters",
      'Save',
      { exact: true },
      [at(0, 12, 4, 'Save'), at(1, 5, 4, 'Save'), at(2, 14, 4, 'Save'), at(3, 8, 4, 'Save')],
    ],
    ['case-sensitive', 'save', {}, []],
    ['wide characters counted as their cells', '字 S', {}, [at(1, 2, 4, '字 S')]],
    ['an emoji: 2 cells', '😀x', {}, [at(1, 10, 3, '😀x')]],
    ['a combining mark adds no cell', 'e\u0301t', {}, [at(1, 14, 2, 'e\u0301t')]],
    ['non-overlapping occurrences', 'aa', {}, [at(3, 0, 2, 'aa'), at(3, 2, 2, 'aa'), at(3, 5, 2, 'aa')]],
    ['exact skips the unbounded and finds the bounded', 'aa', { exact: true }, [at(3, 5, 2, 'aa')]],
    ['inner blanks are part of the text', 'Save As', { exact: true }, [at(3, 8, 7, 'Save As')]],
    ['an empty string matches nothing', '', {}, []],
    [
      'a RegExp: every match, g ignored',
      /S\w+/g,
      {},
      [at(0, 12, 4, 'Save'), at(1, 5, 4, 'Save'), at(2, 1, 4, 'Save'), at(2, 7, 5, 'Saved'), at(2, 14, 4, 'Save'), at(3, 8, 4, 'Save')],
    ],
    ['a RegExp ignores exact', /Save(?= As)/, { exact: true }, [at(3, 8, 4, 'Save')]],
    ["a RegExp's empty matches are skipped", /x*/, {}, [at(1, 12, 1, 'x')]],
    ['within a box: rows and columns cut', 'Save', { within: { row: 1, col: 5, rows: 2, cols: 8 } }, [at(1, 5, 4, 'Save'), at(2, 7, 4, 'Save')]],
    ['within a box, exact at its edges', 'Save', { exact: true, within: { row: 2, col: 1, rows: 1, cols: 4 } }, [at(2, 1, 4, 'Save')]],
    ["$ is the end of the box's text", /\w+$/, { within: { row: 0, col: 0, rows: 1, cols: 10 } }, [at(0, 6, 4, 'Edit')]],
    ['a wide character cut by the box reads as a blank', /\S+/, { within: { row: 1, col: 1, rows: 1, cols: 2 } }, []],
    ['a wide character wholly inside', '字', { within: { row: 1, col: 1, rows: 1, cols: 4 } }, [at(1, 2, 2, '字')]],
    [
      'a string ending in a blank, at the end of rows too',
      'Save ',
      {},
      [at(0, 12, 5, 'Save '), at(1, 5, 5, 'Save '), at(2, 14, 5, 'Save '), at(3, 8, 5, 'Save ')],
    ],
    ['trailing blanks up to the edge of the box', 'Edit  ', { within: { row: 0, col: 6, rows: 1, cols: 6 } }, [at(0, 6, 6, 'Edit  ')]],
    ['no trailing blanks past the edge of the box', 'Edit   ', { within: { row: 0, col: 6, rows: 1, cols: 6 } }, []],
  ])('finds %s', async (_, pattern, options, expected) => {
    const model = await modelAfter(screen, 24, 5);
    expect(findAllText(model.snapshot(), pattern, options)).toEqual(expected);
  });

  test('a global RegExp keeps its lastIndex', async () => {
    const model = await modelAfter(screen, 24, 5);
    const pattern = /Save/g;
    pattern.lastIndex = 3;
    expect(findAllText(model.snapshot(), pattern)).toHaveLength(6);
    expect(pattern.lastIndex).toBe(3);
  });

  test('rectText reads a rectangle: rows right-trimmed, cut wide characters blank', async () => {
    const model = await modelAfter(screen, 24, 5);
    expect(rectText(model.snapshot(), { row: 0, col: 0, rows: 2, cols: 6 })).toBe('File\n漢字 S');
    expect(rectText(model.snapshot(), { row: 1, col: 1, rows: 1, cols: 4 })).toBe(' 字');
    expect(rectText(model.snapshot(), { row: 2, col: 14, rows: 3, cols: 4 })).toBe('Save\ns\n');
  });
});

describe('screens and patterns in messages', () => {
  test('show the screen behind a row-number gutter, blank bottom rows summed up', () => {
    expect(formatScreenBlock('File\n  Open\n\n\n')).toBe('  0 │ File\n  1 │   Open\n      (rows 2-4 blank)');
    expect(formatScreenBlock('a\n')).toBe('  0 │ a\n      (row 1 blank)');
    expect(formatScreenBlock('\n')).toBe('  (every row blank)');
  });

  test.each<[string, string, { row: number; col: number; rows: number; cols: number }[], string]>([
    ['a match', 'File  Edit  View\nx', [{ row: 0, col: 0, rows: 1, cols: 4 }], '  0 │ File  Edit  View\n    │ ^^^^\n  1 │ x'],
    [
      'two on a row',
      'File  Edit\n',
      [
        { row: 0, col: 0, rows: 1, cols: 4 },
        { row: 0, col: 6, rows: 1, cols: 4 },
      ],
      '  0 │ File  Edit\n    │ ^^^^  ^^^^\n      (row 1 blank)',
    ],
    [
      'wide characters by cells',
      '漢字 Save',
      [
        { row: 0, col: 5, rows: 1, cols: 4 },
        { row: 0, col: 2, rows: 1, cols: 2 },
      ],
      '  0 │ 漢字 Save\n    │   ^^ ^^^^',
    ],
    [
      'a rectangle over blank bottom rows keeps them',
      'top\n\n\n\n',
      [{ row: 1, col: 2, rows: 2, cols: 3 }],
      '  0 │ top\n  1 │\n    │   ^^^\n  2 │\n    │   ^^^\n      (rows 3-4 blank)',
    ],
  ])('mark %s with ^ under the cells', (_, text, marks, expected) => {
    expect(formatScreenBlock(text, marks)).toBe(expected);
  });

  test('a text taller than SCREEN.messageRows shows the rows near a mark and the last rows, each gap as one line', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const lines = formatScreenBlock(text, [{ row: 10, col: 0, rows: 1, cols: 4 }]).split('\n');
    expect(lines.slice(0, 10)).toEqual([
      '       (rows 0-6 not shown)',
      '   7 │ line 7',
      '   8 │ line 8',
      '   9 │ line 9',
      '  10 │ line 10',
      '     │ ^^^^',
      '  11 │ line 11',
      '  12 │ line 12',
      '  13 │ line 13',
      '       (rows 14-69 not shown)',
    ]);
    expect(lines.slice(10)).toEqual(Array.from({ length: 30 }, (_, i) => `  ${70 + i} │ line ${70 + i}`));
    expect(formatScreenBlock(Array.from({ length: 60 }, () => 'x').join('\n')).split('\n')).toHaveLength(60);
  });

  test('a message with the screen under it', () => {
    expect(formatWithScreen('It failed.', 'oops\n\n')).toBe('It failed.\n\nScreen:\n  0 │ oops\n      (rows 1-2 blank)');
  });

  test('quote a string pattern and show a RegExp as written', () => {
    expect(formatPattern('Open')).toBe("'Open'");
    expect(formatPattern(/Op+en/i)).toBe('/Op+en/i');
    expect(formatPattern("it's")).toBe("'it\\'s'");
    expect(formatPattern('say "hi"')).toBe(`'say "hi"'`);
    expect(formatPattern('a\nb\tc')).toBe("'a\\nb\\tc'");
    expect(formatPattern('C:\\dir\\"x"')).toBe(`'C:\\\\dir\\\\"x"'`);
    expect(formatPattern('\u001b[1m')).toBe("'\\u001b[1m'");
  });
});
