/** Polling waits over an injected {@link Clock}. Pure logic: the caller wires real time. */
import { systemClock } from './clock.js';
import type { Clock } from './clock.js';

/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /** How long to keep trying, in ms, measured on `clock`; the probe runs once more at the deadline. */
  timeout: number;
  /** Pause between probes, in ms (the last pause is cut short at the deadline). */
  pollMs: number;
  /** Time source. @default systemClock (performance.now and setTimeout) */
  clock?: Clock;
  /**
   * Builds the error to reject with when time runs out (typically a `WaitTimeoutError` with the
   * screen text). Its stack is replaced by the stack of the `waitFor` call, so the failure points
   * at the test line that started the wait rather than at a timer.
   */
  onTimeout: () => Error;
}

/**
 * Runs `probe` now and then every `pollMs` until it returns something other than `undefined`.
 * @returns The first defined value the probe returned.
 * @throws The error from `onTimeout` when `timeout` ms pass without one; whatever `probe` throws,
 *   unchanged and at once.
 * @example
 *   const match = await waitFor(() => findText(model.snapshot(), /ready/), {
 *     timeout: 5000, pollMs: 50, onTimeout: () => new WaitTimeoutError('…', 5000, model.text()),
 *   });
 */
export async function waitFor<T>(probe: () => T | undefined, options: WaitForOptions): Promise<T> {
  const callSite: { stack?: string } = {};
  Error.captureStackTrace(callSite, waitFor);
  const clock = options.clock ?? systemClock;
  const start = clock.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    const remaining = options.timeout - (clock.now() - start);
    if (remaining <= 0) throw withStack(options.onTimeout(), callSite.stack);
    await clock.sleep(Math.min(options.pollMs, remaining));
  }
}

/** `error` with the frames of `callSite` under its own first line (name and message). */
function withStack(error: Error, callSite: string | undefined): Error {
  const framesAt = callSite?.indexOf('\n') ?? -1;
  if (framesAt !== -1) error.stack = `${error.name}: ${error.message}${callSite?.slice(framesAt)}`;
  return error;
}
