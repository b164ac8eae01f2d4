/**
 * "Is the screen still moving?" for screenshots and screen-text snapshots. First the app's answer
 * to the last input (a key or a resize: see `TmuxApp.waitForStable`), then reads of the cell grid
 * on a widening schedule until two in a row are identical — Playwright's `toHaveScreenshot`
 * algorithm (server/page.ts `expectScreenshot`: retakes 0, 100, 250, 500, 1000, 1000… ms apart),
 * on cells, so a read costs microseconds instead of a screenshot. Built on `poll` (wait.ts).
 */
import type { RunnerTestCase } from 'vitest';
import { WAIT_CONSTANTS } from '../../defaults.js';
import { screensEqual, snapshotText } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { poll, systemClock } from '../../wait.js';
import type { Clock, WaitTimeout } from '../../wait.js';
import { VITEST } from '../options.js';
import type { LiveScreen } from './subject.js';
import { attemptSignal, trackWait } from '../test-timeout.js';

/** Options of {@link settleScreen}. */
export interface SettleOptions<T> {
  /** Longest wait, in ms; 0 waits without limit (as in Vitest). */
  timeout: number;
  /** Pauses before each re-read, in ms; the last one repeats. @default VITEST.settleIntervals (100, 250, 500, 1000) */
  intervals?: readonly number[];
  /** Time source. @default systemClock */
  clock?: Clock;
  /** Stops the wait early, as if the timeout had passed (the test's `signal`). */
  signal?: AbortSignal | undefined;
  /**
   * Called with the first read and with each read that differs from the one before; a value other
   * than undefined ends the wait at once (a screenshot that matches its baseline needs no more
   * reads). @default none: only a stable screen ends the wait
   */
  accept?: ((snapshot: ScreenSnapshot) => T | undefined) | undefined;
}

/** What {@link settleScreen} saw. */
export type SettleResult<T> =
  /** Two reads in a row were equal, or `accept` took the last one (then `accepted` is what it returned). */
  | { settled: true; snapshot: ScreenSnapshot; accepted?: T }
  /** The screen was still changing at the deadline; `previous` and `last` are the final two reads. */
  | { settled: false; previous: ScreenSnapshot; last: ScreenSnapshot };

/**
 * Reads the screen, then again after each pause of the schedule, until a read equals the one
 * before (`screensEqual`: cells, cursor and alternate screen) or `accept` takes one, at most
 * `timeout` ms: a redraw that pauses up to 100 ms is still seen, and a screen that keeps changing
 * is read less and less often. It reads at least twice, so a failure can say how the screen moved;
 * two reads closer together than the schedule's first pause do not count as stable, so when less
 * than that is left after a read that changed, the wait ends there. (A `timeout` shorter than
 * that pause leaves room for just two reads, which then decide.)
 * @returns `settled: true` with the stable (or accepted) snapshot, or `settled: false` with the
 *   last two reads.
 */
export async function settleScreen<T = never>(read: () => ScreenSnapshot, options: SettleOptions<T>): Promise<SettleResult<T>> {
  const clock = options.clock ?? systemClock;
  const intervals = options.intervals ?? VITEST.settleIntervals;
  const deadline = options.timeout === 0 ? Number.POSITIVE_INFINITY : clock.now() + options.timeout;
  let previous: ScreenSnapshot | undefined;
  let step = 0;
  /** Set when the pause before the next read reaches the deadline: that read is the last. */
  let lastRead = false;
  const pause = (): number => {
    const interval = intervals[Math.min(step++, intervals.length - 1)] ?? 0;
    const remaining = deadline - clock.now();
    lastRead = remaining <= interval;
    return Math.max(0, Math.min(interval, remaining));
  };
  const probe = (): SettleResult<T> | undefined => {
    const snapshot = read();
    if (previous && screensEqual(previous, snapshot)) return { settled: true, snapshot };
    const accepted = options.accept?.(snapshot);
    if (accepted !== undefined) return { settled: true, snapshot, accepted };
    // A read after a pause shorter than the schedule's first cannot show a screen stable: two reads
    // 10 ms apart of a screen redrawn every 40 ms are mostly equal. So when less than that is left
    // before the deadline, the wait ends here instead of with one more read.
    const tooLate = deadline - clock.now() < (intervals[0] ?? 0);
    if (previous && (lastRead || tooLate || options.signal?.aborted)) return { settled: false, previous, last: snapshot };
    previous = snapshot;
    return undefined;
  };
  // The probe decides when the wait ends, by the schedule: a timer may fire a fraction of a
  // millisecond before the deadline, and a deadline check after the read would then add a read
  // right after the last one — two equal reads of a screen that never settles.
  const settled = await poll(probe, { timeout: Number.POSITIVE_INFINITY, interval: pause, clock });
  return settled!;
}

/**
 * Settles a live screen: waits for the app's answer to the last input (at most the longest answer
 * window, `WAIT_CONSTANTS.resizeAnswerMs`; `TmuxApp.waitForStable` decides how long each input gets), then
 * {@link settleScreen} with the time left.
 */
export async function settleLive<T = never>(live: LiveScreen, options: SettleOptions<T>): Promise<SettleResult<T>> {
  const { timeout } = options;
  const answerTimeout = timeout === 0 ? WAIT_CONSTANTS.resizeAnswerMs : Math.min(WAIT_CONSTANTS.resizeAnswerMs, timeout);
  const { afterMs = 0 } = (await live.waitForStable?.({ quietMs: 0, timeout: answerTimeout })) ?? {};
  const remaining = timeout === 0 ? 0 : Math.max(1, timeout - afterMs);
  return settleScreen(() => live.screen(), { ...options, timeout: remaining });
}

/**
 * {@link settleLive} as a matcher of `task` runs it: for `timeout`, as a pending wait of the test
 * named `what` (see `trackWait`), ended early by the test's signal when the test times out.
 */
export function settleInTest<T = never>(
  live: LiveScreen,
  task: Readonly<RunnerTestCase> | undefined,
  what: string,
  timeout: WaitTimeout,
  accept?: (snapshot: ScreenSnapshot) => T | undefined,
): Promise<SettleResult<T>> {
  const wait = { what, timeout, screenText: () => snapshotText(live.screen()) };
  return trackWait(task, wait, () => settleLive(live, { timeout: timeout.ms, signal: attemptSignal(task), accept }));
}
