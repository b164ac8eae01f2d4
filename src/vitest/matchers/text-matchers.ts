/**
 * `toShowText` (auto-retrying over the live screen; `.not` waits for the text to go) and
 * `toMatchScreenText` (the screen text through Vitest's own snapshot mechanism, so `-u`, CI and
 * obsolete-snapshot reports behave natively).
 */
import type { MatcherState } from 'vitest';
import { Snapshots } from 'vitest';
import { VITEST_CONSTANTS, WAIT_CONSTANTS } from '../../defaults.js';
import { AppExitedError, TmuxShotError, WaitTimeoutError } from '../../errors.js';
import type { ExitStatus } from '../../app/index.js';
import { checkPattern } from '../../app/index.js';
import { findText, formatPattern, snapshotText } from '../../screen/index.js';
import type { TextMatch } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { poll, systemClock } from '../../wait.js';
import type { WaitTimeout } from '../../wait.js';
import { describeReadChange } from './cell-lines.js';
import { formatBadSubject, formatHeader, formatScreenshotFailure, formatTextFailure } from './failure-message.js';
import type { SyncExpectationResult } from './failure-message.js';
import { resolveScreenTextOptions, resolveShowTextOptions } from '../options.js';
import type { ScreenTextOptions, ToShowTextOptions } from '../options.js';
import { formatScreenText } from './screen-text.js';
import { settleInTest } from './settle.js';
import { assertOwnExpect, classifySubject, describeReceived, subjectLabel, testOfAssertion } from './subject.js';
import type { LiveScreen } from './subject.js';
import { attemptSignal, trackWait } from '../test-timeout.js';

/** A screen source: live (re-read on every poll) or a fixed snapshot. */
export interface ScreenSource {
  read: () => ScreenSnapshot;
  /** The app, for a live screen. */
  live: LiveScreen | undefined;
  /** Resolves when a live screen took new output, or after `ms`. */
  wake?: ((ms: number) => Promise<unknown>) | undefined;
  /** How messages name the subject. */
  label: string;
}

/**
 * The screen `received` offers: a live app's, re-read on each poll and woken by its output, or a
 * snapshot's. @throws {TmuxShotError} naming `matcher` and what it takes for anything else.
 */
