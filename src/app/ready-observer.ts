/**
 * The readiness observer: waits until an app that `TmuxApp.start` started is ready by the
 * readiness rule (src/app/ready.ts `decideReady`, pure), observing what it decides on — output,
 * quiet time, the terminal's mode (read once, when asked for), the kernel's view of the
 * foreground (the shortcut) and the exit — and fails with what it saw.
 */
import { AppExitedError, TmuxShotError } from '../errors.js';
import { describeExit, parseExecFailure } from '../host/index.js';
import type { TmuxSession } from '../host/index.js';
import { findText, formatPattern, formatWithScreen, snapshotText } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { endsInGround, endsInQuery } from '../term/index.js';
import { captureCallSite, formatTimeout, poll, systemClock } from '../wait.js';
import type { WaitTimeout } from '../wait.js';
import type { Activity } from './activity.js';
import { decideReady } from './ready.js';
import type { ReadyDecision, ReadyFacts, ReadyRule } from './ready.js';
import type { ExitStatus } from './exit.js';
import type { AppWaits } from './waits.js';

/** What the observer reads of the app being started. */
export interface ReadyTarget {
  /** The command as messages show it (see `formatCommand`). */
  readonly command: string;
  /** The program of an argv command (`argv[0]`); undefined for a command line. */
  readonly program: string | undefined;
  /** Its output and input moments, and its output's last bytes. */
  readonly activity: Activity;
  /** Its tmux session, for the kernel's view of the terminal. */
  readonly session: Pick<TmuxSession, 'isCanonical' | 'foregroundWait' | 'fence'>;
  /** The app's wait engine: polls woken by output, and timeout errors with the screen. */
  readonly waits: Pick<AppWaits, 'watch' | 'timeoutError' | 'drawing'>;
  /** The visible screen now. */
  screen(): ScreenSnapshot;
  /** Its exit status once it has exited and all its output is on the screen; undefined while it runs. */
  exited(): Promise<ExitStatus | undefined>;
}

/** What one start has learnt of the kernel's view of its app (see {@link keysShortcut}). */
interface KernelView {
  /** The shortcut may still be tried: the kernel could be read and the fence came back so far. */
  readable: boolean;
  /** The terminal's mode at the last read: true canonical, false not, undefined unreadable or unread. */
  canonical: boolean | undefined;
  /** When the mode was last read, in `systemClock.now()` ms; undefined before. */
  modeReadAt: number | undefined;
  /** When a task of the foreground was last seen running, in `systemClock.now()` ms; undefined before. */
  workedAt: number | undefined;
}

/**
 * Waits until the app is ready by the readiness rule (src/app/ready.ts `decideReady`), observing
 * what it decides on: output, quiet time, the terminal's mode (read once, when asked for) and
 * the exit.
 * @param caller The public method that started the app (`TmuxApp.start`): the errors' stacks start there.
 * @throws {WaitTimeoutError} when the app printed nothing, or did not show `{ text }`, within
 *   `timeout`; AppExitedError when it could not be run or exited before showing `{ text }`.
 */
export async function awaitReady(app: ReadyTarget, rule: ReadyRule, timeout: WaitTimeout, caller: Function): Promise<void> {
  if (rule === 'none') return;
  const atCallSite = captureCallSite(caller);
  let lineMode: ReadyFacts['lineMode'] = 'unread';
  const kernel: KernelView = { readable: true, canonical: undefined, modeReadAt: undefined, workedAt: undefined };
  let pause = 0;
  const decide = async (timedOut: boolean): Promise<ReadyDecision> => {
    const decision = decideReady(rule, await readyFacts(app, rule, lineMode, timedOut, kernel));
    if (decision.kind !== 'read-line-mode') return decision;
    lineMode = await app.session.isCanonical();
    return decideReady(rule, await readyFacts(app, rule, lineMode, timedOut, kernel));
  };
  const settled = async (): Promise<ReadyDecision | undefined> => {
    const decision = await decide(false);
    if (decision.kind !== 'wait') return decision;
    pause = decision.ms;
    return undefined;
  };
  const watched = app.waits.watch(settled);
  const decision = (await poll(watched.probe, { timeout: timeout.ms, interval: () => pause, wake: watched.wake })) ?? (await decide(true));
  const { kind } = decision;
  if (kind === 'ready') return;
  const readyText = () => formatPattern((rule as { text: string | RegExp }).text);
  if (kind === 'timed-out') {
    const what =
      decision.what === 'output'
        ? `${app.command} printed nothing within ${formatTimeout(timeout)}; pass ready: 'none' (CLI: --ready none) for an app that waits silently.`
        : `start(): the ready text ${readyText()} did not appear within ${formatTimeout(timeout)}, so ${app.command} did not count as started ` +
          '(ready: { text }; a RegExp matches one row at a time). Check the text, or give start() a longer timeout.';
    throw atCallSite(app.waits.timeoutError(what, timeout));
  }
  if (kind === 'could-not-run' || kind === 'exited-before-text') {
    const { exit } = decision;
    const how = exit.signal ?? `${describeExit(exit)}${kind === 'could-not-run' ? `, ${decision.why}` : ''}`;
    const what = kind === 'could-not-run' ? `${app.command} could not be run` : `start(): ${app.command} exited before showing the ready text ${readyText()}`;
    const screenText = snapshotText(app.screen());
    throw atCallSite(new AppExitedError(formatWithScreen(`${what} (${how}).`, screenText), exit.exitCode, exit.signal, screenText));
  }
  throw new TmuxShotError(`Readiness ended undecided (${kind}): a bug in tmux-shot.`);
}

