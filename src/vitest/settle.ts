/**
 * "Is the screen still moving?" for screenshots: poll the live model until two consecutive grids
 * are identical, as Vitest's `toMatchScreenshot` waits for two identical screenshots — but on
 * cells, which costs microseconds instead of a render each time.
 */
import { screensEqual, systemClock } from '../screen/index.js';
import type { Clock, ScreenSnapshot } from '../screen/index.js';

/** Options of {@link settleScreen}. */
export interface SettleOptions {
  /** Longest wait, in ms. */
  timeout: number;
  /** Pause between two grid reads, in ms. */
  interval: number;
  /** Time source. @default systemClock */
  clock?: Clock;
  /** Stops the wait early, as if the timeout had passed (the test's `signal`). */
  signal?: AbortSignal | undefined;
}

/** What {@link settleScreen} saw. */
export type SettleResult =
  | { settled: true; snapshot: ScreenSnapshot }
  /** The screen was still changing at the deadline; `previous` and `last` are the final two reads. */
  | { settled: false; previous: ScreenSnapshot; last: ScreenSnapshot };

/**
 * Reads the screen, then again every `interval` ms, until a read equals the one before
 * (`screensEqual`: cells, cursor and alternate screen), at most `timeout` ms (0: no limit, as in
 * Vitest).
 * @returns `settled: true` with the stable snapshot, or `settled: false` with the last two reads.
 */
export async function settleScreen(read: () => ScreenSnapshot, options: SettleOptions): Promise<SettleResult> {
  const clock = options.clock ?? systemClock;
  const deadline = options.timeout === 0 ? Number.POSITIVE_INFINITY : clock.now() + options.timeout;
  let previous = read();
  for (;;) {
    const remaining = deadline - clock.now();
    await clock.sleep(Math.max(0, Math.min(options.interval, remaining)));
    const last = read();
    if (screensEqual(previous, last)) return { settled: true, snapshot: last };
    if (remaining <= options.interval || options.signal?.aborted) return { settled: false, previous, last };
    previous = last;
  }
}
