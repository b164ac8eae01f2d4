/**
 * Waiting, in one place: the one polling loop every wait of the library is built on ({@link poll}:
 * readiness, text waits, settling, matchers, the host's waits for processes), its time source
 * ({@link Clock}), and how long a wait may take. A wait's timeout is the caller's own, or the
 * default cut short by a {@link Deadline}: inside a Vitest test, the moment just before the test's
 * own timeout, so that the wait fails with its own message (what it waited for, the screen) instead
 * of Vitest's "Test timed out". Playwright bounds its actions by the test timeout the same way
 * (its `server/progress.ts` is the model for one primitive).
 */
import { performance as nodePerformance } from 'node:perf_hooks';
import {
  clearImmediate as nodeClearImmediate,
  clearTimeout as nodeClearTimeout,
  setImmediate as nodeSetImmediate,
  setTimeout as nodeSetTimeout,
} from 'node:timers';
import { ConfigError, describeValue } from './errors.js';

/**
 * Node's own timers and clocks, taken once when this module loads. Fake timers (Vitest's
 * `vi.useFakeTimers()`, sinon's) later replace the globals — `setTimeout`, `performance`,
 * `Date` — and the exports of `node:timers`, and a test that fakes time must not stop the
 * library's waits, teardown and tmux timeouts: they all run on {@link systemClock}, built on these.
 */
const real = {
  setTimeout: nodeSetTimeout,
  setImmediate: nodeSetImmediate,
  clearImmediate: nodeClearImmediate,
  clearTimeout: nodeClearTimeout,
  now: nodePerformance.now.bind(nodePerformance),
  dateNow: Date.now,
};

