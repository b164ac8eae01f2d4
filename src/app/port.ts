/**
 * What a locator and the mouse use of their app (package-internal): `TmuxApp` builds one port
 * over its private state and hands it to each `Locator` and its `Mouse`, so those live in files of
 * their own without reaching into the app.
 */
import type { CellRect, Size } from '../geometry.js';
import type { MouseModes, ScreenSnapshot } from '../snapshot.js';
import type { WaitTimeout } from '../wait.js';
import type { AppStepKind } from './steps.js';

export interface AppPort {
  /**
   * The screen as drawn now (with `scrollback`, the whole buffer: see `TmuxApp.screen`); undefined
   * while a synchronized update (DEC 2026) is half drawn, as text waits treat it.
   */
  readScreen(options?: { scrollback?: boolean }): ScreenSnapshot | undefined;
  /**
   * Polls `probe` as `waitForText` does (now, after each output, every `WAIT_CONSTANTS.pollMs`)
   * until it returns a value. A wait ends early when `close()` begins.
   * @param options.timeout Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the app's deadline
   * @param options.marks The cells to mark with `^` on the timeout error's screen (see `formatScreenBlock`), read from that screen. @default none
   * @param options.exited Says what will not happen now that the app has exited (given how it
   *   ended: `exit status 3`), for the AppExitedError thrown once the app's last output is drawn and
   *   `probe` still finds nothing. @default `'<command>' exited (<how>); its screen will not change any more.`
   * @param options.saw What a retry that found nothing saw, in a few words (`matched nothing`), read
   *   right after it: the timeout error then ends with a call log of the retries, runs of the same
   *   sight counted (`- 9 × matched nothing`), a half-drawn screen said as such (see `RetryLog`). @default none: no call log
   * @param what Says what did not happen within the time it is given: the timeout in effect, for the
   *   WaitTimeoutError (the screen is appended); what was waited of it, when the app is closed meanwhile.
   * @param caller The public method the test called: the timeout error's stack starts there.
   * @throws {WaitTimeoutError} after the timeout, with the screen; AppExitedError at once when the
   *   app has exited and `probe` finds nothing on its final screen; TmuxShotError at once when the
   *   app has been closed (see {@link isClosed}); ConfigError for a bad timeout;
   *   whatever `probe` throws (a StrictModeError), at once.
   */
  waitUntil<T>(
    probe: () => T | undefined | Promise<T | undefined>,
    options:
      | {
          timeout?: number | undefined;
          signal?: AbortSignal | undefined;
          marks?: ((screen: ScreenSnapshot) => readonly CellRect[]) | undefined;
          exited?: ((how: string) => string) | undefined;
          saw?: (() => string) | undefined;
        }
      | undefined,
    what: (timeout: WaitTimeout) => string,
    caller: Function,
  ): Promise<T>;
  /**
   * Sends `bytes` to the app as typed input (tmux `send-keys -H`), counted as keys by
   * `waitForStable`.
   * @throws {TmuxShotError} after `close()`; AppExitedError after the app exited.
   */
  sendInput(bytes: Uint8Array): Promise<void>;
  /**
   * True once `close()` has begun: the screen is final (`readScreen` reads the last one) and
   * `waitUntil` and `sendInput` refuse.
   */
  isClosed(): boolean;
  /** The mouse modes the app has turned on (DECSET 9, 1000–1003, 1005, 1006, 1015), as of the output drawn so far. */
  mouseModes(): MouseModes;
  /** The screen's size in cells now. */
  size(): Size;
  /** The app's command as messages show it (see `formatCommand`). */
  readonly command: string;
  /**
   * Runs `action` as one step of the app's step log (see `TmuxApp.steps` and `StepLog.run`),
   * titled `title()`; a step inside another is part of it. Returns, resolves or throws as `action` does.
   */
  step<T>(kind: AppStepKind, title: () => string, action: () => T, failure?: (result: Awaited<T>) => string | undefined): T;
}
