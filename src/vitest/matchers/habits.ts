/**
 * Calls that Vitest's and Playwright's habits suggest but that do not fit a terminal app, each
 * answered with the call to use instead of passing silently or failing on `undefined`
 * (Playwright's `page.keyboard` is refused by `tmuxApp.keyboard`, fixtures/refused-keyboard.ts):
 *
 * - Vitest's snapshot matchers (`toMatchSnapshot`, `toMatchInlineSnapshot`, `toMatchFileSnapshot`)
 *   on an app, a Shell or a locator would store the object, not the screen: a snapshot serializer
 *   refuses them, naming `toMatchScreenText` and `toMatchScreenshot` (or `toHaveText`).
 * - Playwright's `toHaveScreenshot` fails naming `toMatchScreenshot`: its files (`<file>-snapshots/
 *   <name>-<project>-<platform>.png`) and options (`animations`, `fullPage`, `maxDiffPixelRatio`…)
 *   are not ours, so an alias would take its options and do something else with them.
 */
import type { MatcherState } from 'vitest';
import { formatCall, Locator, locatorInternals, Shell, TmuxApp } from '../../app/index.js';
import { TmuxShotError } from '../../errors.js';
import { formatLocatorOf, MAIN_APP_NAME, nameOfHandle, TmuxAppHandle } from '../fixtures/app-handle.js';

/** What a snapshot of `value` would wrongly store, and what to call instead; undefined for anything else. */
export function snapshotRefusal(value: unknown): string | undefined {
  if (value instanceof Locator) {
    const locator = formatLocatorOf(locatorInternals(value)!);
    return (
      `A Vitest snapshot of the locator ${locator} would store the Locator object, not the text it finds: ` +
      "use await expect(locator).toHaveText('…') (it waits), or expect(await locator.text()).toMatchSnapshot() for a snapshot of its text."
    );
  }
  const isShell = value instanceof Shell;
  if (!isShell && !(value instanceof TmuxAppHandle) && !(value instanceof TmuxApp)) return undefined;
  const name = (isShell ? nameOfHandle(value.app) : nameOfHandle(value)) ?? (isShell ? 'shell' : value instanceof TmuxApp ? 'app' : MAIN_APP_NAME);
  return (
    `A Vitest snapshot of ${name} would store the ${isShell ? 'Shell' : 'app'} object, not what its screen shows: ` +
    `use await expect(${name}).toMatchScreenText() for the screen's text (a Vitest snapshot) or await expect(${name}).toMatchScreenshot() for its pixels (a PNG baseline).`
  );
}

/**
 * A snapshot serializer (pretty-format's plugin shape) that throws {@link snapshotRefusal}'s
 * message for an app, a Shell or a locator, wherever it sits in the value a snapshot matcher was
 * given; Vitest calls it before it writes or compares anything.
 */
export const refuseHandleSnapshots = {
  test: (value: unknown): boolean => snapshotRefusal(value) !== undefined,
  serialize: (value: unknown): string => {
    throw new TmuxShotError(snapshotRefusal(value)!);
  },
};

/**
 * Playwright's `toHaveScreenshot`: fails, naming `toMatchScreenshot` and what differs. A throw, not
 * a failed result, so `.not.toHaveScreenshot()` fails too.
 * @throws {TmuxShotError} always.
 */
export function toHaveScreenshot(this: MatcherState, received: unknown, ...args: unknown[]): never {
  const name = nameOfHandle(received instanceof Shell ? received.app : received) ?? MAIN_APP_NAME;
  throw new TmuxShotError(
    `${formatCall('toHaveScreenshot', args)} is Playwright's matcher; tmux-shot's is await expect(${name}).toMatchScreenshot(name?, options?), Vitest's name. ` +
      "Like Playwright's, it waits for the screen to settle (two identical reads) before it compares; its baseline is " +
      "__screenshots__/<test file>/<name>.png, one for every platform; its tolerances are Vitest's: allowedMismatchedPixels and " +
      "allowedMismatchedPixelRatio for Playwright's maxDiffPixels and maxDiffPixelRatio.",
  );
}
