/**
 * One short-lived child process run to its end with its output collected (`tmux` commands,
 * `stty`), on node:child_process alone: importing execa cost as much as importing the screen
 * model, once per Vitest worker.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { HOST } from '../defaults.js';
import { startTimer } from '../wait.js';

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** The child's whole environment. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /** The child's working directory. @default process.cwd() */
  cwd?: string;
  /** How long it may run, in ms; then it gets SIGTERM (SIGKILL `HOST.terminateGrace` ms later) and counts as timed out. */
  timeout: number;
}

/** How a process of {@link runProcess} ended. */
export interface ProcessResult {
  /** Its exit status; null when a signal ended it or it never started. */
  exitCode: number | null;
  /** The signal that ended it (`'SIGTERM'`, `'SIGSEGV'`…); null when it exited or never started. */
  signal: NodeJS.Signals | null;
  /** Its stdout as UTF-8, without one final newline (as execa's `stripFinalNewline`). */
  stdout: string;
  /** Its stderr, the same way. */
  stderr: string;
  /** True when it, or a process it left holding its output, ran past `timeout`. */
  timedOut: boolean;
  /** Why it could not be started (`code` 'ENOENT', 'EACCES'…); undefined once it started. */
  spawnError?: NodeJS.ErrnoException;
}

/**
 * Runs `file` with `args` (no shell), stdin closed, in a process group of its own, and resolves
 * once it has exited and its output is closed. Past `timeout` the whole group gets SIGTERM, then
 * SIGKILL `HOST.terminateGrace` ms later: a background job it left holding stdout or stderr (`sleep
 * 60 &`) ends with it, and a process that escaped the group (setsid) no longer holds the result up,
 * so the call ends within `timeout` + 2 × `HOST.terminateGrace` ms. Never rejects: a program that cannot
 * be started resolves with `spawnError`.
 */
export function runProcess(file: string, args: readonly string[], options: RunProcessOptions): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const signalGroup = (signal: NodeJS.Signals) => signalProcessGroup(child, signal);
    let timedOut = false;
    let cancelKill = (): void => undefined;
    const cancelTimer = startTimer(options.timeout, () => {
      timedOut = true;
      signalGroup('SIGTERM');
      // One that ignores SIGTERM (a hung tmux) is not waited on for ever, as execa's forceKillAfterDelay;
      // output still held open after that, from outside the group, is let go.
      cancelKill = startTimer(HOST.terminateGrace, () => {
        signalGroup('SIGKILL');
        cancelKill = startTimer(HOST.terminateGrace, () => {
          child.stdout.destroy();
          child.stderr.destroy();
        });
      });
    });
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, spawnError?: NodeJS.ErrnoException) => {
      cancelTimer();
      cancelKill();
      resolve({ exitCode, signal, stdout: textOf(stdout), stderr: textOf(stderr), timedOut, ...(spawnError ? { spawnError } : {}) });
    };
    child.once('error', (error: NodeJS.ErrnoException) => finish(null, null, error));
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => finish(code, signal));
  });
}

function textOf(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString('utf8');
  return text.endsWith('\n') ? text.slice(0, text.endsWith('\r\n') ? -2 : -1) : text;
}

/**
 * Sends `signal` to the process group `child` leads (spawned `detached`), unless the group's id may
 * be another's. While the leader is unreaped, or any member is left, Linux hands out no process
 * that id. So once Node has reaped the leader, a process with the leader's pid means the group
 * emptied and the id went to a new process, perhaps a new group's leader (a tmux pane's first
 * process leads one): that group is not signalled. Left open: a process handed the id between the
 * check and the kill, microseconds (Linux 6.9's `pidfd_send_signal` with
 * `PIDFD_SIGNAL_PROCESS_GROUP` would close it; Node has no pidfds).
 */
export function signalProcessGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  const reaped = child.exitCode !== null || child.signalCode !== null;
  if (reaped && processExists(pid)) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Whether a process (`id` > 0) or process group (`id` = −pgid) exists now: kill(2) with signal 0
 * finds it, ours or another user's (EPERM).
 */
export function processExists(id: number): boolean {
  try {
    process.kill(id, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
