/**
 * Which processes belong to a pane or to a tmux server, from what Linux's procfs shows of each
 * (proc(5): `/proc/<pid>/stat`, `/proc/<pid>/environ`, `/proc/uptime`, `/proc/loadavg`,
 * `/proc/stat`). Pure: the reading and signalling are in process-tree.ts.
 */

/** The fields of `/proc/<pid>/stat` that teardown needs. */
export interface ProcStat {
  pid: number;
  /** One letter: `R` running, `S` sleeping, `Z` zombie (exited, not yet reaped)… */
  state: string;
  /** Session id: the pid of the session's leader. */
  sid: number;
  /** When the process started, in clock ticks since boot: with `pid`, it names one process (pids are reused). */
  startTicks: number;
}

/**
 * Which processes a teardown ends. tmux gives every process it starts `TMUX=<socket>,<server
 * pid>,<session>` and, in a pane, `TMUX_PANE=%N`; children inherit both, so they mark the pane's
 * whole tree, even daemons that left its process group and session (spawn.c, environ.c).
 */
export interface ProcessScope {
  /** The start of the `TMUX` value of the server's processes (see {@link tmuxEnvPrefix}). */
  tmuxPrefix: string;
  /** Only processes of this pane (`%N`), by their `TMUX_PANE`; all of the server's when absent. */
  paneId?: string;
  /**
   * The pane's first process (`#{pane_pid}`), which tmux makes a session leader: every member of
   * its session belongs to the pane too, even one started with a cleared environment.
   */
  sessionLeader?: number;
  /** Processes started before this moment are not looked at (see {@link ProcessClock}). */
  since: ProcessClock;
}

/**
 * A moment in the life of the machine's processes, read before a pane or server starts: what
 * started later has a later start time and, unless pids have gone all the way round since, a
 * pid the kernel handed out later. Looking only at those pids spares reading the stat of every
 * process of the machine (≈ 20–40 µs each).
 */
export interface ProcessClock {
  /** Clock ticks since boot, a second early (see {@link parseUptimeTicks}). */
  ticks: number;
  /** The pid handed out last (`/proc/loadavg`, 5th field). */
  lastPid: number;
  /** Processes and threads created since boot, each taking a pid (`/proc/stat`, `processes`). */
  forks: number;
}

/** Clock ticks per second of `/proc` times (USER_HZ): 100 on every architecture Node runs on. */
export const CLOCK_TICKS_PER_SECOND = 100;

/** The start of `TMUX` in the environment of every process of the server at `socketPath` (its path as given to `-S`). */
export function tmuxEnvPrefix(socketPath: string, serverPid: number): string {
  return `${socketPath},${serverPid},`;
}

/**
 * Parses `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may itself hold
 * spaces and parentheses, so fields are counted from the last `)`.
 * @returns undefined for text that is not a stat line.
 */
export function parseProcStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  // After the name: state (field 3), ppid, pgrp, session (6), … starttime (22).
  const fields = text.slice(close + 2).split(' ');
  const [pid, state, sid, startTicks] = [Number.parseInt(text, 10), fields[0] ?? '', Number(fields[3]), Number(fields[19])];
  if (!Number.isInteger(pid) || state === '' || !Number.isInteger(sid) || !Number.isInteger(startTicks)) return undefined;
  return { pid, state, sid, startTicks };
}

/**
 * The clock from the texts of `/proc/uptime` (seconds since boot, then idle seconds),
 * `/proc/loadavg` (`0.50 0.40 0.30 2/180 12345`, the last pid at the end) and `/proc/stat` (its
 * `processes N` line); a text that cannot be read gives 0, which only makes more pids look new.
 */
export function parseProcessClock(uptime: string, loadavg: string, stat: string): ProcessClock {
  const lastPid = Number(loadavg.trim().split(' ')[4]);
  const forks = Number(/^processes (\d+)$/m.exec(stat)?.[1]);
  return { ticks: parseUptimeTicks(uptime), lastPid: Number.isInteger(lastPid) ? lastPid : 0, forks: Number.isInteger(forks) ? forks : 0 };
}

/**
 * Which pids can belong to a process started between `since` and `now`: those handed out after
 * `since.lastPid`, up to `now.lastPid` — wrapping past `pidMax` back to the low pids once. When
 * so many processes were created that pids may have gone all the way round (half of `pidMax`,
 * or a clock that could not be read), every pid can.
 */
export function isNewPid(pid: number, since: ProcessClock, now: ProcessClock, pidMax: number): boolean {
  if (since.forks === 0 || now.forks - since.forks >= pidMax / 2) return true;
  if (now.lastPid >= since.lastPid) return pid > since.lastPid && pid <= now.lastPid;
  return pid > since.lastPid || pid <= now.lastPid;
}

/**
 * `/proc/uptime` (seconds since boot, then idle seconds) as clock ticks, one second early: a
 * process started from now on has a later {@link ProcStat.startTicks}, whatever the rounding.
 */
export function parseUptimeTicks(text: string): number {
  const seconds = Number.parseFloat(text);
  return Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * CLOCK_TICKS_PER_SECOND) - CLOCK_TICKS_PER_SECOND) : 0;
}

/** Whether `/proc/<pid>/environ` text (entries ending in NUL) carries tmux's marks of `scope`. */
export function hasTmuxMarks(environ: string, scope: ProcessScope): boolean {
  const entries = `\0${environ.endsWith('\0') ? environ : `${environ}\0`}`;
  if (!entries.includes(`\0TMUX=${scope.tmuxPrefix}`)) return false;
  return scope.paneId === undefined || entries.includes(`\0TMUX_PANE=${scope.paneId}\0`);
}

/**
 * Whether the process belongs to `scope`: alive (not a zombie), started since
 * `scope.since`, and marked by tmux (see {@link hasTmuxMarks}) or in the session of
 * `scope.sessionLeader` without the marks of another pane (so not a process whose session id
 * happens to reuse a gone leader's pid). `environ` is undefined when it cannot be read.
 */
export function isInScope(stat: ProcStat, environ: () => string | undefined, scope: ProcessScope): boolean {
  if (stat.state === 'Z' || stat.startTicks < scope.since.ticks) return false;
  const text = environ() ?? '';
  if (hasTmuxMarks(text, scope)) return true;
  return stat.sid === scope.sessionLeader && !`\0${text}`.includes('\0TMUX_PANE=');
}
