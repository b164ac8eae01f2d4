// The terminal-state matchers end to end: Vitest runs a project of tests on real apps (ls, vim,
// htop, less and the printf fixtures sgr.sh and modes.sh), and each failure's message is checked whole.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult } from './run-vitest.js';

let project: FixtureProject;
let result: RunResult;
beforeAll(async () => {
  project = await createProject('state');
  result = await project.run();
}, 180_000);
afterAll(() => project.dispose());

const errorOf = (name: string) => result.tests.get(`state.test.js > ${name}`)?.errors[0];

const SGR_SCREEN = [
  '  0 │ red orange rgb bluebg plain',
  '  1 │ bold dim italic inverse strike over blink hidden',
  '  2 │ single double curly dotted dashed dbl21',
  '  3 │ ul9 ulrgb ul59',
  '  4 │ invdim strong  padded',
];
const MODES_SCREEN = ['Screen:', '  0 │ modes on', '  1 │', '    │ ^', '      (rows 2-3 blank)'];

test.each([
  'ls --color: a directory is bold blue, a file the default colour',
  'vim: syntax colours of a shell script, and the cursor shape in insert and normal mode',
  'htop: meter labels, brackets, tabs and the function bar',
  'every SGR colour form and attribute',
  'a light theme resolves default colours to its own',
  'less: the alternate screen while it runs, the main one after q',
  'title, bracketed paste, mouse and focus modes, and the bar cursor of a printf app',
])('passes on real apps: %s', (name) => {
  expect([errorOf(name), result.tests.get(`state.test.js > ${name}`)?.state]).toEqual([undefined, 'passed']);
});

test('toHaveFgColor lists each glyph cell that differs, as drawn', () => {
  expect(errorOf('fg fails')).toBe(
    [
      "expect(locator).toHaveFgColor('#00cd00')",
      '',
      "Locator: getByText('dir')",
      'Expected its match at row 0 col 0 to have fg #00cd00 on all its glyph cells within 200 ms, but 3 of 3 do not:',
      'row 0 col 0: fg drawn #729fcf (stored fg palette 4, bg default; bold as bright), expected #00cd00',
      'row 0 col 1: fg drawn #729fcf (stored fg palette 4, bg default; bold as bright), expected #00cd00',
      'row 0 col 2: fg drawn #729fcf (stored fg palette 4, bg default; bold as bright), expected #00cd00',
      '^ marks its matches.',
      '',
      'Screen:',
      '  0 │ dir  file.txt',
      '    │ ^^^',
      '      (rows 1-2 blank)',
    ].join('\n'),
  );
});

test('raw compares the stored colour, and at most VITEST_CONSTANTS.listedCells cells are listed', () => {
  expect(errorOf('raw fg fails')).toBe(
    [
      "expect(locator).toHaveFgColor('#ff8700', { raw: true })",
      '',
      "Locator: getByText('orange')",
      'Expected its match at row 0 col 4 to have fg #ff8700 (stored) on all its glyph cells within 200 ms, but 6 of 6 do not:',
      ...[4, 5, 6, 7, 8].map((col) => `row 0 col ${col}: fg palette 208, expected #ff8700`),
      '...and 1 more cell',
      'As drawn, these cells are fg #ff8700 as expected, but they store another colour. Leave out { raw: true } to compare the drawn colour, or expect the stored one: toHaveFgColor(208, { raw: true }).',
      '^ marks its matches.',
      '',
      'Screen:',
      SGR_SCREEN[0],
      '    │     ^^^^^^',
      ...SGR_SCREEN.slice(1),
    ].join('\n'),
  );
});

test('.not.toHaveBgColor says every cell has it', () => {
  expect(errorOf('not bg fails')).toBe(
    [
      'expect(locator).not.toHaveBgColor(4)',
      '',
      "Locator: getByText('bluebg')",
      'Expected its match at row 0 col 15 not to have bg palette 4 on all its cells within 200 ms, but all 6 do.',
      '^ marks its matches.',
      '',
      'Screen:',
      SGR_SCREEN[0],
      '    │                ^^^^^^',
      ...SGR_SCREEN.slice(1),
    ].join('\n'),
  );
});

test('toHaveStyle lists the keys that differ per cell', () => {
  expect(errorOf('style fails with more cells than listed')).toBe(
    [
      'expect(locator).toHaveStyle({ bold: true, italic: true })',
      '',
      "Locator: getByText('italic')",
      'Expected its match at row 1 col 9 to have style { bold: true, italic: true } on all its cells within 200 ms, but 6 of 6 do not:',
      ...[9, 10, 11, 12, 13].map((col) => `row 1 col ${col}: bold false, expected true`),
      '...and 1 more cell',
      '^ marks its matches.',
      '',
      'Screen:',
      ...SGR_SCREEN.slice(0, 2),
      '    │          ^^^^^^',
      ...SGR_SCREEN.slice(2),
    ].join('\n'),
  );
});

test('a foreground on blank cells fails, saying why', () => {
  expect(errorOf('fg of blank cells fails')).toBe(
    [
      "expect(locator).toHaveFgColor('default')",
      '',
      'Locator: region({ row: 4, col: 40, rows: 1, cols: 3 })',
      'Expected its match at row 4 col 40 to have fg default within 200 ms, but it has no glyph cells: blank cells, spaces and invisible text (SGR 8) draw no foreground. ' +
        'Check the background, a locator on the text, or { raw: true } for the stored colour.',
      '^ marks its matches.',
      '',
      'Screen:',
      ...SGR_SCREEN,
      `    │ ${' '.repeat(40)}^^^`,
    ].join('\n'),
  );
});

