/**
 * `tmux-shot attach`: list the apps of the tests running now (the live sessions, see
 * src/host/live-sessions.ts) and attach this terminal to the one chosen — read-only by default
 * (tmux's `attach -r`: the person sees the app and detaches with C-b d, no key reaches it); with
 * `--read-write` under util-linux `script`, whose log of the person's keys the test turns into a
 * `manual input` step (src/app/pause.ts). Attaching never resizes the app: its window's size is
 * pinned (`window-size manual`). Pure parts: choosing a session and formatting the list.
 */
import { rm } from 'node:fs/promises';
import { attachTarget, createInputLog, listLiveSessions, liveSessionsDir, type LiveSession } from '../host/index.js';
import { UsageError, type ParsedArgs } from './args.js';
import type { CliIo } from './io.js';
import { systemClock } from '../wait.js';

/** Usage text of `tmux-shot attach`. */
export const ATTACH_USAGE = `Usage: tmux-shot attach [options] [number]

Lists the apps of the tests running now (started by the tmuxApp, launchApp and shell fixtures)
and attaches your terminal to one: the only one, or the one whose number --list shows. Detach
with C-b d (inside your own tmux: C-b C-b d); the test goes on, and a test paused in
tmuxApp.pause() continues once you have detached. Attaching never changes the app's size.

Options:
  -l, --list         list them (test, file, app, size, age) and attach to none
  -w, --read-write   let your keys reach the app (default: read-only). What you type is
                     recorded in the test's steps and report as manual input
  -h, --help         show this help

The apps are those of this user's runs (the folder $TMUX_SHOT_LIVE_DIR, else
<tmpdir>/tmux-shot-live-<uid>).

Exit status: 0 attached and detached (or listed); 1 no app runs, the app went, or not run in a
terminal; 2 wrong usage (no such number, several apps and no number).`;

/** util.parseArgs options of `tmux-shot attach`. */
export const ATTACH_OPTIONS = {
  list: { type: 'boolean', short: 'l' },
  'read-write': { type: 'boolean', short: 'w' },
} as const;

/**
 * The session `choice` names among `sessions` (as `--list` numbers them, from 1): the only one when
 * no choice is given. Pure.
 * @throws {UsageError} when the choice is not a listed number, or several run and none is chosen.
 */
export function chooseSession(sessions: readonly LiveSession[], choice: string | undefined): LiveSession {
  if (choice === undefined) {
    if (sessions.length === 1) return sessions[0]!;
    throw new UsageError(`${sessions.length} apps run: choose one by its number, as in 'tmux-shot attach 1' (--list shows them).`, 'attach');
  }
  const index = /^[1-9][0-9]*$/.test(choice) ? Number(choice) : Number.NaN;
  const session = sessions[index - 1];
  if (!session) {
    const range = sessions.length === 1 ? 'only 1' : `1 to ${sessions.length}`;
    throw new UsageError(`'${choice}' is not the number of a running app: ${range} (--list shows them).`, 'attach');
  }
  return session;
}

/** An age in words: `12 s`, `3 min`, `2 h`. Pure. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/**
 * The list `--list` prints: per app its number and test, then its app command, size, age and
 * file. Pure.
 * @example
 *   formatSessionList([menu], menu.startedAt + 12_000)
 *   // '1  menu.test.ts > opens the menu\n   node fixtures/menu.mjs · 80×24 · 12 s · menu.test.ts'
 */
export function formatSessionList(sessions: readonly LiveSession[], now: number): string {
  const width = String(sessions.length).length;
  return sessions
    .map((session, i) => {
      const number = String(i + 1).padStart(width);
      const details = [session.command, `${session.cols}×${session.rows}`, formatAge(now - session.startedAt), ...(session.file ? [session.file] : [])];
      return `${number}  ${session.test ?? `(no test: process ${session.pid})`}\n${' '.repeat(width + 2)}${details.join(' · ')}`;
    })
    .join('\n');
}

/** Runs `tmux-shot attach`. @returns The exit status. */
export async function attachCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positionals.length > 1 || args.command.length > 0) throw new UsageError('attach takes one number at most.', 'attach');
  const dir = liveSessionsDir();
  const sessions = await listLiveSessions(dir);
  if (args.values.list) {
    io.stdout(sessions.length > 0 ? formatSessionList(sessions, systemClock.epochNow()) : 'No test has an app running.');
    return 0;
  }
  if (sessions.length === 0) {
    io.stderr(
      'tmux-shot attach: no test has an app running now (start the tests, with tmuxApp.pause() or TMUX_SHOT_DEBUG=1 to stop them where you want to look).',
    );
    return 1;
  }
  const session = chooseSession(sessions, args.positionals[0]);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.stderr('tmux-shot attach: it attaches your terminal to the app, and its stdin or stdout is not a terminal: run it in one, without redirections.');
    return 1;
  }
  const readWrite = args.values['read-write'] === true;
  const inputLog = readWrite ? await createInputLog(dir, session) : undefined;
  let status: number | null;
  try {
    status = await attachTarget(session, { readWrite, ...(inputLog ? { inputLog } : {}) });
  } finally {
    // The test takes the log when the person detaches from a pause, and when the app closes; a log
    // left after the app has gone (its entry too), or by a client that never ran, would never be read.
    if (inputLog && !(await isLive(dir, session))) await rm(inputLog, { force: true });
  }
  if (status !== 0) {
    io.stderr(`tmux-shot attach: the app of ${session.test ?? session.command} is gone (tmux ended with status ${status ?? 'by a signal'}).`);
    return 1;
  }
  return 0;
}

/** Whether `session`'s app is still in the live sessions (its test has not closed it). */
async function isLive(dir: string, session: LiveSession): Promise<boolean> {
  const sessions = await listLiveSessions(dir).catch(() => []);
  return sessions.some((live) => live.socketPath === session.socketPath && live.pane === session.pane);
}