/**
 * What the readiness rule decides on, observed now (an exited app's output all drawn). The
 * shortcut (`waitsForKeys`, see {@link keysShortcut}) is tried once the app has written output
 * and while `kernel.readable`: the first answer "cannot be read", or a fence that does not come
 * back, clears it, and the rest of this start follows the rule without it.
 */
async function readyFacts(
  app: ReadyTarget,
  rule: Exclude<ReadyRule, 'none'>,
  lineMode: ReadyFacts['lineMode'],
  timedOut: boolean,
  kernel: KernelView,
): Promise<ReadyFacts> {
  const exit = await app.exited();
  const textShown = typeof rule === 'object' && findText(app.screen(), rule.text) !== undefined;
  const { activity } = app;
  let waitsForKeys: boolean | undefined;
  if (kernel.readable && (rule === 'output' || textShown) && activity.firstOutputAt !== undefined && !exit && !timedOut) {
    waitsForKeys = await keysShortcut(app, kernel);
    kernel.readable = waitsForKeys !== undefined;
  }
  const now = systemClock.now();
  return {
    waitsForKeys,
    sinceFirstOutput: activity.firstOutputAt === undefined ? undefined : now - activity.firstOutputAt,
    quiet: now - activity.lastAt,
    idle: now - Math.max(activity.lastAt, kernel.workedAt ?? Number.NEGATIVE_INFINITY),
    drawing: app.waits.drawing(),
    textShown,
    lineMode,
    queryPending: endsInQuery(activity.outputTail),
    exit,
    execFailure: exit && parseExecFailure(activity.outputTail.toString('utf8'), exit.exitCode, app.program),
    timedOut,
  };
}

/**
 * Whether the readiness shortcut holds now: the kernel shows the foreground waiting for keys,
 * the terminal is in non-canonical mode, and an output fence came back (everything the app wrote
 * before is on the screen). The mode is read with the fence, concurrently, and again only after
 * new output (apps switch modes as they draw). The fence is written only when the output so far
 * ends in the ground state (`endsInGround` over the output tail): a fence inside an escape
 * sequence would break tmux's parser. Bytes the app wrote that are still on their way to us
 * when the tail is checked are not seen: the foreground was just seen waiting, so they are few,
 * and ending inside a sequence on top of that is rare; so is a tail that begins inside a string
 * (OSC, DCS) longer than the tail, which reads as ground. Each call reads the foreground, and
 * notes in `kernel.workedAt` when it is seen running.
 * @returns false while it does not hold (the rule without it decides meanwhile); undefined when
 *   the kernel cannot be read or no fence comes back.
 */
async function keysShortcut(app: ReadyTarget, kernel: KernelView): Promise<boolean | undefined> {
  const { session, activity } = app;
  const foreground = await session.foregroundWait();
  if (foreground === undefined) return undefined;
  if (foreground === 'running') kernel.workedAt = systemClock.now(); // the line mode's quiet period starts again (see `ReadyFacts.idle`)
  const modeCurrent = kernel.modeReadAt !== undefined && activity.lastAt < kernel.modeReadAt;
  if (modeCurrent && kernel.canonical !== false) return false; // line mode (or unreadable), and nothing drawn since
  if (foreground !== 'waiting' || !endsInGround(activity.outputTail)) return false;
  let canonical: Promise<boolean | undefined> = Promise.resolve(kernel.canonical);
  if (!modeCurrent) {
    kernel.modeReadAt = systemClock.now();
    canonical = session.isCanonical().catch(() => undefined);
  }
  const [mode, fenced] = await Promise.all([canonical, session.fence()]);
  kernel.canonical = mode;
  if (!fenced) return undefined;
  return mode === false;
}
