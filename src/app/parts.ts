/**
 * The parts a `TmuxApp` is composed of, wired once in its constructor: its activity marks, the
 * wait engine (`AppWaits`), its exit (`AppExit`), input (`AppInput`), output (`AppOutput`), the
 * view the readiness observer reads, and the port its locators and mouse use (`AppPort`). Each
 * part reads the app through the narrow view it declares (`WaitTarget`, `ExitTarget`…), all of
 * them served by one object built here; `TmuxApp` keeps its lifecycle and the public surface.
 */
import { formatCommand } from '../host/index.js';
import type { TmuxSession } from '../host/index.js';
import type { Timeline } from '../record/index.js';
import type { ScreenModel } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { systemClock, type Deadline } from '../wait.js';
import { Activity } from './activity.js';
import type { AppClosing } from './closing.js';
import { AppExit } from './exit.js';
import { AppInput } from './input.js';
import { AppOutput } from './output.js';
import { AppPause } from './pause.js';
import type { AppPort } from './port.js';
import type { ReadyTarget } from './ready-observer.js';
import type { StepLog } from './steps.js';
import { AppWaits } from './waits.js';

/** What the parts read of the `TmuxApp` they make up. */
export interface PartsHost {
  /** The command as given to `start`. */
  readonly command: readonly string[] | string;
  /** When the app started, in `systemClock.now()` ms. */
  readonly startedAt: number;
  readonly timeline: Timeline;
  readonly session: TmuxSession;
  readonly model: ScreenModel;
  readonly steps: StepLog;
  /** Its close: whether and when `close()` was called, and the final screen. */
  readonly closing: Pick<AppClosing, 'isClosed' | 'closedAt' | 'finalScreen'>;
  /** The app itself, for what it shows (`TmuxApp.screen`, `TmuxApp.text`). */
  readonly app: { screen(options?: { scrollback?: boolean }): ScreenSnapshot; text(): string };
}

/** The wired parts of one app. */
export interface AppParts {
  readonly waits: AppWaits;
  readonly exit: AppExit;
  readonly input: AppInput;
  readonly output: AppOutput;
  /** What the readiness observer reads while the app starts (see `awaitReady`). */
  readonly ready: ReadyTarget;
  /** What its locators and mouse use. */
  readonly port: AppPort;
  /** `pause()`, `tmuxTarget` and the manual input. */
  readonly pause: AppPause;
}

/**
 * Wires the parts of the app `host` describes (see this module's TSDoc).
 * @param deadline The app's deadline (see `TmuxAppOptions.deadline`), asked as each wait begins.
 * @param palette The colour of a palette entry, as the app's theme gives it (see `TerminalAnswers`).
 * @param waitForExit The public method an exit timeout's stack starts at (`TmuxApp.waitForExit`).
 */
export function createParts(
  host: PartsHost,
  deadline: () => Deadline | undefined,
  palette: ConstructorParameters<typeof AppOutput>[1],
  waitForExit: Function,
): AppParts {
  let exit: AppExit | undefined;
  const exited = (): AppExit => exit!; // set below, before any part can ask
  let input: AppInput; // as exit
  const { command, session, model, closing } = host;
  const app = {
    startedAt: host.startedAt,
    timeline: host.timeline,
    session,
    model,
    steps: host.steps,
    command: formatCommand(command),
    program: typeof command === 'string' ? undefined : command[0],
    activity: new Activity(host.startedAt, () => session.isCanonical()),
    screen: (options?: { scrollback?: boolean }) => host.app.screen(options),
    text: () => host.app.text(),
    synchronizedUntil: () => model.synchronizedUntil,
    isClosed: () => closing.isClosed,
    closedAt: () => closing.closedAt,
    isFinal: () => closing.finalScreen !== undefined || exited().status !== undefined,
    exitStatus: () => exited().exitStatus(),
    exited: () => exited().ifExited(),
    assertRunning: () => exited().assertRunning(),
    inputHandled: () => input.handled(),
  };
  const waits = new AppWaits(app, deadline);
  const ready = { ...app, waits };
  exit = new AppExit(ready, waitForExit);
  input = new AppInput(ready);
  const port: AppPort = {
    command: app.command,
    readScreen: (options) => (waits.drawing() ? undefined : app.screen({ scrollback: options?.scrollback === true })),
    waitUntil: (probe, options, what, caller) => waits.onPort(probe, options, what, caller),
    sendInput: (bytes) => input.bytes(bytes),
    isClosed: app.isClosed,
    mouseModes: () => model.mouseModes(),
    size: () => model.size,
    step: (kind, title, action, failure) => host.steps.run(kind, title, action, failure),
  };
  const pause = new AppPause({ session, steps: host.steps, atMs: () => systemClock.now() - host.startedAt, isClosed: app.isClosed });
  return { waits, exit, input, output: new AppOutput(ready, palette), ready, port, pause };
}
