/**
 * The matchers and their types. `expect(tmuxApp).toMatchScreenshot()`, `toShowText` and
 * `toMatchScreenText` are typed on every `expect` once this module is imported (through
 * `tmux-shot/vitest`).
 */
import type { ScreenshotOptions } from './screenshot/matcher.js';
import { toMatchScreenshot } from './screenshot/matcher.js';
import type { ScreenTextOptions, ToShowTextOptions } from './text-matchers.js';
import { toMatchScreenText, toShowText } from './text-matchers.js';

declare module 'vitest' {
  interface Matchers<T = any> {
    /**
     * Compares the screen with its baseline `<test dir>/__screenshots__/<test file>/<name>.png`
     * (auto-named `<test name> <n>` when `name` is left out). Await it.
     * @example await expect(tmuxApp).toMatchScreenshot('main menu', { mask: [/\d\d:\d\d/] });
     */
    toMatchScreenshot(nameOrOptions?: string | ScreenshotOptions, options?: ScreenshotOptions): Promise<void>;
    /**
     * Waits until the screen shows `pattern` (`.not`: until it no longer does). Await it.
     * @example await expect(tmuxApp).toShowText('Selected: Open', { timeout: 2000 });
     */
    toShowText(pattern: string | RegExp, options?: ToShowTextOptions): Promise<void>;
    /**
     * Compares the settled screen's text (and styles) with a Vitest snapshot. Await it.
     * @example await expect(tmuxApp).toMatchScreenText('menu open');
     */
    toMatchScreenText(hintOrOptions?: string | ScreenTextOptions, options?: ScreenTextOptions): Promise<void>;
  }
}

/** The matchers, for `expect.extend`. */
export const matchers = { toMatchScreenshot, toShowText, toMatchScreenText };
