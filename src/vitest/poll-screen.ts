/** Polls a live screen until a condition holds or time runs out, keeping the last screen read. */
import { systemClock } from '../wait.js';
import type { Clock } from '../wait.js';
import type { ScreenSnapshot } from '../snapshot.js';

/** Options of {@link pollScreen}. */
export interface PollScreenOptions {
  /** Longest wait, in ms; the condition is checked once more at the deadline. */
  timeout: number;
  /** Pause between two reads, in ms. */
  interval: number;
  /** Time source. @default systemClock */
  clock?: Clock;
  /** Stops the wait early (the test's `signal`: aborted when the test times out). */
  signal?: AbortSignal | undefined;
  /**
   * Ends a pause early, e.g. when new output reaches a live screen: called with the pause's length
   * in ms, it resolves when the screen may have changed. @default the clock's sleep
   */
  wake?: ((ms: number) => Promise<unknown>) | undefined;
}

/** What {@link pollScreen} ended with: the condition's value, or the last screen when time ran out. */
export type PollResult<T> = { met: true; value: T; snapshot: ScreenSnapshot } | { met: false; snapshot: ScreenSnapshot };

/**
 * Reads the screen now, then after each pause (`interval` ms, ended early by `wake`), until
 * `condition` returns something other than `undefined`, at most `timeout` ms, or until `signal`
 * aborts.
 */
export async function pollScreen<T>(
  read: () => ScreenSnapshot,
  condition: (snapshot: ScreenSnapshot) => T | undefined | Promise<T | undefined>,
  options: PollScreenOptions,
): Promise<PollResult<T>> {
  const clock = options.clock ?? systemClock;
  const deadline = clock.now() + options.timeout;
  for (;;) {
    const snapshot = read();
    const value = await condition(snapshot);
    if (value !== undefined) return { met: true, value, snapshot };
    const remaining = deadline - clock.now();
    if (remaining <= 0 || options.signal?.aborted) return { met: false, snapshot };
    const pause = Math.min(options.interval, remaining);
    await (options.wake ? options.wake(pause) : clock.sleep(pause));
  }
}