export function sourceOf(matcher: string, isNot: boolean, received: unknown): ScreenSource {
  const subject = classifySubject(received);
  if (subject?.kind === 'live') {
    const { live } = subject;
    const wake = live.waitForOutput ? (ms: number) => wakeOnOutput(live, ms) : undefined;
    return { read: () => live.screen(), live, label: subjectLabel(subject), wake };
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

/** What a text wait saw last: the screen, where the pattern is on it, and how the app ended if it exited without showing it. */
interface Seen {
  screenText: string;
  at: TextMatch | undefined;
  exit?: ExitStatus;
}

/**
 * Hands the wait to the app's own `waitForText`, which re-reads the screen on output and fails at
 * once when the app has exited without showing the pattern (all its output is on the screen then:
 * text still missing never comes).
 */
async function appShows(
  live: LiveScreen,
  pattern: string | RegExp,
  { timeout, scrollback }: { timeout: WaitTimeout; scrollback: boolean },
  signal: AbortSignal | undefined,
): Promise<Seen> {
  try {
    const at = await live.waitForText!(pattern, { timeout: timeout.ms, signal, scrollback });
    return { at, screenText: snapshotText(live.screen()) };
  } catch (error) {
    if (error instanceof AppExitedError) return { at: undefined, screenText: error.screenText, exit: { exitCode: error.exitCode, signal: error.signal } };
    if (error instanceof WaitTimeoutError) return { at: undefined, screenText: error.screenText };
    throw error;
  }
}

/** Re-reads a live screen (on output, at least every `WAIT_CONSTANTS.pollMs`) until it shows `pattern`, or under `isNot` no longer does. */
async function pollShows(source: ScreenSource, pattern: string | RegExp, isNot: boolean, timeout: WaitTimeout, signal: AbortSignal | undefined): Promise<Seen> {
  let snapshot!: ScreenSnapshot; // the poll reads at least once
  const done = () => ((findText((snapshot = source.read()), pattern) === undefined) === isNot ? true : undefined);
  await poll(done, { timeout: timeout.ms, interval: WAIT_CONSTANTS.pollMs, wake: source.wake, signal });
  return { at: findText(snapshot, pattern), screenText: snapshotText(snapshot) };
}

/**
 * Passes when the screen shows `pattern` (a substring, or a RegExp tested on each row, as
 * `findText` does). Over a live app it re-reads the screen whenever new output reaches it (and
 * at least every 50 ms, WAIT_CONSTANTS.pollMs) until `timeout`, and fails at once when the app has exited
 * without showing it (the app's `waitForText` does both); under `.not` it waits for the text to
 * disappear. A snapshot is checked once, and the result returned at once (not a Promise). With `scrollback`, a live app's lines above the screen
 * are searched too (a match's row then counts from the oldest line kept, and the failure's screen
 * is the whole buffer under `.not`); a snapshot is searched with whatever lines it holds.
 * @throws {TmuxShotError} when `received` is not a screen; {@link ConfigError} for a pattern
 *   that is not a string or RegExp, or options of the wrong type.
 */
export function toShowText(
  this: MatcherState,
  received: unknown,
  pattern: string | RegExp,
  options?: ToShowTextOptions,
): SyncExpectationResult | Promise<SyncExpectationResult> {
  const screen = sourceOf('toShowText', this.isNot, received);
  checkPattern(pattern, 'toShowText');
  const task = testOfAssertion(this, received);
  const { timeout, scrollback } = resolveShowTextOptions(options, task);
  const { live } = screen;
  const source = scrollback && live ? { ...screen, read: () => live.screen({ scrollback }) } : screen;
  const isNot = this.isNot === true; // Vitest leaves it undefined when not negated
  const header = formatHeader('toShowText', this.isNot, [formatPattern(pattern), ...(scrollback ? ['{ scrollback: true }'] : [])], source.label);
  const result = ({ at, screenText, exit }: Seen): SyncExpectationResult => ({
    pass: at !== undefined,
    message: () =>
      at
        ? formatTextFailure(header, { kind: 'still-shown', pattern, timeout, screenText, at })
        : exit
          ? formatTextFailure(header, { kind: 'exited', pattern, screenText, exit })
          : formatTextFailure(header, { kind: 'not-shown', pattern, timeout, screenText }),
  });
  // A snapshot is checked at once, not in a Promise: a missing await still fails its own test.
  if (!live) {
    const snapshot = source.read();
    return result({ at: findText(snapshot, pattern), screenText: snapshotText(snapshot) });
  }
  const signal = attemptSignal(task);
  return trackWait(task, { what: header, timeout, screenText: () => snapshotText(source.read()) }, () =>
    !isNot && live.waitForText ? appShows(live, pattern, { timeout, scrollback }, signal) : pollShows(source, pattern, isNot, timeout, signal),
  ).then(result);
}

/**
 * Compares the screen's text (see `formatScreenText`) with a Vitest snapshot: the test file's
 * `.snap` under `hint`, or `options.file`. A live screen must settle first: the app's answer to
 * the last input, then two identical reads on the widening schedule of `VITEST.settleIntervals`.
 * `-u`, CI (`--ci`, update mode 'none') and obsolete snapshots work as for `toMatchSnapshot`.
 * @throws {TmuxShotError} when `received` is not a screen, or is the `tmuxApp` of another test
 *   than this `expect`'s (see `assertOwnExpect`); {@link ConfigError} for options of the wrong type.
 */
export async function toMatchScreenText(
  this: MatcherState,
  received: unknown,
  hintOrOptions?: string | ScreenTextOptions,
  maybeOptions?: ScreenTextOptions,
): Promise<SyncExpectationResult> {
  const hint = typeof hintOrOptions === 'string' ? hintOrOptions : undefined;
  const options = resolveScreenTextOptions(hintOrOptions === undefined || typeof hintOrOptions === 'string' ? maybeOptions : hintOrOptions, this.task);
  const { read, live, label } = sourceOf('toMatchScreenText', this.isNot, received);
  const header = formatHeader('toMatchScreenText', false, hint === undefined ? [] : [`'${hint}'`], label);
  assertOwnExpect(this, received, header);
  const settled = live ? await settleInTest(live, this.task, header, options.timeout) : { settled: true as const, snapshot: read() };
  if (!settled.settled) {
    const cellLines = describeReadChange(settled.previous, settled.last, VITEST_CONSTANTS.listedCells);
    const failure = { kind: 'unsettled', timeout: options.timeout, cellLines, previous: undefined, last: undefined } as const;
    return { pass: false, message: () => formatScreenshotFailure(header, failure) };
  }
  const text = formatScreenText(settled.snapshot, { styles: options.styles, mask: options.mask });
  if (options.file !== undefined) return Snapshots.toMatchFileSnapshot.call(this, text, options.file, hint);
  return Snapshots.toMatchSnapshot.call(this, text, hint);
}
