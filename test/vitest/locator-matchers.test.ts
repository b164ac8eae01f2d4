// The locator matchers end to end: Vitest runs a project of tests on the menu fixture, and each
// failure's message is checked whole.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult } from './run-vitest.js';

let project: FixtureProject;
let result: RunResult;
beforeAll(async () => {
  project = await createProject('locators');
  result = await project.run();
}, 120_000);
afterAll(() => project.dispose());

const errorOf = (name: string) => result.tests.get(`locators.test.js > ${name}`)?.errors[0];
const stateOf = (name: string) => result.tests.get(`locators.test.js > ${name}`)?.state;

const MENU_TOP = ['   0 │ ┌────────────────────────────┐', '   1 │ │ Menu                       │', '   2 │ ├────────────────────────────┤'];
const MENU_END = ['   8 │ └────────────────────────────┘', '   9 │ Use arrows, Enter to choose, q to quit', '       (rows 10-11 blank)'];

test('pass, waiting for the app, with and without .not', () => {
  expect(errorOf('pass and wait for the app')).toBeUndefined();
  expect(stateOf('pass and wait for the app')).toBe('passed');
});

test('toBeVisible times out with the scope it searched marked', () => {
  expect(errorOf('toBeVisible times out')).toBe(
    [
      'expect(locator).toBeVisible()',
      '',
      "Locator: region({ row: 3, col: 1, rows: 2, cols: 12 }).getByText('Exit')",
      'Expected it to match one place within 200 ms, but it matches none. ^ marks where it searched: region({ row: 3, col: 1, rows: 2, cols: 12 }).',
      '',
      'Screen:',
      ...MENU_TOP,
      '   3 │ │ > Open                     │',
      '     │  ^^^^^^^^^^^^',
      '   4 │ │   Save                     │',
      '     │  ^^^^^^^^^^^^',
      '   5 │ │   Settings                 │',
      '   6 │ │   Help                     │',
      '   7 │ │   Quit                     │',
      ...MENU_END,
    ].join('\n'),
  );
});

test('.not.toBeVisible times out with the match marked', () => {
  expect(errorOf('not.toBeVisible times out')).toBe(
    [
      'expect(locator).not.toBeVisible()',
      '',
      "Locator: getByText('Quit')",
      'Expected it to match nothing within 200 ms, but it still matches at row 7 col 4. ^ marks its matches.',
      '',
      'Screen:',
      ...MENU_TOP,
      '   3 │ │ > Open                     │',
      '   4 │ │   Save                     │',
      '   5 │ │   Settings                 │',
      '   6 │ │   Help                     │',
      '   7 │ │   Quit                     │',
      '     │     ^^^^',
      ...MENU_END,
    ].join('\n'),
  );
});

test('toHaveText says what the text was', () => {
  expect(errorOf('toHaveText times out')).toBe(
    [
      "expect(locator).toHaveText('> Save')",
      '',
      'Locator: getByText(/> \\w+/)',
      "Expected its text to be '> Save' within 200 ms, but it is '> Open'. ^ marks its matches.",
      '',
      'Screen:',
      ...MENU_TOP,
      '   3 │ │ > Open                     │',
      '     │   ^^^^^^',
      '   4 │ │   Save                     │',
      '   5 │ │   Settings                 │',
      '   6 │ │   Help                     │',
      '   7 │ │   Quit                     │',
      ...MENU_END,
    ].join('\n'),
  );
});

test('toHaveCount lists the matches it found', () => {
  expect(errorOf('toHaveCount times out')).toBe(
    [
      'expect(locator).toHaveCount(4)',
      '',
      'Locator: getByText(/^│ . \\w+/)',
      'Expected it to match 4 places within 200 ms, but it matches 5 (row 3 col 0, row 4 col 0, row 5 col 0, row 6 col 0, row 7 col 0). ^ marks its matches.',
      '',
      'Screen:',
      ...MENU_TOP,
      '   3 │ │ > Open                     │',
      '     │ ^^^^^^^^',
      '   4 │ │   Save                     │',
      '     │ ^^^^^^^^',
      '   5 │ │   Settings                 │',
      '     │ ^^^^^^^^^^^^',
      '   6 │ │   Help                     │',
      '     │ ^^^^^^^^',
      '   7 │ │   Quit                     │',
      '     │ ^^^^^^^^',
      ...MENU_END,
    ].join('\n'),
  );
});

test('several matches fail at once (the test gave 20 s), with or without .not', () => {
  expect(errorOf('strict at once, with or without .not')).toBe(
    [
      "expect(locator).toHaveText('Save')",
      '',
      "Locator: getByText('Save')",
      'Strict mode violation: it matches 2 places (row 4 col 4, row 9 col 10); toHaveText needs one. Choose with .first(), .last() or .nth(i), or narrow it. ^ marks its matches.',
      '',
      'Screen:',
      ...MENU_TOP,
      '   3 │ │   Open                     │',
      '   4 │ │ > Save                     │',
      '     │     ^^^^',
      '   5 │ │   Settings                 │',
      '   6 │ │   Help                     │',
      '   7 │ │   Quit                     │',
      '   8 │ └────────────────────────────┘',
      '   9 │ Selected: Save',
      '     │           ^^^^',
      '       (rows 10-11 blank)',
    ].join('\n'),
  );
  expect(result.tests.get('locators.test.js > strict at once, with or without .not')?.duration).toBeLessThan(10_000);
});

test('anything but a locator is refused, saying what the matcher takes', () => {
  // The app's final screen will not change: no waiting out the 15 s (the test's timeout is 20 s).
  expect(errorOf('fails at once once the app has exited')).toBe(
    [
      'expect(locator).not.toBeVisible()',
      '',
      "Locator: getByText('bye')",
      'Expected it to match nothing before the app exited (exit status 3), but it still matches at row 0 col 0. ^ marks its matches.',
      '',
      'Screen:',
      '  0 │ bye',
      '    │ ^^^',
      '      (rows 1-2 blank)',
    ].join('\n'),
  );
  expect(errorOf('not a locator')).toBe(
    "expect(locator).toBeVisible()\n\nExpected a Locator (tmuxApp.getByText('…'), tmuxApp.region({ … })), but received an object { cols, rows, cells, cursor, … }.",
  );
});

test("a locator leads to its app's test: its deadline holds among concurrent tests with the global expect", () => {
  expect(errorOf('uses the timeout of the test the locator belongs to')).toMatch(
    /^expect\(locator\)\.toBeVisible\(\)\n\nLocator: getByText\('Exit'\)\nExpected it to match one place within \d+ ms \(what was left of the test's 2500 ms timeout\), but it matches none\.\n\nScreen:\n {3}0 │ ┌/,
  );
  expect(stateOf('a concurrent test started later, with a longer timeout')).toBe('passed');
});
