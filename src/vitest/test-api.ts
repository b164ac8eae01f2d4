/**
 * What a test file gets from `tmux-shot/vitest`: Vitest's `test` and `it` extended with the
 * fixtures, `describe`, and `expect` with the matchers registered and typed. Importing it also
 * empties the file's attachments folder before its tests run, and reports (or, with `-u`, removes)
 * the baselines none of the file's tests used, once they ran: hooks for the importing file, and the
 * fixture `tmuxFileHooks` for files Vitest runs without importing it again (test-file-hooks.ts).
 */
import { afterAll, beforeAll, expect, test as vitestTest } from 'vitest';
import type { MatcherResult, MatcherState, TestAPI } from 'vitest';
import { tmuxShotFixtures } from './fixtures/fixtures.js';
import type { TmuxShotFixtures } from './fixtures/fixtures.js';
import { endTestFile, startTestFile } from './test-file-hooks.js';
import { subjectOf } from './matchers/subject.js';
import { loggedAsSteps } from './matchers/matcher-steps.js';
import { toMatchScreenshot } from './screenshot/matcher.js';
import { toMatchScreenText, toShowText } from './matchers/text-matchers.js';
import { toBeVisible, toHaveCount, toHaveText } from './matchers/locator-matchers.js';
import { refuseHandleSnapshots, toHaveScreenshot } from './matchers/habits.js';
import { toBeInMode, toHaveBgColor, toHaveCursor, toHaveCursorAt, toHaveFgColor, toHaveLink, toHaveStyle, toHaveTitle } from './matchers/state-matchers.js';
import { toHaveClipboardText, toHaveRungBell } from './matchers/event-matchers.js';
import type { TmuxShotMatchers } from './matchers/matcher-types.js';
import './vitest-versions.js';

export { describe, expect } from 'vitest';

export type { TmuxShotMatchers } from './matchers/matcher-types.js';

/**
 * The implementations of {@link TmuxShotMatchers}, typed by the names `vitest` exports in every
 * supported version (an inferred type would name `@vitest/expect`, which Vitest 5 does not install).
 */
export type TmuxShotMatcherFunctions = {
  [K in keyof TmuxShotMatchers]: (this: MatcherState, received: unknown, ...args: Parameters<TmuxShotMatchers[K]>) => MatcherResult;
};

/** `matcher`, given a `Shell`'s app for the shell: `expect(shell).toShowText('done')` (see `subjectOf`). */
function acceptingShells<Args extends unknown[], Result>(
  matcher: (this: MatcherState, received: unknown, ...args: Args) => Result,
): (this: MatcherState, received: unknown, ...args: Args) => Result {
  return function (this: MatcherState, received: unknown, ...args: Args): Result {
    return matcher.call(this, subjectOf(received), ...args);
  };
}

/**
 * The matchers, for `expect.extend` (importing this module has done it for Vitest's `expect`), each
 * call on a live app logged as one of its steps; and Playwright's `toHaveScreenshot`, which fails
 * naming `toMatchScreenshot` (matchers/habits.ts).
 */
export const matchers: TmuxShotMatcherFunctions = {
  ...loggedAsSteps<Omit<TmuxShotMatcherFunctions, 'toHaveScreenshot'>>({
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
    toHaveLink: acceptingShells(toHaveLink),
    toHaveRungBell: acceptingShells(toHaveRungBell),
    toHaveClipboardText: acceptingShells(toHaveClipboardText),
  }),
  toHaveScreenshot,
};

expect.extend(matchers);
// Vitest's snapshot matchers on an app, a Shell or a locator fail naming the matchers that read its screen.
expect.addSnapshotSerializer(refuseHandleSnapshots);

// Vitest parses a hook's first parameter like a fixture's: it must be a destructuring pattern.
beforeAll(async ({}, file) => {
  if (file.type === 'suite' && 'filepath' in file) await startTestFile(file);
});
afterAll(async ({}, file) => {
  if (file.type === 'suite' && 'filepath' in file) await endTestFile(file);
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
export const test: TestAPI<TmuxShotFixtures> = vitestTest.extend<TmuxShotFixtures>(tmuxShotFixtures);

/** Alias of {@link test}. */
export const it = test;
