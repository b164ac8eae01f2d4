/** A pane's life as tmux reports it (`#{pane_dead}` and friends, tmux 3.3a). Pure. */
import { constants } from 'node:os';

/** How a pane's process stands. */
export interface PaneStatus {
  /** True once the process has exited and tmux has its wait status (remain-on-exit keeps the pane). */
  dead: boolean;
  /** Exit status when it exited normally; null while alive or when a signal ended it. */
  exitCode: number | null;
  /** Name of the signal that ended it (`SIGTERM`); null while alive or when it exited normally. */
  signal: string | null;
}

/** How a process ended, for messages: `exit status 3`, or the signal's name (`SIGSEGV`). */
export function describeExit(exit: { exitCode: number | null; signal: string | null }): string {
  return exit.signal ?? `exit status ${exit.exitCode}`;
}

/** `display -p` format that {@link parsePaneStatus} reads: dead flag, exit status, signal number. */
export const PANE_STATUS_FORMAT = '#{pane_dead} #{pane_dead_status} #{pane_dead_signal}';

/**
 * Parses the {@link PANE_STATUS_FORMAT} line. tmux can set `pane_dead` before it has reaped the
 * process (see {@link isAwaitingReap}); until a status or signal is known the pane counts as
 * alive, so a dead pane always carries its exit code or signal.
 */
export function parsePaneStatus(line: string): PaneStatus {
  const [dead = '', status = '', signal = ''] = line.trim().split(' ');
  if (dead !== '1' || (status === '' && signal === '')) return { dead: false, exitCode: null, signal: null };
  if (signal !== '') return { dead: true, exitCode: null, signal: signalName(Number(signal)) };
  return { dead: true, exitCode: Number(status), signal: null };
}

/**
 * True when tmux shows the pane dead (its pty closed) but has no wait status for it yet. tmux
 * 3.3a (built with libutempter, as Debian's is) can miss the SIGCHLD of a pane's process: it runs
 * libutempter's helper when a pane starts and again when the pane's terminal closes, and
 * libutempter resets SIGCHLD to its default (ignored) while it waits for the helper. A process
 * that exits within ≈ 100 ms of starting, or whose exit signal comes after its terminal closed
 * (the kernel closes a process's files before it signals the parent; a loaded machine widens the
 * gap), is then lost (strace of the server: `rt_sigaction(SIGCHLD, SIG_DFL)`, the helper's
 * `wait4`, the handler back). It stays a zombie until some other child of the server exits (see
 * `reapChildrenCommand`).
 */
export function isAwaitingReap(line: string): boolean {
  const [dead = '', status = '', signal = ''] = line.trim().split(' ');
  return dead === '1' && status === '' && signal === '';
}

/** `SIGTERM` for 15 on this platform; `SIG<n>` for numbers it does not name. */
function signalName(signal: number): string {
  const entry = Object.entries(constants.signals).find(([, value]) => value === signal);
  return entry?.[0] ?? `SIG${signal}`;
}
