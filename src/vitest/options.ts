/**
 * The plugin's options: what each matcher takes, checked before anything waits or renders, and
 * resolved once — one `resolve…Options` per matcher, the defaults of `VITEST` and `WAIT` merged in
 * and the timeout cut to the test's deadline (see `testDeadline`) — and the checks of the fixture
 * options (`tmuxOptions`, `tmuxApp.start()`'s, `tmuxRecording`). An option of the wrong type is a
 * ConfigError naming the matcher, the option, what it takes and what it got — never a TypeError
 * from inside (or, worse, `timeout: '5s'` turned into a string deadline); an unknown option (a
 * typo: `treshold`) is one too, with the closest names. Comparator options are checked by
 * `resolveComparatorOptions` (diff/), render options by the renderer, the app's by `TmuxApp.start`.
 */
import type { RunnerTestCase } from 'vitest';
import type { AgentRunnerOptions, CassetteMode, Divergence, ModelBudget } from '../agent/index.js';
import { WAIT } from '../defaults.js';
import type { ComparatorOptions } from '../diff/index.js';
import { ConfigError, describeValue } from '../errors.js';
import type { CellRect } from '../geometry.js';
import { closestNames } from '../suggest.js';
import { RENDER, resolveRenderOptions } from '../render/index.js';
import { checkDuration, resolveTimeout, systemClock } from '../wait.js';
import type { WaitTimeout } from '../wait.js';
import type { TmuxAppFixtureOptions } from './fixtures/app-handle.js';
import type { RecordingMode } from './evidence/evidence.js';
import { testDeadline } from './test-timeout.js';

