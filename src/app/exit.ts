/**
 * The exit of a `TmuxApp`'s app: telling that its pane is dead, draining its last output into the
 * screen and ending its session, once (`waitForExit`, `exitStatus`); and refusing input once it
 * has exited or been closed.
 */
import { AppExitedError, TmuxShotError } from '../errors.js';
import { describeExit } from '../host/index.js';
import type { PaneStatus, TmuxSession } from '../host/index.js';
import { formatTimeout, systemClock } from '../wait.js';
import type { WaitTimeout } from '../wait.js';
import { checkOptions } from './options.js';
import { formatCall } from './steps.js';
import type { StepLog } from './steps.js';
import type { AppWaits } from './waits.js';
import type { ExitStatus } from './exit-status.js';

export type { ExitStatus };

/** What the exit reads of its app. */
export interface ExitTarget {
  /** The command as messages show it (see `formatCommand`). */
  readonly command: string;
  /** When the app started, in `systemClock.now()` ms (the step log's origin). */
  readonly startedAt: number;
  readonly session: Pick<TmuxSession, 'paneStatus' | 'kill' | 'outputEnded'>;
  readonly waits: Pick<AppWaits, 'until' | 'timeout'>;
  readonly steps: StepLog;
  /** True once `close()` has begun. */
  isClosed(): boolean;
  /** The visible screen as text (see `TmuxApp.text`). */
  text(): string;
}

/** The exit of one app (see this module's TSDoc). */
export class AppExit {
  readonly #app: ExitTarget;
  /** The public method whose call the timeout error's stack starts at (`TmuxApp.waitForExit`). */
  readonly #caller: Function;
  #exit: Promise<ExitStatus> | undefined;
  #status: ExitStatus | undefined;

  constructor(app: ExitTarget, caller: Function) {
    this.#app = app;
    this.#caller = caller;
  }

  /** How the app ended once it has exited and all its output is on the screen; undefined before. */
  get status(): ExitStatus | undefined {
    return this.#status;
  }

  /** `TmuxApp.waitForExit`, logged as a step. */
  waitForExit(options?: { timeout?: number }): Promise<ExitStatus> {
    return this.#app.steps.run(
      'wait',
      () => formatCall('waitForExit', [options]),
      async () => this.#wait(options),
    );
  }

  /** `TmuxApp.exitStatus`: the exit status once the pane is dead (then as `waitForExit`), else undefined. */
  async exitStatus(): Promise<ExitStatus | undefined> {
    if (this.#exit) return this.#exit;
    return (await this.#deadStatus()) ? this.#wait() : undefined;
  }

  /** The exit status once the pane is dead (as `waitForExit`), undefined while it runs: what readiness observes. */
  async ifExited(): Promise<ExitStatus | undefined> {
    return (await this.#deadStatus()) ? await this.#wait() : undefined;
  }

  /** @throws {TmuxShotError} after `close()`, AppExitedError after the app exited: both say what input still does. */
  assertRunning(): void {
    if (this.#app.isClosed()) {
      throw new TmuxShotError(
        'press(), type(), resize() and the mouse send to a running app: this one has been closed (by close(), or by the tmuxApp fixture when its test ended). ' +
          'Call them before close(), or start the app again.',
      );
    }
    const exit = this.#status;
    if (exit) {
      const how = describeExit(exit);
      throw new AppExitedError(
        `${this.#app.command} has exited (${how}); it takes no more input, mouse reports or resizing. Its last screen stays readable (text(), screen()); start it again to go on.`,
        exit.exitCode,
        exit.signal,
        this.#app.text(),
      );
    }
  }

  #wait(options?: { timeout?: number }): Promise<ExitStatus> {
    const given = checkOptions(options, 'waitForExit', '{ timeout }');
    if (this.#exit) return this.#exit;
    const timeout = this.#app.waits.timeout(given.timeout);
    const what = (within: WaitTimeout) => `${this.#app.command} did not exit within ${formatTimeout(within)}.`;
    const exited = this.#app.waits.until(() => this.#deadStatus(), timeout, what, this.#caller);
    this.#exit = exited.then((status) => this.#finish(status));
    this.#exit.catch(() => (this.#exit = undefined));
    return this.#exit;
  }

  /** The pane's status once it is dead, else undefined. */
  async #deadStatus(): Promise<PaneStatus | undefined> {
    if (this.#app.isClosed()) throw new TmuxShotError('The app was closed before it exited.');
    const status = await this.#app.session.paneStatus();
    return status.dead ? status : undefined;
  }

  /** Ends the session of a dead pane so its output stream ends, and drains that output into the screen. */
  async #finish(status: PaneStatus): Promise<ExitStatus> {
    await this.#app.session.kill();
    await this.#app.session.outputEnded;
    this.#status = { exitCode: status.exitCode, signal: status.signal };
    const atMs = systemClock.now() - this.#app.startedAt;
    this.#app.steps.add({ kind: 'exit', title: `exited (${describeExit(this.#status)})`, atMs, durationMs: 0 });
    return this.#status;
  }
}
