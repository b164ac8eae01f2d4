/**
 * The type of the matchers `tmux-shot/vitest` adds to Vitest's `expect`, in a file of its own so
 * that vitest-versions.ts, which attaches it to Vitest's `Assertion`, and test-api.ts, which
 * implements it, both import it without importing each other.
 */
import type { ScreenshotOptions, ScreenTextOptions, ToShowTextOptions } from '../options.js';
import type { LocatorAssertionOptions } from './locator-matchers.js';
import type { RungBellOptions } from './event-matchers.js';
import type { StateAssertionOptions } from './state-matchers.js';
import type { ColorInput, CursorExpectation, StyleExpectation } from './state-decide.js';
import type { ColorAssertionOptions } from '../options.js';
import type { TerminalMode } from '../../snapshot.js';

/**
 * The matchers `tmux-shot/vitest` adds to Vitest's `expect`, as typed on it (attached by
 * vitest-versions.ts, the same way for every supported Vitest).
 */
export interface TmuxShotMatchers {
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
  /**
   * Waits until every cell of the locator's one match is in an OSC 8 hyperlink to `expected` (`.not`: until one is not). Await it.
   * @example await expect(tmuxApp.getByText('docs')).toHaveLink('https://example.com/docs');
   */
  toHaveLink(expected: string | RegExp, options?: StateAssertionOptions): Promise<void>;
  /**
   * Waits until the app has rung the bell (BEL): at least once, or exactly `times` (`.not`: until it does not hold). Await it.
   * @example await expect(tmuxApp).toHaveRungBell({ times: 1 });
   */
  toHaveRungBell(options?: RungBellOptions): Promise<void>;
  /**
   * Waits until the app's latest OSC 52 clipboard write has this text (`.not`: until it differs). Await it.
   * @example await expect(tmuxApp).toHaveClipboardText('copied line');
   */
  toHaveClipboardText(expected: string | RegExp, options?: StateAssertionOptions): Promise<void>;
  /**
   * Playwright's name, which tmux-shot does not have: it throws a TmuxShotError naming
   * `toMatchScreenshot` and how it differs.
   * @deprecated Use `await expect(tmuxApp).toMatchScreenshot(name?, options?)`.
   */
  toHaveScreenshot(...args: unknown[]): never;
}