/** Options of `toShowText`. */
export interface ToShowTextOptions {
  /** Longest wait, in ms. @default 5000 (WAIT.timeout), or what is left of the test's own timeout less 1000 ms (VITEST_CONSTANTS.timeoutMargin) */
  timeout?: number;
  /**
   * Search the lines above the screen too (`tmuxApp.screen({ scrollback: true })`); a screen
   * snapshot is searched as it is, with whatever lines it holds. @default false
   */
  scrollback?: boolean;
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
   * @default 5000 (VITEST.settleTimeout), or what is left of the test's own timeout less 1000 ms (VITEST_CONSTANTS.timeoutMargin)
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
   * @default 5000 (VITEST.settleTimeout), or what is left of the test's own timeout less 1000 ms (VITEST_CONSTANTS.timeoutMargin)
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
 * The plugin's options that have a default, under the names {@link VITEST} gives them:
 * the settle `timeout` of `toMatchScreenshot` and `toMatchScreenText`, the settle schedule, the
 * `cursor` of screenshots, the `styles` of screen text, and the `tmuxRecording` fixture.
 */
export interface VitestDefaults {
  settleTimeout: NonNullable<ScreenshotOptions['timeout'] & ScreenTextOptions['timeout']>;
  /** The `intervals` of a settle (matchers/settle.ts). */
  settleIntervals: readonly number[];
  cursor: NonNullable<ScreenshotOptions['cursor']>;
  screenTextStyles: NonNullable<ScreenTextOptions['styles']>;
  recording: RecordingMode;
}

/**
 * Defaults of the Vitest plugin's options (src/vitest/), under the names `VitestDefaults` gives
 * them; the plugin's fixed constants are {@link VITEST_CONSTANTS}.
 */
export const VITEST = {
  /**
   * Longest wait for the screen to settle (two consecutive identical reads) before a screenshot
   * or screen-text snapshot, in ms: the `timeout` of `toMatchScreenshot` and `toMatchScreenText`;
   * 0 waits without limit. Vitest's `toMatchScreenshot` default. Inside a test it ends
   * `VITEST_CONSTANTS.timeoutMargin` before the test's own timeout when that comes first. @default 5000
   */
  settleTimeout: 5_000,
  /**
   * Pauses before each re-read of a live screen while settling, in ms; the last one repeats.
   * Playwright's `toHaveScreenshot` schedule: a redraw that pauses up to 100 ms is still seen,
   * and a screen that keeps changing is read less and less often. @default [100, 250, 500, 1000]
   */
  settleIntervals: [100, 250, 500, 1_000],
  /** Cursor in screenshots, like Vitest's `caret: 'hide'`: the blinking cursor is not part of the UI. @default 'hide' */
  cursor: 'hide',
  /** `toMatchScreenText` appends the styled runs (colours, bold…) after the text. @default true */
  screenTextStyles: true,
  /** When a test's app session is saved as a GIF (the `tmuxRecording` fixture): 'on-failure', 'always' or 'off'. @default 'on-failure' */
  recording: 'on-failure',
} as const satisfies Required<VitestDefaults>;

/** Agent options settable per file or `describe` (`test.override({ agentOptions: { … } })`); runner options also per run. */
export type AgentFixtureOptions = Partial<Omit<AgentRunnerOptions, 'outDir' | 'saveScreenshot'>> & {
  /**
   * Cassette mode of the test: `auto` (replay if the cassette exists, else record), `replay`
   * (never call a model), `record` (re-record), `live` (ignore cassettes). A test with an
   * `agentModel` (a scripted model: deterministic and free) uses cassettes only when this is set.
   * @default env TMUX_SHOT_CASSETTES, else 'replay' when CI is set, else 'auto'; 'live' with `agentModel`
   */
  cassette?: CassetteMode;
  /** On a replayed step whose screen differs from the recording: fail, or continue live and write `<name>.pending.json` (stderr says where). @default 'strict' */
  divergence?: Divergence;
  /** Extra masks for screen digests, added to the built-ins (clock times, durations, spinners, pids, /tmp paths). @default [] */
  masks?: readonly RegExp[];
  /** Per-test limits of model calls and tokens; past them a call fails before reaching the model. @default {} */
  budget?: ModelBudget;
};

/** Defaults of the Vitest `agent` fixture beyond the runner's and the cassette session's. */
export const AGENT_FIXTURE = {
  /** Model name sent to an `agentModel` when `agentOptions` names none. @default 'agentModel' */
  model: 'agentModel',
} as const satisfies Required<Pick<AgentFixtureOptions, 'model'>>;

type Task = Readonly<RunnerTestCase> | undefined;

/**
 * `toShowText`'s options (or those of another matcher that takes only `{ timeout }`, named `matcher`
 * in messages: the locator matchers), checked, with the timeout resolved. @throws {ConfigError} as {@link checkShowTextOptions}.
 */
export function resolveShowTextOptions(options: unknown, task: Task, matcher = 'toShowText'): { timeout: WaitTimeout; scrollback: boolean } {
  const { timeout, scrollback = false } = checkShowTextOptions(options, matcher);
  return { timeout: resolveTimeout(timeout, WAIT.timeout, testDeadline(task), systemClock.now()), scrollback };
}

/** `toMatchScreenText`'s options, checked, with the defaults applied. @throws {ConfigError} as {@link checkScreenTextOptions}. */
export function resolveScreenTextOptions(
  options: unknown,
  task: Task,
): { file: string | undefined; styles: boolean; mask: readonly RegExp[]; timeout: WaitTimeout } {
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
function checkObject(matcher: string, options: unknown, what = 'the options'): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options === 'object' && options !== null && !Array.isArray(options) && !(options instanceof RegExp)) return options as Record<string, unknown>;
  return fail(matcher, what, 'an object', options);
}

/*
 * The names each options object takes, in the order messages list them. Typed as a record of the
 * option type's keys, so an option added to the type without being listed here does not compile.
 */
