/**
 * How the agent spends time, on a {@link Clock} (src/wait.ts): pauses that never end early, and
 * the background screenshot ticker of timed runs. Both are built on `poll`, so a timer that fires
 * a little early is followed by one for the rest: a pause cut to the time left of a run really
 * reaches its deadline.
 */
import { poll, type Clock } from '../wait.js';

/** Waits until `ms` milliseconds have passed on `clock`, never less; at once when `signal` aborts. Never rejects. */
export async function pause(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  await poll(() => undefined, { timeout: ms, interval: Number.POSITIVE_INFINITY, clock, signal });
}

/** A running ticker; `stop()` ends it. */
export interface Ticker {
  /**
   * Stops ticking and resolves when the frame in progress is saved.
   * @throws {Error} the error of a frame that failed (whatever `shoot` threw).
   */
  stop(): Promise<void>;
}

/**
 * Starts taking frames, whatever the model does, so a timed GIF or video request is a mechanical
 * guarantee: `shoot(n)` for n = 1, 2, … at `start + n · interval` (ms on `clock`) while that is
 * before `deadline`. A failed frame stops the ticker; `stop()` rethrows its error.
 */
export function startTicker(shoot: (n: number) => Promise<void>, timing: { start: number; interval: number; deadline: number }, clock: Clock): Ticker {
  const abort = new AbortController();
  let next = 1;
  const due = () => timing.start + next * timing.interval;
  const over = () => abort.signal.aborted || due() >= timing.deadline;
  const frame = async () => {
    if (over()) return true;
    if (clock.now() >= due()) await shoot(next++);
    return over() || undefined;
  };
  let failure: { error: unknown } | undefined;
  const frames = poll(frame, { timeout: Number.POSITIVE_INFINITY, interval: () => due() - clock.now(), clock, signal: abort.signal }).catch(
    (error: unknown) => {
      failure = { error };
    },
  );
  return {
    async stop() {
      abort.abort();
      await frames;
      if (failure) throw failure.error;
    },
  };
}
