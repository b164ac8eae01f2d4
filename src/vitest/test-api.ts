/**
 * What a test file gets from `tmux-shot/vitest`: Vitest's `test` and `it` extended with the
 * fixtures, `describe`, and `expect` with the matchers registered and typed. Importing it also
 * empties the file's attachments folder before its tests run (see `clearEvidence`), and reports
 * (or, with `-u`, removes) the baselines none of the file's tests used, once they ran; both need
 * Vitest's default `isolate: true` (modules run again for each file).
 */
import { afterAll, beforeAll, expect, test as vitestTest } from 'vitest';
import type { MatcherState, TestAPI } from 'vitest';
import { clearEvidence } from './evidence.js';
import { tmuxShotFixtures } from './fixtures.js';
import type { TmuxShotTestFixtures, TmuxShotWorkerFixtures } from './fixtures.js';
import type { ScreenshotOptions, ScreenTextOptions, ToShowTextOptions } from './options.js';
import { reportUnusedBaselines, readUpdateMode, sweepUpdateMode } from './screenshot/baselines.js';
import { VITEST_CONSTANTS } from '../defaults.js';
import { subjectOf } from './subject.js';
import { loggedAsSteps } from './matcher-steps.js';
import { toMatchScreenshot } from './screenshot/matcher.js';
import { toMatchScreenText, toShowText } from './text-matchers.js';
import { toBeVisible, toHaveCount, toHaveText } from './locator-matchers.js';
import type { LocatorAssertionOptions } from './locator-matchers.js';
import { toBeInMode, toHaveBgColor, toHaveCursor, toHaveCursorAt, toHaveFgColor, toHaveStyle, toHaveTitle } from './state-matchers.js';
import type { StateAssertionOptions } from './state-matchers.js';
import type { ColorInput, CursorExpectation, StyleExpectation } from './state-decide.js';
import type { ColorAssertionOptions } from './options.js';
import type { TerminalMode } from '../snapshot.js';

export { describe, expect } from 'vitest';

declare module 'vitest' {
  interface Matchers<T = any> {
    /**
     * Compares the screen with its baseline `<test dir>/__screenshots__/<test file>/<name>.png`
     * (auto-named `<test name> <n>` when `name` is left out). Await it.
     * @example await expect(tmuxApp).toMatchScreenshot('main menu', { mask: [/\d\d:\d\d/] });
     */
    toMatchScreenshot(nameOrOptions?: string | ScreenshotOptions, options?: ScreenshotOptions): Promise<void>;
    /**
     * Waits until the screen shows `pattern` (`.not`: until it no longer does). Await it (a snapshot is checked at once).
     * @example await expect(tmuxApp).toShowText('Selected: Open', { timeout: 2000 });
     */
    toShowText(pattern: string | RegExp, options?: ToShowTextOptions): Promise<void>;
    /**
     * Compares the settled screen's text (and styles) with a Vitest snapshot. Await it.
     * @example await expect(tmuxApp).toMatchScreenText('menu open');
     */
    toMatchScreenText(hintOrOptions?: string | ScreenTextOptions, options?: ScreenTextOptions): Promise<void>;
    /**
     * Waits until the locator matches exactly one place (`.not`: none); several fail at once. Await it.
     * @example await expect(tmuxApp.getByText('Saved')).toBeVisible();
     */
    toBeVisible(options?: LocatorAssertionOptions): Promise<void>;
    /**
     * Waits until the locator's one match has this text: a string equals it, a RegExp matches it
     * (`.not`: until it differs); several matches fail at once. Await it.
     * @example await expect(tmuxApp.region({ row: 23 })).toHaveText(/-- INSERT --/);
     */
    toHaveText(expected: string | RegExp, options?: LocatorAssertionOptions): Promise<void>;
    /**
     * Waits until the locator matches exactly `count` places (`.not`: any other number). Await it.
     * @example await expect(tmuxApp.getByText('Save')).toHaveCount(2);
     */
    toHaveCount(count: number, options?: LocatorAssertionOptions): Promise<void>;
    /**
     * Waits until every glyph cell of the locator's one match has this foreground, as drawn
     * through the theme (`{ raw: true }`: as stored); `.not`: until one differs. Await it.
     * @example await expect(tmuxApp.getByText('error')).toHaveFgColor(1);
     */
    toHaveFgColor(color: ColorInput, options?: ColorAssertionOptions): Promise<void>;
    /**
     * Waits until every cell of the locator's one match has this background (`.not`: until one differs). Await it.
     * @example await expect(tmuxApp.region({ row: 0, col: 0, rows: 1, cols: 1 })).toHaveBgColor('#0000ee');
     */
    toHaveBgColor(color: ColorInput, options?: ColorAssertionOptions): Promise<void>;
    /**
     * Waits until every cell of the locator's one match has the styles given (`.not`: until one differs). Await it.
     * @example await expect(tmuxApp.getByText('Title')).toHaveStyle({ bold: true, underline: 'curly' });
     */
    toHaveStyle(style: StyleExpectation, options?: StateAssertionOptions): Promise<void>;
    /**
     * Waits until the cursor is at `{ col, row }`, 0-based cells (`.not`: until it is elsewhere). Await it (a snapshot, or a closed app, is checked at once).
     * @example await expect(tmuxApp).toHaveCursorAt({ col: 2, row: 0 });
     */
    toHaveCursorAt(position: { col: number; row: number }, options?: StateAssertionOptions): Promise<void>;
    /**
     * Waits until the cursor has the keys given of `{ visible, shape, blinking }` (`.not`: until one differs). Await it (a snapshot, or a closed app, is checked at once).
     * @example await expect(tmuxApp).toHaveCursor({ shape: 'bar', blinking: false });
     */
    toHaveCursor(expected: CursorExpectation, options?: StateAssertionOptions): Promise<void>;
    /**
     * Waits until the title the app set (OSC 0/2) is `expected` or matches it (`.not`: until it differs). Await it (a snapshot, or a closed app, is checked at once).
     * @example await expect(tmuxApp).toHaveTitle(/^vim: notes/);
     */
    toHaveTitle(expected: string | RegExp, options?: StateAssertionOptions): Promise<void>;
    /**
     * Waits until the terminal is in `mode` (`.not`: until the app leaves it). Await it (a snapshot, or a closed app, is checked at once).
     * @example await expect(tmuxApp).toBeInMode('alternateScreen');
     */
    toBeInMode(mode: TerminalMode, options?: StateAssertionOptions): Promise<void>;
  }
}

