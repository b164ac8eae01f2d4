/**
 * `pause()` (Playwright's `page.pause()`): tell the person how to attach their own terminal to the
 * app's tmux session, wait until they have attached and detached again, then log what they typed
 * (`tmux-shot attach --read-write`) as a `manual` step. The decision whether to wait and the text
 * are pure; `pauseApp` does the printing and waiting.
 */
import type { TmuxSession } from '../host/index.js';
import { formatAttachCommand, hasPersonTerminal, inputSpan, liveSessionsDir, takeInputLogs } from '../host/index.js';
import { poll, systemClock } from '../wait.js';
import { decodeManualInput } from './manual-input.js';
import { formatCall, type StepLog } from './steps.js';

/** Where an app runs in tmux, for a person's client: `tmux -S <socketPath> attach -t <session>`. */
export interface TmuxTarget {
  /** The tmux server's socket, in its private (0700) folder. */
  readonly socketPath: string;
  /** The app's session (`$3`). */
  readonly session: string;
  /** The app's pane (`%3`), the session's only one. */
  readonly pane: string;
}

/** Options of `TmuxApp.pause`. */
export interface PauseOptions {
  /**
   * Print the attach command without tmux's `-r`, so the person's keys reach the app. Keys typed
   * through that plain `tmux attach` are not logged; `tmux-shot attach --read-write` logs them as
   * manual input. @default false (a read-only view)
   */
  readWrite?: boolean;
}

/**
 * Who pauses, as the caller knows it (the Vitest fixture: the test's name, and why it must not wait).
 * @internal
 */
export interface PauseContext {
  /** How the message names the app: `tmuxApp of "menu.test.ts > opens the menu"`. @default 'the app' */
  name?: string;
  /** Why not to wait, when the caller knows a reason (a test timeout Vitest cannot suspend). */
  refusal?: string | undefined;
  /** The app is in the live sessions, so `tmux-shot attach` lists it (the Vitest fixtures add theirs). @default false */
  live?: boolean;
}

/** Whether to wait, and if not, why (one clause). Pure. */
export function decidePause(facts: {
  env: Readonly<Record<string, string | undefined>>;
  terminal: boolean;
  refusal?: string | undefined;
}): { wait: true } | { wait: false; why: string } {
  const ci = facts.env['CI'];
  if (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0') return { wait: false, why: `it does not wait in CI (CI=${ci})` };
  if (facts.refusal) return { wait: false, why: facts.refusal };
  if (!facts.terminal) return { wait: false, why: 'it waits only in a terminal, and this process has none (/dev/tty)' };
  return { wait: true };
}

/** What `pause()` prints, once. Pure. */
export function formatPauseMessage(name: string, attach: string, decision: ReturnType<typeof decidePause>, readWrite: boolean, live: boolean): string {
  const lines = [`tmux-shot: pause() of ${name}. Attach your terminal to it${readWrite ? '' : ' (read-only)'}:`, `  ${attach}`];
  if (live) lines.push('  or, to type into it with your keys logged as manual input: tmux-shot attach --read-write');
  lines.push(decision.wait ? 'Detach (C-b d) to go on.' : `Not waiting: ${decision.why}.`);
  return lines.join('\n');
}

/** What an app gives `pauseApp`. */
export interface PausedApp {
  session: TmuxSession;
  steps: StepLog;
  /** The app's clock: ms since it started. */
  atMs: () => number;
  isClosed: () => boolean;
}

/**
 * Prints the attach command on the console (see `hasPersonTerminal` for why not `/dev/tty`), waits — unless
 * {@link decidePause} says not to — until a client has attached and every client has left (a
 * detach, a closed terminal) or the app is closed, then logs the manual input.
 */
export async function pauseApp(app: PausedApp, options: PauseOptions, context: PauseContext): Promise<void> {
  const readWrite = options.readWrite === true;
  const decision = decidePause({ env: process.env, terminal: hasPersonTerminal(), refusal: context.refusal });
  const attach = formatAttachCommand({ socketPath: app.session.socketPath, session: app.session.sessionId }, { readWrite });
  console.log(formatPauseMessage(context.name ?? 'the app', attach, decision, readWrite, context.live === true));
  if (!decision.wait) return;
  await waitForDetach(app);
  const calls = await takeManualInput(app);
  console.log(calls.length ? `tmux-shot: going on. You typed:\n${calls.map((call) => `  await tmuxApp.${call};`).join('\n')}` : 'tmux-shot: going on.');
}

/** Waits until a client has come and all have gone, or the app or its session has. */
async function waitForDetach(app: PausedApp): Promise<void> {
  let seen = false;
  await poll(
    async () => {
      if (app.isClosed()) return true;
      const clients = await app.session.listClients().catch(() => undefined);
      if (clients === undefined) return true; // the session is gone
      seen ||= clients.length > 0;
      return seen && clients.length === 0 ? true : undefined;
    },
    { timeout: Number.POSITIVE_INFINITY, interval: 100, clock: systemClock },
  );
}

/**
 * Takes the logs of `tmux-shot attach --read-write` for this app and adds one `manual` step per
 * attach that typed something: `manual input: type('abc'), press('Enter')`.
 * @returns The calls, in order.
 */
export async function takeManualInput(app: PausedApp): Promise<string[]> {
  const logs = await takeInputLogs(liveSessionsDir(), { socketPath: app.session.socketPath, pane: app.session.paneId });
  const all: string[] = [];
  for (const log of logs) {
    const span = inputSpan(log.bytes);
    const { calls, leftOut } = decodeManualInput(log.bytes.subarray(span.start, span.end));
    if (calls.length === 0 && leftOut.length === 0) continue;
    const title = `manual input: ${[...calls, ...leftOut.map((what) => `(${what})`)].join(', ')}`;
    app.steps.add({ kind: 'manual', title, atMs: app.atMs(), durationMs: 0 });
    all.push(...calls);
  }
  return all;
}

/** `TmuxApp`'s pause and the manual input it logs, one part of the app (see `createParts`). */
export class AppPause {
  readonly #app: PausedApp;

  constructor(app: PausedApp) {
    this.#app = app;
  }

  /** See `TmuxApp.tmuxTarget`. */
  get target(): TmuxTarget {
    const { socketPath, sessionId: session, paneId: pane } = this.#app.session;
    return { socketPath, session, pane };
  }

  /** See `TmuxApp.pause`: a `pause` step around {@link pauseApp}. */
  pause(options: PauseOptions, context: PauseContext): Promise<void> {
    const call = () => formatCall('pause', [options.readWrite ? options : undefined]);
    return this.#app.steps.run('pause', call, () => pauseApp(this.#app, options, context));
  }

  /** See `TmuxApp.takeManualInput`. */
  takeManualInput(): Promise<string[]> {
    return takeManualInput(this.#app);
  }
}
