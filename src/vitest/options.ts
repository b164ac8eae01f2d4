/**
 * The matchers' options: what each takes, checked before anything waits or renders, and resolved
 * once — one `resolve…Options` per matcher, the defaults of `VITEST` and `WAIT` merged in and the
 * timeout cut to the test's deadline (see `testDeadline`). An option of the wrong type is a
 * ConfigError naming the matcher, the option, what it takes and what it got — never a TypeError
 * from inside (or, worse, `timeout: '5s'` turned into a string deadline). Comparator options are
 * checked by `resolveComparatorOptions` (diff/), render options by the renderer.
 */
import type { RunnerTestCase } from 'vitest';
import { VITEST, WAIT } from '../defaults.js';
import type { ComparatorOptions } from '../diff/index.js';
import { ConfigError, describeValue } from '../errors.js';
import type { CellRect } from '../geometry.js';
import { checkDuration, resolveTimeout, systemClock } from '../wait.js';
import type { WaitTimeout } from '../wait.js';
import type { RecordingMode } from './evidence.js';
import type { SettleOptions } from './settle.js';
import { testDeadline } from './test-timeout.js';

/** Options of `toShowText`. */
export interface ToShowTextOptions {
  /** Longest wait, in ms. @default 5000 (WAIT.timeout), or what is left of the test's own timeout less 500 ms (VITEST_CONSTANTS.timeoutMargin) */
  timeout?: number;
}

/** Options of `toMatchScreenText`. */
export interface ScreenTextOptions {
  /**
   * Store the text in this file (Vitest's `toMatchFileSnapshot`, relative to the test file)
   * instead of the test file's `__snapshots__/*.snap`.
   */
  file?: string;
  /** Append the styled runs (colours, bold, inverse…) after the text. @default true (VITEST.screenTextStyles) */
  styles?: boolean;
  /** Volatile text replaced by `*` before comparing (clocks, pids…), as `normalizeText` does. @default [] */
  mask?: readonly RegExp[];
  /**
   * Longest wait for the screen to settle first, in ms; 0 waits without limit.
   * @default 5000 (VITEST.settleTimeout), or what is left of the test's own timeout less 500 ms (VITEST_CONSTANTS.timeoutMargin)
   */
  timeout?: number;
}

/**
 * Options of `toMatchScreenshot`: Vitest's comparator options (`threshold`,
 * `allowedMismatchedPixels`, `allowedMismatchedPixelRatio`) plus terminal ones.
 */
export interface ScreenshotOptions extends ComparatorOptions {
  /**
   * Longest wait for the screen to settle (two identical reads), in ms; 0 waits without limit.
   * @default 5000 (VITEST.settleTimeout), or what is left of the test's own timeout less 500 ms (VITEST_CONSTANTS.timeoutMargin)
   */
  timeout?: number;
  /**
   * Cells left out of the comparison and painted #ff00ff in the image: cell rects (0-based), or
   * RegExps matched on each row of the screen text (a clock: `/\d\d:\d\d:\d\d/`). @default []
   */
  mask?: readonly (CellRect | RegExp)[];
  /** Compare only this cell rect of the screen. @default the whole screen */
  region?: CellRect;
  /** Draw the cursor, or not (Vitest's `caret: 'hide'`). @default 'hide' (VITEST.cursor) */
  cursor?: 'hide' | 'show';
}

/**
 * The plugin's options that have a default, under the names `VITEST` (defaults.ts) gives them:
 * the settle `timeout` of `toMatchScreenshot` and `toMatchScreenText`, the settle schedule, the
 * `cursor` of screenshots, the `styles` of screen text, and the `tmuxRecording` fixture.
 */
export interface VitestDefaults {
  settleTimeout: NonNullable<ScreenshotOptions['timeout'] & ScreenTextOptions['timeout']>;
  settleIntervals: NonNullable<SettleOptions<never>['intervals']>;
  cursor: NonNullable<ScreenshotOptions['cursor']>;
  screenTextStyles: NonNullable<ScreenTextOptions['styles']>;
  recording: RecordingMode;
}

type Task = Readonly<RunnerTestCase> | undefined;

/** `toShowText`'s options, checked, with the timeout resolved. @throws {ConfigError} as {@link checkShowTextOptions}. */
export function resolveShowTextOptions(options: unknown, task: Task): { timeout: WaitTimeout } {
  return { timeout: resolveTimeout(checkShowTextOptions(options).timeout, WAIT.timeout, testDeadline(task), systemClock.now()) };
}

/** `toMatchScreenText`'s options, checked, with the defaults applied. @throws {ConfigError} as {@link checkScreenTextOptions}. */
export function resolveScreenTextOptions(options: unknown, task: Task): { file: string | undefined; styles: boolean; mask: readonly RegExp[]; timeout: WaitTimeout } {
  const { file, styles = VITEST.screenTextStyles, mask = [], timeout } = checkScreenTextOptions(options);
  return { file, styles, mask, timeout: settleTimeout(timeout, task) };
}