const SHOW_TEXT_OPTIONS: Record<keyof ToShowTextOptions, true> = { timeout: true, scrollback: true };
/** The options of the matchers that take only a timeout (the locator matchers). */
const TIMEOUT_OPTIONS = { timeout: true };
const SCREEN_TEXT_OPTIONS: Record<keyof ScreenTextOptions, true> = { file: true, styles: true, mask: true, timeout: true };
const SCREENSHOT_OPTIONS: Record<keyof ScreenshotOptions, true> = {
  threshold: true,
  includeAA: true,
  allowedMismatchedPixels: true,
  allowedMismatchedPixelRatio: true,
  allowedMismatchedCells: true,
  timeout: true,
  mask: true,
  region: true,
  cursor: true,
};
const FIXTURE_OPTIONS: Record<keyof TmuxAppFixtureOptions, true> = {
  command: true,
  cols: true,
  rows: true,
  scrollback: true,
  env: true,
  cwd: true,
  ready: true,
  timeout: true,
  theme: true,
  render: true,
  failureScreen: true,
  failureReport: true,
};
const RECORDING_MODES: readonly RecordingMode[] = ['on-failure', 'always', 'off'];

/** " Did you mean 'x'?" for the name closest to `given` among `names`, or ''. */
function didYouMean(given: string, names: readonly string[]): string {
  const [closest] = closestNames(given, names, 1);
  return closest === undefined ? '' : ` Did you mean '${closest}'?`;
}

