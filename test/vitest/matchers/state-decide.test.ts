// The pure decisions of the terminal-state matchers, as tables.
import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../../src/errors.js';
import { DARK_THEME, LIGHT_THEME } from '../../../src/render/index.js';
import type { Cell, Color, Cursor } from '../../../src/snapshot.js';
import {
  checkCursor,
  checkCursorAt,
  checkMode,
  checkStyle,
  cursorHolds,
  decideColor,
  decideLink,
  decideStyle,
  formatCursor,
  parseColor,
  titleHolds,
} from '../../../src/vitest/matchers/state-decide.js';
import type { ColorCheck } from '../../../src/vitest/matchers/state-decide.js';
import { BLANK, palette, row, screen } from '../build-snapshot.js';

const rgb = (r: number, g: number, b: number): Color => ({ kind: 'rgb', r, g, b });
const DEFAULT: Color = { kind: 'default' };

describe('parseColor', () => {
  test.each<[unknown, Color]>([
    ['default', DEFAULT],
    [0, palette(0)],
    [208, palette(208)],
    [255, palette(255)],
    ['#ff8700', rgb(255, 135, 0)],
    ['#FF8700', rgb(255, 135, 0)],
    [[1, 2, 3], rgb(1, 2, 3)],
  ])('%j', (input, color) => {
    expect(parseColor(input, 'toHaveFgColor')).toEqual(color);
  });

  test.each<[unknown, string]>([
    [256, '256'],
    [-1, '-1'],
    [1.5, '1.5'],
    ['#ff', "the string '#ff'"],
    ['red', "the string 'red'"],
    [[1, 2], '[1, 2]'],
    [[1, 2, 300], '[1, 2, 300]'],
    [undefined, 'undefined'],
  ])('refuses %j', (input, got) => {
    expect(() => parseColor(input, 'toHaveFgColor')).toThrow(
      new ConfigError(`toHaveFgColor() takes a colour: a palette index 0–255, '#rrggbb', [r, g, b] with channels 0–255, or 'default'; got ${got}.`),
    );
  });
});

