/**
 * `toShowText` (auto-retrying over the live screen; `.not` waits for the text to go) and
 * `toMatchScreenText` (the screen text through Vitest's own snapshot mechanism, so `-u`, CI and
 * obsolete-snapshot reports behave natively).
 */
import type { MatcherResult, MatcherState } from 'vitest';
import { Snapshots } from 'vitest';
import { VITEST, WAIT } from '../defaults.js';
import { TmuxShotError } from '../errors.js';
import { checkPattern } from '../app/index.js';
import { findText, normalizeText, snapshotText } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { resolveTimeout, systemClock } from '../wait.js';
import { formatBadSubject, formatHeader, formatPattern, formatScreenshotFailure, formatTextFailure } from './failure-message.js';
import { describeReadChange } from './cell-lines.js';
import { checkScreenTextOptions, checkShowTextOptions } from './matcher-options.js';
import { pollScreen } from './poll-screen.js';
import { formatScreenText, STYLES_HEADER } from './screen-text.js';
import { settleLive } from './settle.js';
import { classifySubject, describeReceived } from './subject.js';
import type { AppExit, LiveScreen } from './subject.js';
import { attemptSignal, testDeadline, trackWait } from './test-timeout.js';

/** A matcher's `{ pass, message }` (Vitest's synchronous `MatcherResult`). */
export type SyncExpectationResult = Exclude<MatcherResult, PromiseLike<unknown>>;

/** Options of `toShowText`. */
export interface ToShowTextOptions {
  /** Longest wait, in ms. @default 5000 (WAIT.timeout), or what is left of the test's own timeout less 500 ms (VITEST.timeoutMargin) */
  timeout?: number;
}

/** Options of `toMatchScreenText`. */
export interface ScreenTextOptions {
  /**
   * Store the text in this file (Vitest's `toMatchFileSnapshot`, relative to the test file)
   * instead of the test file's `__snapshots__/*.snap`.
   */
  file?: string;
  /** Append the styled runs (colours, bold, inverse…) after the text. @default true */
  styles?: boolean;
  /** Volatile text replaced by `*` before comparing (clocks, pids…), as `normalizeText` does. @default [] */
  mask?: readonly RegExp[];
  /**
   * Longest wait for the screen to settle first, in ms; 0 waits without limit.
   * @default 5000 (VITEST.settleTimeout), or what is left of the test's own timeout less 500 ms (VITEST.timeoutMargin)
   */
  timeout?: number;
}

/** A screen source: live (re-read on every poll) or a fixed snapshot. */
interface ScreenSource {
  read: () => ScreenSnapshot;
  /** The app, for a live screen. */
  live: LiveScreen | undefined;
  /** Resolves when a live screen took new output, or after `ms`. */
  wake?: ((ms: number) => Promise<unknown>) | undefined;
  /** How a live app ended, once it has (undefined while it runs or when it cannot say). */
  exitStatus?: (() => Promise<AppExit | undefined>) | undefined;
  /** How messages name the subject. */
  label: string;
}

function sourceOf(matcher: string, isNot: boolean, received: unknown): ScreenSource {
  const subject = classifySubject(received);
  if (subject?.kind === 'live') {
    const { live } = subject;
    const wake = live.waitForOutput ? (ms: number) => wakeOnOutput(live, ms) : undefined;
    const exitStatus = live.exitStatus ? () => live.exitStatus!().catch(() => undefined) : undefined; // closed: unknown
    return { read: () => live.screen(), live, label: 'tmuxApp', wake, exitStatus };
  }
  if (subject?.kind === 'snapshot') return { read: () => subject.snapshot, live: undefined, label: 'screen' };
  const accepts = 'a tmuxApp, a TmuxApp or a screen snapshot';
  throw new TmuxShotError(formatBadSubject(formatHeader(matcher, isNot), accepts, describeReceived(received)));
}

/**
 * Resolves when `live` reports new output, else after `ms`: a closed app's `waitForOutput`
 * answers false at once, and the poll would then re-read the screen without pausing.
 */
async function wakeOnOutput(live: LiveScreen, ms: number): Promise<void> {
  const until = systemClock.now() + ms;
  if ((await live.waitForOutput!({ timeout: ms })) !== false) return;
  const left = until - systemClock.now();
  if (left > 0) await systemClock.sleep(left);
}

/**
 * Passes when the screen shows `pattern` (a substring, or a RegExp tested on each row, as
 * `findText` does). Over a live app it re-reads the screen whenever new output reaches it (and
 * at least every 50 ms, WAIT.pollMs) until `timeout`, and fails at once when the app has exited
 * without showing it; under `.not` it waits for the text to disappear. A snapshot is checked once.
 * @throws {TmuxShotError} when `received` is not a screen; {@link ConfigError} for a pattern
 *   that is not a string or RegExp, or options of the wrong type.
 */