/** @throws {ConfigError} for the first option of `given` that is not in `known`, with the closest name and the list. */
function checkKnown(where: string, given: Record<string, unknown>, known: object): void {
  const names = Object.keys(known);
  const unknown = Object.keys(given).find((key) => !Object.hasOwn(known, key));
  if (unknown !== undefined) throw new ConfigError(`${where}: unknown option '${unknown}'.${didYouMean(unknown, names)} Options: ${names.join(', ')}.`);
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
 * `toShowText`'s options, checked (another `matcher` takes only `timeout`).
 * @throws {ConfigError} unless they are undefined or an object whose `timeout` is a number of ms
 *   ≥ 0 and whose `scrollback` is a boolean, and no other option.
 */
export function checkShowTextOptions(options: unknown, matcher = 'toShowText'): ToShowTextOptions {
  const given = checkObject(matcher, options);
  checkKnown(matcher, given, matcher === 'toShowText' ? SHOW_TEXT_OPTIONS : TIMEOUT_OPTIONS);
  checkTimeout(matcher, given.timeout);
  if (given.scrollback !== undefined && typeof given.scrollback !== 'boolean') fail(matcher, 'scrollback', 'true or false', given.scrollback);
  return given;
}

/**
 * `toMatchScreenText`'s options, checked.
 * @throws {ConfigError} for an unknown option, a `file` that is not a string, `styles` that is
 *   not a boolean, a `mask` that is not an array of RegExps, or a bad `timeout`.
 */
export function checkScreenTextOptions(options: unknown): ScreenTextOptions {
  const matcher = 'toMatchScreenText';
  const given = checkObject(matcher, options);
  checkKnown(matcher, given, SCREEN_TEXT_OPTIONS);
  if (given.file !== undefined && typeof given.file !== 'string') fail(matcher, 'file', 'a path (a string)', given.file);
  if (given.styles !== undefined && typeof given.styles !== 'boolean') fail(matcher, 'styles', 'true or false', given.styles);
  checkMask(matcher, given.mask, (item) => item instanceof RegExp, { list: 'an array of RegExps', item: 'a RegExp' });
  checkTimeout(matcher, given.timeout);
  return given;
}

/**
 * `toMatchScreenshot`'s own options, checked (whether a region lies inside the screen is checked
 * when the screen is known).
 * @throws {ConfigError} for an unknown option, a `mask` that is not an array of cell rectangles
 *   and RegExps, a `region` that is not a cell rectangle, a `cursor` other than 'hide' or 'show',
 *   or a bad `timeout`.
 */
export function checkScreenshotOptions(options: unknown): ScreenshotOptions {
  const matcher = 'toMatchScreenshot';
  const given = checkObject(matcher, options);
  checkKnown(matcher, given, SCREENSHOT_OPTIONS);
  checkMask(matcher, given.mask, (item) => item instanceof RegExp || isCellRect(item), {
    list: 'an array of cell rectangles and RegExps',
    item: `${RECT} or a RegExp`,
  });
  if (given.region !== undefined && !isCellRect(given.region)) fail(matcher, 'region', RECT, given.region);
  if (given.cursor !== undefined && given.cursor !== 'hide' && given.cursor !== 'show') fail(matcher, 'cursor', "'hide' or 'show'", given.cursor);
  checkTimeout(matcher, given.timeout);
  return given;
}

/**
 * Options of the `tmuxApp` fixture (`tmuxOptions`, or those of a `tmuxApp.start()` call), checked
 * before anything starts: the names, `failureScreen`, `failureReport`, and the render options (`theme`, `render`),
 * which screenshots and failure screens would otherwise refuse only once drawn. The app's own
 * options are checked by `TmuxApp.start`.
 * @param where How messages name them: `'tmuxOptions'` or `'tmuxApp.start()'`.
 * @throws {ConfigError} for options that are not an object, an unknown option (in `render` too),
 *   a `failureScreen` or `failureReport` that is not a boolean, or invalid render options (see `resolveRenderOptions`).
 */
export function checkFixtureOptions(options: unknown, where: string): TmuxAppFixtureOptions {
  const given = checkObject(where, options);
  checkKnown(where, given, FIXTURE_OPTIONS);
  for (const key of ['failureScreen', 'failureReport'] as const) {
    if (given[key] !== undefined && typeof given[key] !== 'boolean') fail(where, key, 'true or false', given[key]);
  }
  const render = checkObject(where, given.render, 'render');
  checkKnown(`${where}.render`, render, RENDER);
  resolveRenderOptions(given.theme === undefined ? render : { ...render, theme: given.theme });
  return given as TmuxAppFixtureOptions;
}

/**
 * The `tmuxRecording` fixture's value, checked (it may come from the config's `provide`).
 * @throws {ConfigError} unless it is 'on-failure', 'always' or 'off'.
 */
export function checkRecordingMode(mode: unknown): RecordingMode {
  if (RECORDING_MODES.includes(mode as RecordingMode)) return mode as RecordingMode;
  const modes = RECORDING_MODES.map((name) => `'${name}'`);
  const hint = typeof mode === 'string' ? didYouMean(mode, RECORDING_MODES) : '';
  throw new ConfigError(`tmuxRecording must be ${modes.slice(0, -1).join(', ')} or ${modes.at(-1)}; got ${describeValue(mode)}.${hint}`);
}

/** Options of `toHaveFgColor` and `toHaveBgColor`. */
export interface ColorAssertionOptions {
  /** Longest wait, in ms. @default 5000 (WAIT.timeout), or what is left of the test's own timeout less 1000 ms (VITEST_CONSTANTS.timeoutMargin) */
  timeout?: number;
  /** Compare the colour as stored (its kind and value) instead of as drawn through the theme. @default false */
  raw?: boolean;
}

const COLOR_OPTIONS: Record<keyof ColorAssertionOptions, true> = { timeout: true, raw: true };

/**
 * The options of a colour matcher (`matcher`), checked, with the timeout resolved.
 * @throws {ConfigError} for an unknown option, a bad `timeout` or a `raw` that is not a boolean.
 */
export function resolveColorOptions(options: unknown, task: Task, matcher: string): { timeout: WaitTimeout; raw: boolean } {
  const given = checkObject(matcher, options) as ColorAssertionOptions;
  checkKnown(matcher, given as Record<string, unknown>, COLOR_OPTIONS);
  checkTimeout(matcher, given.timeout);
  if (given.raw !== undefined && typeof given.raw !== 'boolean') fail(matcher, 'raw', 'true or false', given.raw);
  return { raw: given.raw ?? false, timeout: resolveTimeout(given.timeout, WAIT.timeout, testDeadline(task), systemClock.now()) };
}
