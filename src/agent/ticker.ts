/**
 * The background screenshot ticker of timed runs: a frame every interval until the deadline,
 * whatever the model does, so a timed GIF or video request is a mechanical guarantee.
 */
import type { Sleep } from './sleep.js';

/** A running ticker; `stop()` ends it. */
export interface Ticker {
  /** Stops ticking and resolves when the frame in progress is saved. @throws the error of a failed frame. */
  stop(): Promise<void>;
}

/**
 * Starts taking frames: `shoot(n)` for n = 1, 2, … at `start + n · interval` (ms on `clock`)
 * while that is before `deadline`. A failed frame stops the ticker; `stop()` rethrows its error.
 */
export function startTicker(
  shoot: (n: number) => Promise<void>,
  timing: { start: number; interval: number; deadline: number },
  clock: () => number,
  sleep: Sleep,
): Ticker {
  const abort = new AbortController();
  let failure: { error: unknown } | undefined;
  const loop = (async () => {
    for (let n = 1; ; n++) {
      const due = timing.start + n * timing.interval;
      if (due >= timing.deadline) return;
      await sleep(Math.max(0, due - clock()), abort.signal);
      if (abort.signal.aborted) return;
      await shoot(n);
    }
  })().catch((error: unknown) => {
    failure = { error };
  });
  return {
    async stop() {
      abort.abort();
      await loop;
      if (failure) throw failure.error;
    },
  };
}