/** A moment by which every wait without a `timeout` of its own must end. */
export interface Deadline {
  /** When, in `systemClock.now()` ms: Node's `performance.now()`, real even under a test's fake timers. */
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
 * Options of a wait for the screen to settle ({@link TmuxApp.waitForStable}); defaults in `WAIT`
 * (defaults.ts), on the ground floor with it, since codegen/ and the shells read `WAIT` too.
 */
export interface StableOptions {
  /** Output silence that counts as settled, in ms. @default 200 */
  quietMs?: number;
  /** Longest wait, in ms. @default 5000, or what is left of the test's timeout */
  timeout?: number;
}

/**
 * The timeout of one wait: `explicit` when given, else `fallback`, or the time left until
 * `deadline` when that is shorter — at least 1 ms, so a wait past the deadline still looks once
 * (and 0, "no limit" for settling, only ever comes from the caller).
 * @param name The option's name, for the error message. @default 'timeout'
 * @throws {ConfigError} when `explicit` is neither undefined nor a finite number of ms ≥ 0.
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
 * @throws {ConfigError} otherwise, naming the option and what it got.
 */
export function checkDuration(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  throw new ConfigError(`${name} must be a number of ms, 0 or more; got ${describeValue(value)}.`);
}

/**
 * The longest delay `setTimeout` holds, in ms (2^31 − 1, ≈ 24.8 days); a longer one fires at once
 * with a TimeoutOverflowWarning, so longer pauses end there instead.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A time source: injected, so wait logic is tested without real time. */
export interface Clock {
  /** Current time in ms (any fixed origin; only differences are used). */
  now(): number;
  /**
   * Resolves after `ms` milliseconds have passed on this clock, or at once when `signal` aborts
   * (never rejects). A real clock resolves only once the I/O that became ready meanwhile has been
   * handled (see {@link systemClock}).
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Real time, whatever a test does to the globals: Node's `performance.now()` (monotonic, so
 * wall-clock jumps do not end waits) and timers (at most {@link MAX_TIMER_MS}), cleared when the
 * signal aborts, as taken when this module loaded — a test on fake timers (`vi.useFakeTimers()`)
 * does not stop them. Every timer and time reading of the library goes through it. A timer may
 * fire up to ≈ 1 ms before `ms` have passed on `now()` (setTimeout truncates to whole ms and libuv
 * counts from a cached ms clock), which {@link poll} absorbs by pausing again for the rest.
 *
 * A sleep resolves after the timer and one more poll for I/O (`setImmediate`): each turn of Node's
 * event loop polls for I/O before it runs the timers that are due, so output that arrived after
 * that poll — the app wrote while this process waited for a core, or while an earlier timer ran —
 * would otherwise still be unread when the sleeper reads the screen, and two reads around it could
 * pass for a screen that settled or an app that went quiet.
 */
export const systemClock: Clock & {
  /** Wall-clock time, in ms since the Unix epoch (Node's own `Date.now`): for timestamps only, never for waiting. */
  epochNow(): number;
} = {
  now: real.now,
  epochNow: real.dateNow,
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        real.clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = real.setTimeout(() => real.setImmediate(done), Math.min(Math.max(0, ms), MAX_TIMER_MS));
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/**
 * Calls `onTimeout` after `ms` on {@link systemClock}, unless the returned function is called
 * first: the one-shot timer of a pending operation (a tmux command, a process that should exit).
 * Like {@link systemClock}'s sleep, it fires only after the I/O ready when its time came has been
 * handled: a reply that arrived in time but was not yet read cancels it first.
 * @returns The function that cancels it (idempotent).
 */
export function startTimer(ms: number, onTimeout: () => void): () => void {
  // A bare timer: an AbortController's abort() builds a DOMException with its stack, ≈ 0.2 ms a
  // cancel on a slow VM, and every tmux command cancels one.
  let immediate: ReturnType<typeof real.setImmediate> | undefined;
  const timer = real.setTimeout(() => (immediate = real.setImmediate(onTimeout)), Math.min(Math.max(0, ms), MAX_TIMER_MS));
  return () => {
    real.clearTimeout(timer);
    if (immediate) real.clearImmediate(immediate);
  };
}

/**
 * Calls `callback` from a real 0 ms timer, in the event loop's next timers phase: before the
 * sleeps and timeouts that end then (they first poll for I/O, see {@link systemClock}), and
 * whatever a test does to the globals.
 */
export function onNextTimers(callback: () => void): void {
  real.setTimeout(callback, 0);
}

/** Options of {@link poll}. */
export interface PollOptions {
  /** Longest wait, in ms; the probe runs once more at the deadline. `Infinity`: no limit. */
  timeout: number;
  /**
   * Pause before each further probe, in ms: a number; a widening schedule whose last entry repeats
   * (Playwright's `toHaveScreenshot` retakes 100, 250, 500, 1000… ms apart); or a function giving
   * the next pause (e.g. until a quiet period ends). A pause never runs past the deadline.
   */
  interval: number | readonly number[] | (() => number);
  /**
   * Ends a pause early when what the probe reads may have changed (new output on a live screen):
   * called with the pause's length in ms, it resolves at the latest then. @default clock.sleep
   */
  wake?: ((ms: number) => Promise<unknown>) | undefined;
  /**
   * Ends the wait early, as if its time had run out (a test that timed out, an app being closed):
   * a pause of the clock's ends at once; one of `wake` at its own end.
   */
  signal?: AbortSignal | undefined;
  /** @default systemClock */
  clock?: Clock | undefined;
}

/** {@link PollOptions} of a wait that fails when its time runs out. */
export interface PollOrThrowOptions extends PollOptions {
  /**
   * The error to throw when the time has run out (or `signal` aborted). Its stack is replaced by
   * the stack of the call of `caller`, captured when the wait began, so it points at the line that
   * started the wait (a test line), not at a timer.
   */
  onTimeout: () => Error | Promise<Error>;
  /** The public function the stack should start below. @default poll */
  caller?: Function;
}

/**
 * The one polling loop: runs `probe` now, then after each pause (see {@link PollOptions.interval},
 * ended early by `wake`), until it returns something other than `undefined`, at most `timeout` ms
 * or until `signal` aborts. A probe that throws ends the wait at once with its error.
 * @returns The probe's first defined value; without `onTimeout`, `undefined` when time ran out.
 * @throws {Error} when time ran out: the error `onTimeout` returns, with the caller's stack.
 * @example
 *   const match = await poll(() => findText(app.screen(), 'Ready'), {
 *     timeout: 5000, interval: 50, wake: (ms) => app.waitForOutput({ timeout: ms }),
 *     onTimeout: () => new WaitTimeoutError('…', 5000, app.text()),
 *   });
 */
export function poll<T>(probe: () => T | undefined | Promise<T | undefined>, options: PollOrThrowOptions): Promise<T>;
export function poll<T>(probe: () => T | undefined | Promise<T | undefined>, options: PollOptions): Promise<T | undefined>;
export async function poll<T>(probe: () => T | undefined | Promise<T | undefined>, options: PollOptions | PollOrThrowOptions): Promise<T | undefined> {
  const throwing = 'onTimeout' in options ? options : undefined;
  const atCallSite = throwing ? captureCallSite(throwing.caller ?? poll) : undefined;
  const clock = options.clock ?? systemClock;
  const pause = options.wake ?? ((ms: number) => clock.sleep(ms, options.signal));
  const deadline = clock.now() + options.timeout;
  for (let step = 0; ; step++) {
    const value = await probe();
    if (value !== undefined) return value;
    const remaining = deadline - clock.now();
    if (remaining <= 0 || options.signal?.aborted) {
      if (!throwing || !atCallSite) return undefined;
      throw atCallSite(await throwing.onTimeout());
    }
    await pause(Math.min(Math.max(0, nextInterval(options.interval, step)), remaining));
  }
}

/** The pause after probe number `step` (0-based). */
function nextInterval(interval: PollOptions['interval'], step: number): number {
  if (typeof interval === 'number') return interval;
  if (typeof interval === 'function') return interval();
  return interval[Math.min(step, interval.length - 1)] ?? 0;
}

/**
 * Captures the stack of the call of `caller` now, when a wait begins, for an error thrown when it
 * ends: the frames then point at the line that started the wait (a test line), not at a timer.
 * @returns A function that gives an error those frames under its own first line (name and message).
 */
export function captureCallSite(caller: Function): <E extends Error>(error: E) => E {
  const callSite: { stack?: string } = {};
  Error.captureStackTrace(callSite, caller);
  return (error) => {
    const framesAt = callSite.stack?.indexOf('\n') ?? -1;
    if (framesAt !== -1) error.stack = `${error.name}: ${error.message}${callSite.stack?.slice(framesAt)}`;
    return error;
  };
}