/** `matcher`, given a `Shell`'s app for the shell: `expect(shell).toShowText('done')` (see `subjectOf`). */
function acceptingShells<Args extends unknown[], Result>(
  matcher: (this: MatcherState, received: unknown, ...args: Args) => Result,
): (this: MatcherState, received: unknown, ...args: Args) => Result {
  return function (this: MatcherState, received: unknown, ...args: Args): Result {
    return matcher.call(this, subjectOf(received), ...args);
  };
}

/** The matchers, for `expect.extend` (importing this module has done it for Vitest's `expect`), each call on a live app logged as one of its steps. */
export const matchers = loggedAsSteps({
  toMatchScreenshot: acceptingShells(toMatchScreenshot),
  toShowText: acceptingShells(toShowText),
  toMatchScreenText: acceptingShells(toMatchScreenText),
  toBeVisible: acceptingShells(toBeVisible),
  toHaveText: acceptingShells(toHaveText),
  toHaveCount: acceptingShells(toHaveCount),
  toHaveFgColor: acceptingShells(toHaveFgColor),
  toHaveBgColor: acceptingShells(toHaveBgColor),
  toHaveStyle: acceptingShells(toHaveStyle),
  toHaveCursorAt: acceptingShells(toHaveCursorAt),
  toHaveCursor: acceptingShells(toHaveCursor),
  toHaveTitle: acceptingShells(toHaveTitle),
  toBeInMode: acceptingShells(toBeInMode),
});

expect.extend(matchers);

// Vitest parses a hook's first parameter like a fixture's: it must be a destructuring pattern.
beforeAll(async ({}, file) => {
  if (file.type === 'suite' && 'filepath' in file) await clearEvidence(file);
});
afterAll(async ({}, file) => {
  if (file.type === 'suite' && 'filepath' in file) {
    await reportUnusedBaselines(file, sweepUpdateMode(readUpdateMode(expect.getState()), process.env[VITEST_CONSTANTS.acceptEnv]));
  }
});

/**
 * Vitest's `test` with `tmuxApp`, `agent` and their options as fixtures.
 * @example
 * test.override({ tmuxOptions: { command: ['node', 'menu.mjs'], cols: 60, rows: 16 } });
 * test('opens the menu', async ({ tmuxApp }) => {
 *   await tmuxApp.press('Down', 'Enter');
 *   await expect(tmuxApp).toShowText('Selected: Save');
 *   await expect(tmuxApp).toMatchScreenshot();
 * });
 */
export const test: TestAPI<TmuxShotTestFixtures & TmuxShotWorkerFixtures> = vitestTest.extend<TmuxShotTestFixtures & TmuxShotWorkerFixtures>(tmuxShotFixtures);

/** Alias of {@link test}. */
export const it = test;
