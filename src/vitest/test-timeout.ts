/**
 * The Vitest test's own timeout, as tmux-shot's waits see it: the {@link Deadline} that waits
 * without a `timeout` of their own end by, so they fail first with their own message and the
 * screen; and, when Vitest's timeout wins anyway (a wait given a longer `timeout`, a step that
 * hangs), the waits still pending and the last screen added to Vitest's "Test timed out" error.
 *
 * What Vitest 4.1 gives a fixture or matcher: the test's timeout as `task.timeout` (ms; 0 or
 * Infinity for none); not the moment its timer started (the runner keeps that in a private field
 * shared by concurrent tests, and `task.result.startTime` is taken before `beforeEach` hooks and
 * kept on a retry); and `context.signal`, which the timer aborts with the timeout error itself
 * as `reason` — synchronously, before the test's promise rejects and the error is serialized, so
 * what an abort listener appends to it reaches every reporter. The `tmuxApp` fixture is set up
 * inside the test's timer, right after the worker's tmux server, so it marks the start.
 *
 * The test's timeout bounds its body only: `beforeEach` and `afterEach` hooks each have their own
 * (`hookTimeout`), `onTestFinished` callbacks too, and fixture teardown none. @vitest/runner
 * (`runTest`, `callSuiteHook`) says where a test is: `task.result.state` stays 'run' until the
 * body ends (then 'pass' or 'fail'), and `task.result.hooks.beforeEach` is 'run' while the
 * `beforeEach` hooks run. So waits get the test's deadline in the body and none elsewhere.
 * One exception: a failed `expect.soft` sets the state to 'fail' while the body goes on, and the
 * runner marks the body's end nowhere a fixture can read before the `afterEach` hooks; the body's
 * later waits then take their own defaults, and if Vitest's timeout wins, its error still lists
 * them with the screen. (Counting 'fail' as the body would cut the waits of hooks and teardown
 * after every failed test instead.)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RunnerTestCase } from 'vitest';
import { VITEST_CONSTANTS } from '../defaults.js';
import { formatScreenBlock } from '../screen/index.js';
import { formatTimeout, systemClock } from '../wait.js';
import type { Deadline, WaitTimeout } from '../wait.js';

type Task = Readonly<RunnerTestCase>;

/** A wait in progress inside a test. */
export interface PendingWait {
  /** What it waits for, as the test wrote it: `expect(tmuxApp).toShowText('Saved')`. */
  what: string;
  timeout: WaitTimeout;
  /** When it began, in `systemClock.now()` ms. */
  startedAt: number;
  /** The screen text it watches now, or undefined when there is none (not started, closed). */
  screenText: () => string | undefined;
}

/** What a test tells its abort listener. */
interface Watch {
  pending: Set<PendingWait>;
  /** The fixture's app screen, shown when no wait is pending. */
  screenText?: (() => string | undefined) | undefined;
}

/**
 * When each test's body started, as its `tmuxApp` fixture saw it (`performance.now()` ms); 'later'
 * when the fixture was set up by a `beforeEach` hook, before the body and its timer.
 */
const startedAt = new WeakMap<Task, number | 'later'>();
const watches = new WeakMap<Task, Watch>();
/** Set while a tracked wait runs: the waits it uses inside (a matcher's `waitForOutput`) are its own business. */
const insideWait = new AsyncLocalStorage<true>();

/**
 * The deadline of waits in a test whose timer started at `startedAt` (`systemClock.now()` ms):
 * `margin` ms before its timeout, or none when the test has no timeout.
 */
export function deadlineOf(startedAt: number, testTimeout: number, margin: number): Deadline | undefined {
  if (!(testTimeout > 0 && Number.isFinite(testTimeout))) return undefined;
  return { at: startedAt + testTimeout - margin, reason: `the test's ${testTimeout} ms timeout` };
}

/**
 * Marks now as the start of the body of `task`'s current attempt (the `tmuxApp` fixture, as it is
 * set up) — or, in a `beforeEach` hook, the body's first wait as its start, the nearest moment
 * known to follow the hooks.
 */
export function markTestStart(task: Task): void {
  startedAt.set(task, inTestBody(task) ? systemClock.now() : 'later');
}

/**
 * True while `task`'s body runs (its fixtures' set-up included), the part of a test its timeout
 * bounds; false in its `beforeEach` and `afterEach` hooks, `onTestFinished` callbacks and
 * fixture teardown (see the module comment).
 */