describe('decideColor', () => {
  const check = (role: 'fg' | 'bg', expected: Color, extra: Partial<ColorCheck> = {}): ColorCheck => ({
    role,
    expected,
    raw: false,
    theme: DARK_THEME,
    boldIsBright: false,
    ...extra,
  });
  const one = (cell: Partial<Cell>, chars = 'X') => screen([[{ ...BLANK, ...cell, chars }]], 1);
  const all = { col: 0, row: 0, cols: 1, rows: 1 };

  const drawnHint = (stored: string, drawn: string) =>
    `Stored, these cells hold fg ${stored} as expected, but they are drawn in another colour (see above). Pass { raw: true } to compare the stored colour, or expect the drawn one: toHaveFgColor('${drawn}').`;
  const storedHint = (expected: string, stored: string) =>
    `As drawn, these cells are fg ${expected} as expected, but they store another colour. Leave out { raw: true } to compare the drawn colour, or expect the stored one: toHaveFgColor(${stored}, { raw: true }).`;

  test.each<[string, Partial<Cell>, ColorCheck, string[], string?]>([
    ['palette as its theme RGB', { fg: palette(1) }, check('fg', rgb(0xcc, 0, 0)), []],
    ['256-colour palette 208 as #ff8700', { fg: palette(208) }, check('fg', rgb(255, 135, 0)), []],
    ['RGB as a palette index of the same colour', { fg: rgb(0xcc, 0, 0) }, check('fg', palette(1)), []],
    ['default as the theme foreground', {}, check('fg', DEFAULT), []],
    ['default is not black', {}, check('fg', rgb(0, 0, 0)), ['row 0 col 0: fg default (#ffffff), expected #000000']],
    ['a light theme’s default foreground', {}, check('fg', rgb(0x2e, 0x34, 0x36), { theme: LIGHT_THEME }), []],
    ['a wrong palette colour', { fg: palette(1) }, check('fg', rgb(0, 0xcd, 0)), ['row 0 col 0: fg palette 1 (#cc0000), expected #00cd00']],
    ['expected as a palette index', { fg: palette(1) }, check('fg', palette(2)), ['row 0 col 0: fg palette 1 (#cc0000), expected palette 2 (#4e9a06)']],
    [
      'inverse swaps',
      { fg: palette(1), inverse: true },
      check('fg', palette(1)),
      ['row 0 col 0: fg drawn #000000 (stored fg palette 1, bg default; inverse), expected palette 1 (#cc0000)'],
      drawnHint('palette 1', '#000000'),
    ],
    [
      'bold drawn bright: the stored colour matches, the drawn one does not',
      { fg: palette(4), bold: true },
      check('fg', palette(4), { boldIsBright: true }),
      ['row 0 col 0: fg drawn #729fcf (stored fg palette 4, bg default; bold as bright), expected palette 4 (#3465a4)'],
      drawnHint('palette 4', '#729fcf'),
    ],
    ['inverse draws the background as fg', { fg: palette(1), bg: palette(4), inverse: true }, check('fg', palette(4)), []],
    ['dim blends half-way to the background', { fg: rgb(200, 100, 0), dim: true }, check('fg', rgb(100, 50, 0)), []],
    ['bold as bright when the theme says so', { fg: palette(1), bold: true }, check('fg', palette(9), { boldIsBright: true }), []],
    ['bold stays when it does not', { fg: palette(1), bold: true }, check('fg', palette(1)), []],
    ['raw: the stored palette index', { fg: palette(1) }, check('fg', palette(1), { raw: true }), []],
    [
      'raw: RGB is not the same palette colour',
      { fg: rgb(0xcc, 0, 0) },
      check('fg', palette(1), { raw: true }),
      ['row 0 col 0: fg #cc0000, expected palette 1'],
      storedHint('palette 1 (#cc0000)', "'#cc0000'"),
    ],
    ['raw: inverse is not applied', { fg: palette(1), inverse: true }, check('fg', palette(1), { raw: true }), []],
    [
      'raw: default is the stored default',
      { fg: rgb(255, 255, 255) },
      check('fg', DEFAULT, { raw: true }),
      ['row 0 col 0: fg #ffffff, expected default'],
      storedHint('default (#ffffff)', "'#ffffff'"),
    ],
    [
      'raw: the stored palette index of a colour drawn as expected',
      { fg: palette(4), bold: true },
      check('fg', rgb(0x72, 0x9f, 0xcf), { raw: true, boldIsBright: true }),
      ['row 0 col 0: fg palette 4, expected #729fcf'],
      storedHint('#729fcf', '4'),
    ],
    ['background', { bg: palette(4) }, check('bg', rgb(0x34, 0x65, 0xa4)), []],
    [
      'background default as the theme background',
      { bg: palette(4) },
      check('bg', DEFAULT),
      ['row 0 col 0: bg palette 4 (#3465a4), expected default (#000000)'],
    ],
  ])('%s', (_, cell, colorCheck, lines, hint) => {
    const outcome = decideColor(one(cell), all, colorCheck);
    expect(outcome).toEqual(lines.length ? { kind: 'fail', checked: 1, lines, ...(hint ? { hint } : {}) } : { kind: 'pass', checked: 1 });
  });

  test('the hint names the drawn colour only when the failing cells share one, and comes only when all would pass stored', () => {
    const snapshot = screen(
      [
        [
          { ...BLANK, chars: 'a', fg: palette(1), inverse: true },
          { ...BLANK, chars: 'b', fg: palette(1), bold: true },
        ],
      ],
      2,
    );
    const match = { col: 0, row: 0, cols: 2, rows: 1 };
    expect(decideColor(snapshot, match, check('fg', palette(1), { boldIsBright: true }))).toMatchObject({
      hint: 'Stored, these cells hold fg palette 1 as expected, but they are drawn in another colour (see above). Pass { raw: true } to compare the stored colour.',
    });
    const mixed = screen(
      [
        [
          { ...BLANK, chars: 'a', fg: palette(1), bold: true },
          { ...BLANK, chars: 'b', fg: palette(2) },
        ],
      ],
      2,
    );
    expect(decideColor(mixed, match, check('fg', palette(1), { boldIsBright: true }))).not.toHaveProperty('hint');
  });

  test('invisible text (SGR 8) draws no glyph: as drawn its foreground is not checked, raw it is', () => {
    const snapshot = screen([row('hid', 3, { fg: palette(1), invisible: true })], 3);
    const match = { col: 0, row: 0, cols: 3, rows: 1 };
    expect(decideColor(snapshot, match, check('fg', palette(1)))).toEqual({ kind: 'empty' });
    expect(decideColor(snapshot, match, check('fg', palette(1), { raw: true }))).toEqual({ kind: 'pass', checked: 3 });
  });

  test('the foreground counts on glyph cells only, the background on every cell of the match', () => {
    const snapshot = screen([row('a b', 5, { fg: palette(2), bg: palette(4) })], 5);
    const match = { col: 0, row: 0, cols: 4, rows: 1 };
    expect(decideColor(snapshot, match, check('fg', palette(2)))).toEqual({ kind: 'pass', checked: 2 });
    expect(decideColor(snapshot, match, check('bg', palette(4)))).toEqual({
      kind: 'fail',
      checked: 4,
      lines: ['row 0 col 3: bg default (#000000), expected palette 4 (#3465a4)'],
    });
  });

  test('a match without a glyph has no foreground to check', () => {
    const snapshot = screen([row('   ', 3, { bg: palette(4) })], 3);
    expect(decideColor(snapshot, { col: 0, row: 0, cols: 3, rows: 1 }, check('fg', DEFAULT))).toEqual({ kind: 'empty' });
  });
});

