/**
 * The one place the CLI listens to process signals: the first SIGINT (Ctrl-C) or SIGTERM during
 * a recording ends it early, the way ffmpeg and screen recorders stop and still save.
 */

/** The signals that stop a recording early. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** One of {@link STOP_SIGNALS}. */
export type StopSignalName = (typeof STOP_SIGNALS)[number];

/** Which signal stopped the recording, and when. */
export interface Stop {
  signal: StopSignalName;
  /** When it arrived, in `performance.now()` ms. */
  at: number;
}

/** Listens for the stop signals until disposed; see {@link trapStopSignals}. */
export interface StopTrap extends Disposable {
  /** Aborted at the first stop signal (its reason is the {@link Stop}). */
  readonly signal: AbortSignal;
  /** The first stop signal, once one has arrived. */
  readonly stop: Stop | undefined;
}

/**
 * Catches the first SIGINT or SIGTERM: it aborts the returned `signal` instead of ending the
 * process. Only the first: the listeners are removed at once, so a second signal (while the
 * recording is written) is handled as if nobody listened and ends the process by that signal.
 * Dispose the trap when the phase it guards is over (`using`): the listeners go, even when no
 * signal came, so a long-lived process that calls the CLI in-process (tests) keeps none.
 * @example
 *   using trap = trapStopSignals();
 *   await untilAborted(app.waitForExit({ timeout }), trap.signal);
 *   if (trap.stop) console.error(`stopped by ${trap.stop.signal}`);
 */
export function trapStopSignals(): StopTrap {
  const controller = new AbortController();
  let stop: Stop | undefined;
  const remove = (): void => {
    for (const name of STOP_SIGNALS) process.off(name, onSignal);
  };
  function onSignal(name: NodeJS.Signals): void {
    remove();
    stop = { signal: name as StopSignalName, at: performance.now() };
    controller.abort(stop);
  }
  for (const name of STOP_SIGNALS) process.on(name, onSignal);
  return {
    signal: controller.signal,
    get stop() {
      return stop;
    },
    [Symbol.dispose]: remove,
  };
}
