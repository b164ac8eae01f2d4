/** The runner's notion of waiting, injectable so tests skip real waits. */

/** Waits `ms` milliseconds; resolves early (never rejects) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The default {@link Sleep}: a timer, cleared when `signal` aborts. It never ends early against
 * `performance.now()`: `setTimeout` truncates to whole ms and libuv counts from a cached ms
 * clock, which fired 116 of 200 fractional delays early here (by up to 1.3 ms), so it waits
 * `ceil(ms) + 1` ms. Deadlines cut to the time left then really are reached.
 */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.ceil(ms) + 1);
    signal?.addEventListener('abort', done, { once: true });
  });