describe('decideLink', () => {
  const url = 'https://example.com/docs';
  const snapshot = screen(
    [
      [
        { ...BLANK, chars: 'a', link: url },
        { ...BLANK, chars: 'b', link: 'file:///x' },
        { ...BLANK, chars: 'c' },
      ],
    ],
    3,
  );
  test.each<[number, string | RegExp, string[]]>([
    [1, url, []],
    [1, /example\.com/g, []],
    [1, 'https://example.com', ['row 0 col 0: link "https://example.com/docs"']],
    [3, url, ['row 0 col 1: link "file:///x"', 'row 0 col 2: no link']],
    [3, /^(https|file):/, ['row 0 col 2: no link']],
  ])('%i cells, %s', (cols, expected, lines) => {
    const outcome = decideLink(snapshot, { col: 0, row: 0, cols, rows: 1 }, expected);
    expect(outcome).toEqual(lines.length ? { kind: 'fail', checked: cols, lines } : { kind: 'pass', checked: cols });
  });
});

describe('checkStyle and decideStyle', () => {
  const cell: Cell = { ...BLANK, chars: 'X', bold: true, underline: 'curly', underlineColor: palette(9) };
  const snapshot = screen([[cell]], 1);
  const all = { col: 0, row: 0, cols: 1, rows: 1 };

  test.each<[object, string[]]>([
    [{ bold: true }, []],
    [{ bold: false }, ['row 0 col 0: bold true, expected false']],
    [{ underline: true }, []],
    [{ underline: 'curly' }, []],
    [{ underline: 'single' }, ["row 0 col 0: underline 'curly', expected 'single'"]],
    [{ underline: false, italic: true }, ["row 0 col 0: italic false, expected true; underline 'curly', expected false"]],
    [{ underlineColor: 9 }, []],
    [{ underlineColor: 'default' }, ['row 0 col 0: underlineColor palette 9, expected default']],
    [{ dim: false, inverse: false, strikethrough: false, overline: false, blink: false, invisible: false }, []],
  ])('%j', (style, lines) => {
    const outcome = decideStyle(snapshot, all, checkStyle(style));
    expect(outcome).toEqual(lines.length ? { kind: 'fail', checked: 1, lines } : { kind: 'pass', checked: 1 });
  });

  const keys = 'bold, dim, italic, underline, underlineColor, inverse, strikethrough, overline, blink, invisible';
  test.each<[unknown, string]>([
    [{ blod: true }, `toHaveStyle(): unknown style 'blod'. Did you mean 'bold'? Styles: ${keys}.`],
    [{ color: 1 }, `toHaveStyle(): unknown style 'color'. Styles: ${keys}.`],
    [{}, `toHaveStyle() takes an object with one or more of { ${keys} }; got an empty object.`],
    ['bold', `toHaveStyle() takes an object with one or more of { ${keys} }; got the string 'bold'.`],
    [{ bold: 1 }, 'toHaveStyle(): bold takes true or false; got 1.'],
    [{ underline: 'wavy' }, "toHaveStyle(): underline takes true, false, 'single', 'double', 'curly', 'dotted' or 'dashed'; got the string 'wavy'."],
    [
      { underlineColor: 256 },
      "toHaveStyle({ underlineColor })() takes a colour: a palette index 0–255, '#rrggbb', [r, g, b] with channels 0–255, or 'default'; got 256.",
    ],
  ])('refuses %j', (style, message) => {
    expect(() => checkStyle(style)).toThrow(new ConfigError(message));
  });
});

