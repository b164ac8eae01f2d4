/**
 * The wait engine of a `TmuxApp`: every wait on its screen — `waitForText`, `waitForStable`,
 * `waitForOutput`, the locators' and the mouse's waits (through `AppPort.waitUntil`), the matchers'
 * retries — polls through here (`poll`), woken by each output that reaches the screen, ended once
 * the app is closed or has exited with what it waited for missing, and failing with the screen.
 */
import { SCREEN, WAIT, WAIT_CONSTANTS } from '../defaults.js';
import { AppExitedError, TmuxShotError, WaitTimeoutError } from '../errors.js';
import type { CellRect } from '../geometry.js';
import { describeExit } from '../host/index.js';
import { findText, formatPattern, formatWithScreen, snapshotText } from '../screen/index.js';
import type { TextMatch } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { checkDuration, formatTimeout, poll, resolveTimeout, systemClock } from '../wait.js';
import type { Deadline, WaitTimeout } from '../wait.js';
import type { Activity } from './activity.js';
import { checkOptions, checkPattern, checkScrollbackOption } from './options.js';
import type { AppPort } from './port.js';
import type { ExitStatus } from './exit-status.js';
import { formatCall } from './steps.js';
import type { StepLog } from './steps.js';

/** Options of {@link TmuxApp.waitForText}. */
export interface WaitForTextOptions {
  /** Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` option of `start` */
  timeout?: number;
  /** Ends the wait early, as if `timeout` had passed (the Vitest matchers pass the test's signal). @default undefined */
  signal?: AbortSignal | undefined;
  /** Search the lines above the screen too (see {@link TmuxApp.screen}). @default false */
  scrollback?: boolean;
}

import type { StableOptions } from '../wait.js';
export type { StableOptions };

/** What {@link TmuxApp.waitForStable} found. */
export interface StableResult {
  /** True when the quiet period was reached; false when the timeout came first. */
  settled: boolean;
  /** How long the wait took, in ms. */
  afterMs: number;
}

/** What the wait engine reads of its app. */
export interface WaitTarget {
  /** The command as messages show it (see `formatCommand`). */
  readonly command: string;
  /** Its input and output moments (see `Activity`). */
  readonly activity: Activity;
  /** The app's step log: each public wait is a step. */
  readonly steps: StepLog;
  /** The screen now (after `close()`, the last one), as `TmuxApp.screen` gives it. */
  screen(options?: { scrollback?: boolean }): ScreenSnapshot;
  /** True once the screen is final: the app has exited (its output all drawn) or `close()` has taken the last screen. */
  isFinal(): boolean;
  /** When the open synchronized update counts as ended, in `systemClock.now()` ms (`ScreenModel.synchronizedUntil`); undefined when none is open. */
  synchronizedUntil(): number | undefined;
  /** True once `close()` has begun. */
  isClosed(): boolean;
  /** When `close()` was called, in `systemClock.now()` ms. */
  closedAt(): number | undefined;
  /** The app's exit status once it has exited (see `TmuxApp.exitStatus`). */
  exitStatus(): Promise<ExitStatus | undefined>;
  /** Resolves once the app has handled its last input and what it wrote before is on the screen (see `AppInput.handled`). */
  inputHandled(): Promise<void>;
}

/** The cells a wait's error marks on its screen, read from that screen. */
type WaitMarks = (screen: ScreenSnapshot) => readonly CellRect[];

/** How many lines a call log keeps: the last ones, as the wait ended. */
const RETRY_LOG_LINES = 10;

/**
 * What the retries of one wait saw, for its timeout error: a line a sight, in order, a run of
 * retries that saw the same counted on one line (`- 9 × matched nothing`), as Playwright's call
 * log in its timeout errors (`- 9 × locator resolved to …`). At most {@link RETRY_LOG_LINES}
 * lines, the last; a first line counts those left out.
 */
export class RetryLog {
  readonly #runs: { sight: string; count: number }[] = [];
  #dropped = 0;

