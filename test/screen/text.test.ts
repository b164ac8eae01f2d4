import { describe, expect, test } from 'vitest';
import { findText, formatPattern, formatScreenBlock, formatWithScreen, snapshotText } from '../../src/screen/index.js';
import { E, modelAfter } from './helpers.js';

describe('snapshotText', () => {
  test('joins rows with \\n, trims trailing spaces, keeps leading and inner blanks, reads wide characters once', async () => {
    const model = await modelAfter(`  a  b   \r\n${E}[2;10H漢字\r\n\r\n${E}[44m   `, 14, 4);
    expect(snapshotText(model.snapshot())).toBe('  a  b\n         漢字\n\n');
    expect(model.text()).toBe(snapshotText(model.snapshot()));
  });
});

describe('findText', () => {
  const screen = `one${E}[2;3H漢字 two 2${E}[3;1Hthree 3  `;

  test.each<[string, string | RegExp, { row: number; col: number; text: string } | undefined]>([
    ['a string', 'two', { row: 1, col: 7, text: 'two' }],
    ['after wide characters, in cells', '字', { row: 1, col: 4, text: '字' }],
    ['a RegExp, first row first', /\d/, { row: 1, col: 11, text: '2' }],
    ['a RegExp with groups', /t(hr)ee/, { row: 2, col: 0, text: 'three' }],
    ['a case-insensitive RegExp', /THREE/i, { row: 2, col: 0, text: 'three' }],
    ['$ as the end of the visible row', /\d$/, { row: 1, col: 11, text: '2' }],
    ['an empty match at the end of a row', /(?<=one)$/, { row: 0, col: 3, text: '' }],
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
      { row: 1, col: 11, text: '2' },
      { row: 1, col: 11, text: '2' },
    ]);
    expect(pattern.lastIndex).toBe(5);
  });
});

describe('screens and patterns in messages', () => {
  test('show the screen behind a row-number gutter, blank bottom rows summed up', () => {
    expect(formatScreenBlock('File\n  Open\n\n\n')).toBe('  0 │ File\n  1 │   Open\n      (rows 2-4 blank)');
    expect(formatScreenBlock('a\n')).toBe('  0 │ a\n      (row 1 blank)');
    expect(formatScreenBlock('\n')).toBe('  (every row blank)');
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
