/**
 * How long a wait may take. A wait's timeout is the caller's own, or the default cut short by a
 * {@link Deadline}: inside a Vitest test, the moment just before the test's own timeout, so that
 * the wait fails with its own message (what it waited for, the screen) instead of Vitest's "Test
 * timed out". Playwright bounds its actions by the test timeout the same way. (Issue 11 makes this
 * file the home of the one polling primitive.)
 */
import { ConfigError, describeValue } from './errors.js';

/** A moment by which every wait without a `timeout` of its own must end. */
export interface Deadline {
  /** When, in `performance.now()` ms. */
  at: number;
  /** What sets it, for messages: `the test's 5000 ms timeout`. */
  reason: string;
}

/** The timeout of one wait. */
export interface WaitTimeout {
  /** How long the wait may take, in ms. */
  ms: number;
  /** The deadline's reason when it cut the default short (an explicit timeout is never cut). */
  cutBy?: string | undefined;
}

/**
 * The timeout of one wait: `explicit` when given, else `fallback`, or the time left until
 * `deadline` when that is shorter — at least 1 ms, so a wait past the deadline still looks once
 * (and 0, "no limit" for settling, only ever comes from the caller).
 * @param name The option's name, for the error message. @default 'timeout'
 * @throws ConfigError when `explicit` is neither undefined nor a finite number of ms ≥ 0.
 * @example
 *   resolveTimeout(undefined, 5000, { at: 4000, reason: "the test's 5000 ms timeout" }, 1000)
 *   // → { ms: 3000, cutBy: "the test's 5000 ms timeout" }
 */
export function resolveTimeout(explicit: unknown, fallback: number, deadline: Deadline | undefined, now: number, name = 'timeout'): WaitTimeout {
  if (explicit !== undefined) return { ms: checkDuration(explicit, name) };
  const left = deadline ? Math.max(1, Math.floor(deadline.at - now)) : Number.POSITIVE_INFINITY;
  return left < fallback ? { ms: left, cutBy: deadline?.reason } : { ms: fallback };
}

/** A timeout for messages: `5000 ms`, or `3000 ms (what was left of the test's 5000 ms timeout)`. */
export function formatTimeout(timeout: WaitTimeout): string {
  return timeout.cutBy ? `${timeout.ms} ms (what was left of ${timeout.cutBy})` : `${timeout.ms} ms`;
}

/**
 * `value` when it is a duration option in ms: a finite number ≥ 0.
 * @throws ConfigError otherwise, naming the option and what it got.
 */
export function checkDuration(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  throw new ConfigError(`${name} must be a number of ms, 0 or more; got ${describeValue(value)}.`);
}