export async function toShowText(
  this: MatcherState,
  received: unknown,
  pattern: string | RegExp,
  options?: ToShowTextOptions,
): Promise<SyncExpectationResult> {
  const { read, live, label, wake, exitStatus } = sourceOf('toShowText', this.isNot, received);
  checkPattern(pattern, 'toShowText');
  const timeout = resolveTimeout(checkShowTextOptions(options).timeout, WAIT.timeout, testDeadline(this.task), systemClock.now());
  const isNot = this.isNot === true; // Vitest leaves it undefined when not negated
  const goal = async (snapshot: ScreenSnapshot): Promise<{ exit?: AppExit } | undefined> => {
    if ((findText(snapshot, pattern) === undefined) === isNot) return {};
    const exit = isNot ? undefined : await exitStatus?.();
    // Once exited, all its output is on the screen: text still missing never comes. Text that the
    // last output brought is found by the next read.
    return exit && !findText(read(), pattern) ? { exit } : undefined;
  };
  const header = formatHeader('toShowText', this.isNot, [formatPattern(pattern)], label);
  const poll = { timeout: live ? timeout.ms : 0, interval: WAIT.pollMs, signal: attemptSignal(this.task), wake };
  const result = await trackWait(this.task, { what: header, timeout, screenText: () => snapshotText(read()) }, () => pollScreen(read, goal, poll));
  const exit = result.met ? result.value.exit : undefined;
  const snapshot = exit ? read() : result.snapshot; // an exited app's last screen, all output drawn
  const found = findText(snapshot, pattern);
  const screenText = snapshotText(snapshot);
  return {
    pass: found !== undefined,
    message: () =>
      found
        ? formatTextFailure(header, { kind: 'still-shown', pattern, timeout, screenText, at: found })
        : exit
          ? formatTextFailure(header, { kind: 'exited', pattern, screenText, exit })
          : formatTextFailure(header, { kind: 'not-shown', pattern, timeout, screenText }),
  };
}

/** The text to store: masked screen text, then the style runs untouched (masks never hit them). */
function screenTextOf(snapshot: ScreenSnapshot, options: ScreenTextOptions): string {
  const text = formatScreenText(snapshot, { styles: options.styles ?? VITEST.screenTextStyles });
  if (!options.mask?.length) return text;
  const split = text.indexOf(`\n\n${STYLES_HEADER}\n`);
  const body = split === -1 ? text : text.slice(0, split);
  return normalizeText(body, options.mask) + (split === -1 ? '' : text.slice(split));
}

/**
 * Compares the screen's text (see `formatScreenText`) with a Vitest snapshot: the test file's
 * `.snap` under `hint`, or `options.file`. A live screen must settle first: the app's answer to
 * the last input, then two identical reads on the widening schedule of `VITEST.settleIntervals`.
 * `-u`, CI (`--ci`, update mode 'none') and obsolete snapshots work as for `toMatchSnapshot`.
 * @throws {TmuxShotError} when `received` is not a screen; {@link ConfigError} for options of the
 *   wrong type.
 */
export async function toMatchScreenText(
  this: MatcherState,
  received: unknown,
  hintOrOptions?: string | ScreenTextOptions,
  maybeOptions?: ScreenTextOptions,
): Promise<SyncExpectationResult> {
  const hint = typeof hintOrOptions === 'string' ? hintOrOptions : undefined;
  const options = checkScreenTextOptions(hintOrOptions === undefined || typeof hintOrOptions === 'string' ? maybeOptions : hintOrOptions);
  const { read, live, label } = sourceOf('toMatchScreenText', this.isNot, received);
  const header = formatHeader('toMatchScreenText', false, hint === undefined ? [] : [`'${hint}'`], label);
  const timeout = resolveTimeout(options.timeout, VITEST.settleTimeout, testDeadline(this.task), systemClock.now());
  const settle = (app: LiveScreen) => settleLive(app, { timeout: timeout.ms, signal: attemptSignal(this.task) });
  const wait = { what: header, timeout, screenText: () => snapshotText(read()) };
  const settled = live ? await trackWait(this.task, wait, () => settle(live)) : { settled: true as const, snapshot: read() };
  if (!settled.settled) {
    const cellLines = describeReadChange(settled.previous, settled.last, VITEST.listedCells);
    const failure = { kind: 'unsettled', timeout, cellLines, previous: undefined, last: undefined } as const;
    return { pass: false, message: () => formatScreenshotFailure(header, failure) };
  }
  const text = screenTextOf(settled.snapshot, options);
  if (options.file !== undefined) return Snapshots.toMatchFileSnapshot.call(this, text, options.file, hint);
  return Snapshots.toMatchSnapshot.call(this, text, hint);
}