test('a colour matcher on the whole app points at its locators; a bad colour is a ConfigError', () => {
  expect(errorOf('fg on the whole app fails')).toBe(
    [
      'expect(tmuxApp).toHaveFgColor(1)',
      '',
      "Expected a Locator: tmuxApp.getByText('…'), or tmuxApp.region({ row, col, rows: 1, cols: 1 }) for one cell, " +
        "but received a whole app; say which cells, e.g. expect(tmuxApp.getByText('Save')).",
    ].join('\n'),
  );
  expect(errorOf('a bad colour fails')).toBe(
    "toHaveFgColor() takes a colour: a palette index 0–255, '#rrggbb', [r, g, b] with channels 0–255, or 'default'; got 256.",
  );
});

test.each([
  [
    'cursor position fails',
    'expect(tmuxApp).toHaveCursorAt({ col: 3, row: 0 })',
    'Expected the cursor at row 0 col 3 within 200 ms, but it is at row 1 col 0.',
  ],
  [
    'cursor shape fails',
    "expect(tmuxApp).toHaveCursor({ shape: 'underline', blinking: true })",
    "Expected the cursor to be { shape: 'underline', blinking: true } within 200 ms, but it is row 1 col 0, visible, steady bar.",
  ],
  ['not title fails', 'expect(tmuxApp).not.toHaveTitle(/demo/)', "Expected the title not to match /demo/ within 200 ms, but it is 'modes demo'."],
  [
    'mode fails',
    "expect(tmuxApp).toBeInMode('alternateScreen')",
    'Expected the terminal in alternateScreen within 200 ms, but it is not. Modes on: mouseTracking, bracketedPaste, focusEvents, autoWrap.',
  ],
  [
    'a snapshot fails at once',
    "expect(screen).toBeInMode('insertMode')",
    'Expected the terminal in insertMode, but it is not. Modes on: mouseTracking, bracketedPaste, focusEvents, autoWrap.',
  ],
])('%s with the screen and the cursor marked', (name, header, sentence) => {
  expect(errorOf(name)).toBe([header, '', sentence, '^ marks the cursor.', '', ...MODES_SCREEN].join('\n'));
});

test('a live app that exited fails at once, not at the timeout: its screen is final', () => {
  expect(errorOf('a title after the app exited fails at once')).toBe(
    [
      "expect(tmuxApp).toHaveTitle('other')",
      '',
      "Expected the title to be 'other' before the app exited (exit status 0), but it is 'gone'.",
      '^ marks the cursor.',
      '',
      'Screen:',
      '  0 │ bye',
      '    │    ^',
      '      (row 1 blank)',
    ].join('\n'),
  );
});

test('a closed app fails at once, on its last screen, saying it is closed', () => {
  expect(errorOf('a title of a closed app fails at once')).toBe(
    [
      "expect(tmuxApp).toHaveTitle('other')",
      '',
      "Expected the title to be 'other' on the closed app's last screen, but it is 'gone'.",
      '^ marks the cursor.',
      '',
      'Screen:',
      '  0 │ bye',
      '    │    ^',
      '      (row 1 blank)',
    ].join('\n'),
  );
  expect(errorOf('a colour on a closed app fails at once')).toBe(
    [
      'expect(locator).toHaveFgColor(1)',
      '',
      "Locator: getByText('bye')",
      "Expected its match at row 0 col 0 to have fg palette 1 on all its glyph cells on the closed app's last screen, but 3 of 3 do not:",
      'row 0 col 0: fg default (#ffffff), expected palette 1 (#cc0000)',
      'row 0 col 1: fg default (#ffffff), expected palette 1 (#cc0000)',
      'row 0 col 2: fg default (#ffffff), expected palette 1 (#cc0000)',
      '^ marks its matches.',
      '',
      'Screen:',
      '  0 │ bye',
      '    │ ^^^',
      '      (row 1 blank)',
    ].join('\n'),
  );
  for (const name of ['a title of a closed app fails at once', 'a colour on a closed app fails at once']) {
    expect(result.tests.get(`state.test.js > ${name}`)!.duration).toBeLessThan(5000);
  }
});

test('a cursor matcher on a snapshot is checked at once: without await it still fails its own test', () => {
  expect(errorOf('a cursor matcher on a snapshot without await fails its own test')!.split('\n').slice(0, 3)).toEqual([
    'expect(screen).toHaveCursorAt({ col: 9, row: 3 })',
    '',
    'Expected the cursor at row 3 col 9, but it is at row 1 col 0.',
  ]);
});

test('an unknown mode is a ConfigError naming the closest', () => {
  expect(errorOf('an unknown mode fails')).toBe(
    "toBeInMode(): unknown mode 'mouse'. Did you mean 'mouseTracking'? Modes: alternateScreen, mouseTracking, bracketedPaste, " +
      'applicationCursorKeys, applicationKeypad, focusEvents, synchronizedOutput, autoWrap, originMode, insertMode.',
  );
});