  /** One retry saw `sight` (a few words: `matched nothing`). */
  add(sight: string): void {
    const last = this.#runs.at(-1);
    if (last?.sight === sight) {
      last.count++;
      return;
    }
    this.#runs.push({ sight, count: 1 });
    if (this.#runs.length > RETRY_LOG_LINES) this.#dropped += this.#runs.shift()!.count;
  }

  /** `\n\nCall log:\n  - 9 × matched nothing…`, to end a message; '' when no retry was logged. */
  format(): string {
    if (this.#runs.length === 0) return '';
    const dropped = this.#dropped > 0 ? [`  - … ${this.#dropped} earlier ${this.#dropped === 1 ? 'retry' : 'retries'}`] : [];
    const lines = this.#runs.map(({ sight, count }) => `  - ${count > 1 ? `${count} × ` : ''}${sight}`);
    return `\n\nCall log:\n${[...dropped, ...lines].join('\n')}`;
  }
}

/** Why a locator or the mouse of a closed app refuses to wait (whether or not another app runs now). */
const CLOSED_APP_PORT =
  'The app of this locator or mouse has been closed (by close(), or by the tmuxApp fixture when its test ended or tmuxApp.start() ran a new app): ' +
  'it takes no input and its screen will not change. Its last screen stays readable (text(), screen(), and the expect matchers check it once); ' +
  'to go on, start an app and take the locator or mouse from it: tmuxApp.getByText(…), tmuxApp.region(…), tmuxApp.mouse.';

/** The waits of one app (see this module's TSDoc). */
export class AppWaits {
  readonly #app: WaitTarget;
  readonly #deadline: () => Deadline | undefined;
  readonly #wakers = new Set<() => void>();
  /** How many times {@link wake} has run: a poll compares it across its probe (see {@link watch}). */
  #wakeCount = 0;

  /** @param deadline The app's deadline (see `TmuxAppOptions.deadline`), asked as each wait begins. */
  constructor(app: WaitTarget, deadline: () => Deadline | undefined) {
    this.#app = app;
    this.#deadline = deadline;
  }

  /** The timeout of a wait: `explicit`, or `WAIT.timeout` cut to the app's deadline. @throws {ConfigError} for a bad `explicit`. */
  timeout(explicit: unknown): WaitTimeout {
    return resolveTimeout(explicit, WAIT.timeout, this.#deadline(), systemClock.now());
  }

  /**
   * From when the screen counts as fully drawn, in `systemClock.now()` ms: always (0), unless a
   * synchronized update (DEC 2026) is open — then from its timeout (`ScreenModel.synchronizedUntil`),
   * unless the app ends it first. Once the app has exited (its output all drawn) or `close()` has
   * been called, the screen is final: no update can end any more.
   */
  drawnAt(): number {
    return this.#app.isFinal() ? 0 : (this.#app.synchronizedUntil() ?? 0);
  }

  /** True while the screen is half drawn: a synchronized update is open and has not timed out. */
  drawing(): boolean {
    return systemClock.now() < this.drawnAt();
  }

  /** Ends the pauses of pending waits: output has reached the screen, or `close()` has begun. */
  wake(): void {
    this.#wakeCount++;
    for (const wake of this.#wakers) wake();
  }

  /** `AppPort.waitUntil`: {@link until} with the port's options, failing at once on a closed app or, with `exited`, on an exited one. */
  async onPort<T>(
    probe: () => T | undefined | Promise<T | undefined>,
    options: Parameters<AppPort['waitUntil']>[1],
    what: (within: WaitTimeout) => string,
    caller: Function,
  ): Promise<T> {
    if (this.#app.isClosed()) throw new TmuxShotError(CLOSED_APP_PORT);
    const timeout = this.timeout(options?.timeout);
    const exited = options?.exited ?? ((how: string) => `${this.#app.command} exited (${how}); its screen will not change any more.`);
    const orExited = async () => (await probe()) ?? this.#failIfExited(probe, exited, options?.marks);
    return this.until(orExited, timeout, what, caller, { signal: options?.signal, marks: options?.marks, saw: options?.saw });
  }

  /** `TmuxApp.waitForText`, logged as a step; its timeout error's stack from the call of `caller`. */
  waitForText(pattern: string | RegExp, options: WaitForTextOptions | undefined, caller: Function): Promise<TextMatch> {
    return this.#app.steps.run(
      'wait',
      () => formatCall('waitForText', [pattern, options]),
      async () => this.#waitForText(pattern, options, caller),
    );
  }

  /** `TmuxApp.waitForStable`, logged as a step (failed when it did not settle). */
  waitForStable(options?: StableOptions): Promise<StableResult> {
    const notSettled = (result: StableResult) => (result.settled ? undefined : `not settled after ${Math.round(result.afterMs)} ms`);
    return this.#app.steps.run(
      'wait',
      () => formatCall('waitForStable', [options]),
      () => this.#waitForStable(options),
      notSettled,
    );
  }

  /** `TmuxApp.waitForOutput`, logged as a step (failed when no output came). */
  waitForOutput(options?: { timeout?: number }): Promise<boolean> {
    const noOutput = (output: boolean) => (output ? undefined : 'no output');
    return this.#app.steps.run(
      'wait',
      () => formatCall('waitForOutput', [options]),
      () => this.#waitForOutput(options),
      noOutput,
    );
  }

  #waitForText(pattern: string | RegExp, options: WaitForTextOptions | undefined, caller: Function): Promise<TextMatch> {
    checkPattern(pattern, 'waitForText');
    const given = checkOptions(options, 'waitForText', '{ timeout, scrollback }');
    const scrollback = checkScrollbackOption({ scrollback: given.scrollback }, 'waitForText');
    const timeout = this.timeout(given.timeout);
    const where = scrollback ? ' (the scrollback searched too)' : '';
    const what = (within: WaitTimeout) => `Text ${formatPattern(pattern)} did not appear within ${formatTimeout(within)}${where}.`;
    const find = () => (this.drawing() ? undefined : findText(this.#app.screen({ scrollback }), pattern));
    const exited = (how: string) => `${this.#app.command} exited (${how}) without showing ${formatPattern(pattern)}.`;
    return this.until(() => find() ?? this.#failIfExited(find, exited), timeout, what, caller, { signal: given.signal });
  }

  async #waitForStable(options?: StableOptions): Promise<StableResult> {
    const given = checkOptions(options, 'waitForStable', '{ quietMs, timeout }');
    const quietMs = checkDuration(given.quietMs ?? WAIT.quietMs, 'quietMs');
    const timeout = this.timeout(given.timeout);
    const start = systemClock.now();
    if (this.#app.isClosed()) return { settled: true, afterMs: 0 };
    // The answer to the last key counts from when the app has handled it: output still in flight as
    // it was sent answers the key before (see `AppInput.handled`). Within the timeout.
    const handled = new AbortController();
    await Promise.race([this.#app.inputHandled(), systemClock.sleep(timeout.ms, handled.signal).catch(() => undefined)]).finally(() => handled.abort());
    const { activity } = this.#app;
    let pause = 0;
    const quietAfter = async (): Promise<number | undefined> => {
      this.#assertOpen(() => `waitForStable({ quietMs: ${quietMs} }) was pending.`);
      const answerMs = activity.unanswered ? await activity.answerWindow() : 0;
      await this.#drawArrived();
      const now = systemClock.now();
      const quietUntil = activity.lastAt + (activity.unanswered ? Math.max(quietMs, answerMs) : quietMs);
      const settledAt = Math.max(quietUntil, this.drawnAt());
      if (now >= settledAt) return now - start;
      pause = Math.max(settledAt - now, WAIT_CONSTANTS.pollMs);
      return undefined;
    };
    const watched = this.watch(quietAfter);
    const afterMs = await poll(watched.probe, { timeout: timeout.ms, interval: () => pause, wake: watched.wake });
    return afterMs === undefined ? { settled: false, afterMs: systemClock.now() - start } : { settled: true, afterMs };
  }

  async #waitForOutput(options?: { timeout?: number }): Promise<boolean> {
    const timeout = this.timeout(checkOptions(options, 'waitForOutput', '{ timeout }').timeout);
    if (this.#app.isClosed()) return false;
    return this.#sleepOrOutput(timeout.ms);
  }

  /**
   * `probe` and `wake` for a {@link poll} over this app, without lost wake-ups: output that
   * arrives while the probe runs (it may await tmux, as the exit check does) ends the next pause
   * at once, where a plain `#sleepOrOutput` would sleep through it for a whole interval.
   */
  watch<T>(probe: () => T | undefined | Promise<T | undefined>): { probe: () => Promise<T | undefined>; wake: (ms: number) => Promise<unknown> } {
    let seen = this.#wakeCount;
    return {
      probe: async () => {
        seen = this.#wakeCount;
        return probe();
      },
      wake: (ms) => (this.#wakeCount !== seen ? Promise.resolve(true) : this.#sleepOrOutput(ms)),
    };
  }

  /**
   * Polls `probe` (see `poll`) now, after each processed output and every `WAIT_CONSTANTS.pollMs`, until it
   * returns a value (or `signal` aborts, which ends it as a timeout would); a pending wait ends
   * when `close()` begins. `what` says what did not happen within a time (the timeout, or what
   * was waited of it before `close()`). A timeout error carries the screen and the stack from the call of
   * `caller` (the public method), so it points at the test line that started the wait rather than
   * at a timer; `marks` gives the cells its screen marks; with `saw`, its call log says what each
   * retry saw (see {@link RetryLog}).
   */
  until<T>(
    probe: () => Promise<T | undefined> | T | undefined,
    timeout: WaitTimeout,
    what: (within: WaitTimeout) => string,
    caller: Function,
    more: { signal?: AbortSignal | undefined; marks?: WaitMarks | undefined; saw?: (() => string) | undefined } = {},
  ): Promise<T> {
    const { signal, marks, saw } = more;
    const begunAt = systemClock.now();
    const log = saw && new RetryLog();
    const watched = this.watch(async () => {
      const value = await probe();
      if (value !== undefined) return value;
      this.#assertOpenWait(what, timeout, begunAt);
      log?.add(this.drawing() ? 'the screen was half drawn (a synchronized update was open)' : saw!());
      return undefined;
    });
    return poll(watched.probe, {
      timeout: timeout.ms,
      interval: WAIT_CONSTANTS.pollMs,
      wake: watched.wake,
      signal,
      onTimeout: () => this.timeoutError(what(timeout), timeout, marks, log),
      caller,
    });
  }

  /**
   * A WaitTimeoutError saying `what`, with the screen as drawn now — and, when that screen is
   * half drawn (a synchronized update is open), why text it shows was not taken; `marks` gives the
   * cells to mark on it; `log`, what the retries saw, is its call log, last.
   */
  timeoutError(what: string, timeout: WaitTimeout, marks?: WaitMarks, log?: RetryLog): WaitTimeoutError {
    const screen = this.#app.screen();
    const screenText = snapshotText(screen);
    const until = this.#app.synchronizedUntil();
    const halfDrawn =
      this.drawing() && until !== undefined
        ? ` The screen below is half drawn: the app began a synchronized update (DEC 2026) ${Math.round(systemClock.now() - (until - SCREEN.synchronizedUpdateTimeout))} ms ago and has not ended it; it counts as ended ${SCREEN.synchronizedUpdateTimeout} ms after it began.`
        : '';
    const message = `${formatWithScreen(`${what}${halfDrawn}`, screenText, marks?.(screen))}${log?.format() ?? ''}`;
    return new WaitTimeoutError(message, timeout.ms, screenText);
  }

  /**
   * For waits on the screen: once the app has exited and all its output is on the screen, what
   * `probe` still misses will never come, so fail at once rather than at the timeout.
   * @returns What `probe` finds on the final screen (the last output brought it), or undefined while the app runs.
   * @throws {AppExitedError} saying `exited(how)`, with the screen (`marks` marked on it).
   */
  async #failIfExited<T>(probe: () => T | undefined | Promise<T | undefined>, exited: (how: string) => string, marks?: WaitMarks): Promise<T | undefined> {
    const exit = this.#app.isClosed() ? undefined : await this.#app.exitStatus();
    if (!exit) return undefined;
    const found = await probe();
    if (found !== undefined) return found;
    const screen = this.#app.screen();
    const screenText = snapshotText(screen);
    throw new AppExitedError(formatWithScreen(exited(describeExit(exit)), screenText, marks?.(screen)), exit.exitCode, exit.signal, screenText);
  }

  /**
   * Resolves after `ms` on the system clock, or earlier when output has reached the screen or
   * `close()` has begun: the `wake` of this app's polls. Resolves true for output, false otherwise.
   */
  async #sleepOrOutput(ms: number): Promise<boolean> {
    const woken = new AbortController();
    let output = false;
    const wake = (): void => {
      output = !this.#app.isClosed();
      woken.abort();
    };
    this.#wakers.add(wake);
    await systemClock.sleep(ms, woken.signal);
    this.#wakers.delete(wake);
    return output;
  }

  /**
   * Lets the event loop read and draw the output that arrived while this process was busy (parsing a
   * large chunk, rendering a screenshot): silence is measured only after that, or time spent
   * blocked would pass for the app's quiet. Costs one timer turn (≈ 1 ms).
   */
  #drawArrived(): Promise<void> {
    return systemClock.sleep(0);
  }

  /** Ends a pending wait once `close()` has begun: nothing can change the screen any more. */
  #assertOpen(what: () => string): void {
    if (this.#app.isClosed()) throw new TmuxShotError(`The app was closed while waiting: ${what()}`);
  }

  /**
   * Ends a pending {@link until} begun at `begunAt` once `close()` has begun, saying how much
   * of its `timeout` it had waited: `what` of that time, not of the timeout it never reached
   * (a wait of 60000 ms cut by the test's end at 1833 ms did not wait 60000 ms).
   */
  #assertOpenWait(what: (within: WaitTimeout) => string, timeout: WaitTimeout, begunAt: number): void {
    if (!this.#app.isClosed()) return;
    const waited = Math.max(0, Math.round((this.#app.closedAt() ?? systemClock.now()) - begunAt));
    throw new TmuxShotError(`The app was closed while waiting, after ${waited} ms of ${formatTimeout(timeout)}: ${what({ ms: waited })}`);
  }
}