/** {@link ScreenshotOptions} checked, with the defaults applied and the comparator options apart. */
export interface ResolvedScreenshotOptions {
  timeout: WaitTimeout;
  mask: readonly (CellRect | RegExp)[];
  region: CellRect | undefined;
  cursor: 'hide' | 'show';
  comparator: ComparatorOptions;
}

/** `toMatchScreenshot`'s options, checked, with the defaults applied. @throws {ConfigError} as {@link checkScreenshotOptions}. */
export function resolveScreenshotOptions(options: unknown, task: Task): ResolvedScreenshotOptions {
  const given = checkScreenshotOptions(options);
  const { threshold, includeAA, allowedMismatchedPixels, allowedMismatchedPixelRatio, allowedMismatchedCells } = given;
  return {
    timeout: settleTimeout(given.timeout, task),
    mask: given.mask ?? [],
    region: given.region,
    cursor: given.cursor ?? VITEST.cursor,
    comparator: { threshold, includeAA, allowedMismatchedPixels, allowedMismatchedPixelRatio, allowedMismatchedCells },
  };
}

/** How long a matcher waits for the screen to settle: `timeout`, else `VITEST.settleTimeout` cut to the test's deadline. */
function settleTimeout(timeout: number | undefined, task: Task): WaitTimeout {
  return resolveTimeout(timeout, VITEST.settleTimeout, testDeadline(task), systemClock.now());
}

function fail(matcher: string, option: string, expected: string, value: unknown): never {
  throw new ConfigError(`${matcher}: ${option} must be ${expected}; got ${describeValue(value)}.`);
}

/** The options argument when it is undefined or a plain object. */
function checkObject(matcher: string, options: unknown): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options === 'object' && options !== null && !Array.isArray(options) && !(options instanceof RegExp)) return options as Record<string, unknown>;
  return fail(matcher, 'the options', 'an object', options);
}

function checkTimeout(matcher: string, value: unknown): void {
  if (value !== undefined) checkDuration(value, `${matcher}: timeout`);
}

function isCellRect(value: unknown): value is CellRect {
  if (typeof value !== 'object' || value === null) return false;
  const rect = value as Partial<Record<keyof CellRect, unknown>>;
  return [rect.col, rect.row, rect.cols, rect.rows].every((n) => typeof n === 'number');
}

/** Whether the numbers are whole cells inside the screen is checked with the screen, by `captureScreen`. */
const RECT = 'a cell rectangle { col, row, cols, rows } (numbers of cells)';

/** A `mask` option: an array (`expected.list`) whose items pass `isItem` (`expected.item`). */
function checkMask(matcher: string, mask: unknown, isItem: (item: unknown) => boolean, expected: { list: string; item: string }): void {
  if (mask === undefined) return;
  if (!Array.isArray(mask)) fail(matcher, 'mask', expected.list, mask);
  mask.forEach((item, index) => {
    if (!isItem(item)) fail(matcher, `mask[${index}]`, expected.item, item);
  });
}

/**
 * `toShowText`'s options, checked.
 * @throws {ConfigError} unless they are undefined or an object whose `timeout` is a number of ms ≥ 0.
 */
export function checkShowTextOptions(options: unknown): ToShowTextOptions {
  const given = checkObject('toShowText', options);
  checkTimeout('toShowText', given.timeout);
  return given;
}

/**
 * `toMatchScreenText`'s options, checked.
 * @throws {ConfigError} for a `file` that is not a string, `styles` that is not a boolean, a
 *   `mask` that is not an array of RegExps, or a bad `timeout`.
 */
export function checkScreenTextOptions(options: unknown): ScreenTextOptions {
  const matcher = 'toMatchScreenText';
  const given = checkObject(matcher, options);
  if (given.file !== undefined && typeof given.file !== 'string') fail(matcher, 'file', 'a path (a string)', given.file);
  if (given.styles !== undefined && typeof given.styles !== 'boolean') fail(matcher, 'styles', 'true or false', given.styles);
  checkMask(matcher, given.mask, (item) => item instanceof RegExp, { list: 'an array of RegExps', item: 'a RegExp' });
  checkTimeout(matcher, given.timeout);
  return given;
}

/**
 * `toMatchScreenshot`'s own options, checked (whether a region lies inside the screen is checked
 * when the screen is known).
 * @throws {ConfigError} for a `mask` that is not an array of cell rectangles and RegExps, a
 *   `region` that is not a cell rectangle, a `cursor` other than 'hide' or 'show', or a bad `timeout`.
 */
export function checkScreenshotOptions(options: unknown): ScreenshotOptions {
  const matcher = 'toMatchScreenshot';
  const given = checkObject(matcher, options);
  checkMask(matcher, given.mask, (item) => item instanceof RegExp || isCellRect(item), { list: 'an array of cell rectangles and RegExps', item: `${RECT} or a RegExp` });
  if (given.region !== undefined && !isCellRect(given.region)) fail(matcher, 'region', RECT, given.region);
  if (given.cursor !== undefined && given.cursor !== 'hide' && given.cursor !== 'show') fail(matcher, 'cursor', "'hide' or 'show'", given.cursor);
  checkTimeout(matcher, given.timeout);
  return given;
}
