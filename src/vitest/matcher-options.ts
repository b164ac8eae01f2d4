/**
 * The option checks of the matchers, before anything waits or renders: an option of the wrong
 * type is a ConfigError naming the matcher, the option, what it takes and what it got — never a
 * TypeError from inside (or, worse, `timeout: '5s'` turned into a string deadline). Comparator
 * options are checked by `resolveComparatorOptions` (diff/), render options by the renderer.
 */
import { ConfigError, describeValue } from '../errors.js';
import type { CellRect } from '../geometry.js';
import { checkDuration } from '../wait.js';
import type { ScreenshotOptions } from './screenshot/matcher.js';
import type { ScreenTextOptions, ToShowTextOptions } from './text-matchers.js';

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

/** Whether the numbers are whole cells inside the screen is checked with the screen, by `takeShot`. */
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