describe('cursor, title and modes', () => {
  const cursor: Cursor = { col: 4, row: 2, visible: true, shape: 'bar', blinking: true };

  test.each<[object, boolean]>([
    [{ visible: true }, true],
    [{ shape: 'bar' }, true],
    [{ shape: 'bar', blinking: false }, false],
    [{ visible: false }, false],
  ])('cursorHolds %j', (expected, holds) => {
    expect(cursorHolds(cursor, checkCursor(expected))).toBe(holds);
  });

  test('formatCursor', () => {
    expect(formatCursor(cursor)).toBe('row 2 col 4, visible, blinking bar');
  });

  test.each<[unknown, string]>([
    [{ shape: 'beam' }, "got shape: the string 'beam'."],
    [{ visible: 'yes' }, "got visible: the string 'yes'."],
    [{ color: 1 }, 'got color: 1.'],
  ])('toHaveCursor refuses %j', (expected, got) => {
    expect(() => checkCursor(expected)).toThrow(
      new ConfigError(`toHaveCursor() takes { visible?: boolean, shape?: 'block' | 'bar' | 'underline', blinking?: boolean }; ${got}`),
    );
  });

  test.each<[unknown, string]>([
    [{ col: 1 }, 'an object { col }'],
    [{ col: 1, row: -1 }, 'an object { col, row }'],
    [{ x: 1, y: 2 }, 'an object { x, y }'],
    [[1, 2], 'an array of 2'],
  ])('toHaveCursorAt refuses %j', (position, got) => {
    expect(() => checkCursorAt(position)).toThrow(new ConfigError(`toHaveCursorAt() takes { col, row }, whole cells from 0; got ${got}.`));
  });

  test('checkMode names the closest mode', () => {
    expect(checkMode('bracketedPaste')).toBe('bracketedPaste');
    expect(() => checkMode('bracketPaste')).toThrow(
      new ConfigError(
        "toBeInMode(): unknown mode 'bracketPaste'. Did you mean 'bracketedPaste'? Modes: alternateScreen, mouseTracking, bracketedPaste, " +
          'applicationCursorKeys, applicationKeypad, focusEvents, synchronizedOutput, autoWrap, originMode, insertMode.',
      ),
    );
  });

  test.each<[string, string | RegExp, boolean]>([
    ['vim: a.txt', 'vim: a.txt', true],
    ['vim: a.txt', 'vim', false],
    ['vim: a.txt', /^vim: /g, true],
    ['', '', true],
  ])('titleHolds(%j, %s)', (title, expected, holds) => {
    expect(titleHolds(title, expected)).toBe(holds);
  });
});