export function inTestBody(task: Task): boolean {
  const { state, hooks } = task.result ?? {};
  return state === 'run' && hooks?.beforeEach !== 'run';
}

/**
 * The deadline of waits in `task` that begin now: `VITEST_CONSTANTS.timeoutMargin` before the
 * test's own timeout, counted from the start the fixture marked (see {@link markTestStart}) — or,
 * without the fixture, from now (the time the test had run before is then unknown). Undefined
 * outside a test, for a test without a timeout, and outside the test's body (see
 * {@link inTestBody}): a hook's waits take their own defaults, as the hook has its own timeout.
 */
export function testDeadline(task: Task | undefined): Deadline | undefined {
  if (!task || !inTestBody(task)) return undefined;
  let start = startedAt.get(task);
  if (start === 'later') startedAt.set(task, (start = systemClock.now()));
  return deadlineOf(start ?? systemClock.now(), task.timeout, VITEST_CONSTANTS.timeoutMargin);
}

/**
 * The test's abort signal for a wait that begins now, or undefined when it is aborted already:
 * Vitest keeps one signal per test, so after an attempt timed out, a retry's signal reads aborted
 * from the start and would end every wait of the retry at its first look.
 */
export function attemptSignal(task: Task | undefined): AbortSignal | undefined {
  const signal = task?.context.signal;
  return signal?.aborted ? undefined : signal;
}

/**
 * Runs `work`, a wait, as pending in `task`: should the test time out meanwhile, its error says
 * so (see {@link formatTimedOut}). Outside a test, or inside another tracked wait (a matcher
 * polling through `tmuxApp.waitForOutput`), it just runs `work`.
 */
export async function trackWait<T>(task: Task | undefined, wait: Omit<PendingWait, 'startedAt'>, work: () => Promise<T>): Promise<T> {
  if (!task || insideWait.getStore()) return work();
  const { pending } = watchOf(task);
  const entry = { ...wait, startedAt: systemClock.now() };
  pending.add(entry);
  try {
    return await insideWait.run(true, work);
  } finally {
    pending.delete(entry);
  }
}

/** Shows `screenText` (the fixture's app) in `task`'s timeout error when no wait is pending. */
export function watchScreen(task: Task, screenText: () => string | undefined): void {
  watchOf(task).screenText = screenText;
}

function watchOf(task: Task): Watch {
  let watch = watches.get(task);
  if (!watch) {
    const created: Watch = { pending: new Set() };
    const signal = task.context.signal;
    signal.addEventListener('abort', () => appendTo(signal.reason, created), { once: true });
    watches.set(task, (watch = created));
  }
  return watch;
}

/** Appends what `watch` knows to the error that aborted the test, when there is anything to say. */
function appendTo(reason: unknown, watch: Watch): void {
  if (!(reason instanceof Error)) return;
  const now = systemClock.now();
  const pending = [...watch.pending];
  const screen = [...pending.map((wait) => wait.screenText), watch.screenText].map((read) => safely(read)).find((text) => text !== undefined);
  const text = formatTimedOut(
    pending.map((wait) => ({ what: wait.what, timeout: wait.timeout, waitedMs: now - wait.startedAt })),
    screen,
  );
  if (text) reason.message += `\n\n${text}`;
}

/** `read()`, or undefined when it throws: an abort listener must never throw. */
function safely(read: (() => string | undefined) | undefined): string | undefined {
  try {
    return read?.();
  } catch {
    return undefined;
  }
}

/**
 * What a timed-out test adds to Vitest's error: one line per pending wait, then the screen.
 * @returns '' when there is neither.
 * @example
 *   formatTimedOut([{ what: "expect(tmuxApp).toShowText('Saved')", timeout: { ms: 20000 }, waitedMs: 1203.4 }], 'Saving…')
 *   // "Pending: expect(tmuxApp).toShowText('Saved'), waiting 1203 ms of 20000 ms.\n\nScreen:\n  0 │ Saving…"
 */
export function formatTimedOut(pending: readonly { what: string; timeout: WaitTimeout; waitedMs: number }[], screenText: string | undefined): string {
  const lines = pending.map((wait) => `Pending: ${wait.what}, waiting ${Math.round(wait.waitedMs)} ms of ${formatTimeout(wait.timeout)}.`);
  if (screenText !== undefined) lines.push(...(lines.length ? [''] : []), 'Screen:', formatScreenBlock(screenText));
  return lines.join('\n');
}
