/**
 * Which processes belong to a pane or to a tmux server, from what Linux's procfs shows of each
 * (proc(5): `/proc/<pid>/stat`, `/proc/<pid>/environ`, `/proc/<pid>/fd`, `/proc/uptime`,
 * `/proc/loadavg`, `/proc/stat`). Pure: the reading and signalling are in process-tree.ts.
 */

/** The major device number of Unix 98 pseudo-terminal slaves (`/dev/pts/N` is device 136:N; Linux devices.txt). */
const PTS_MAJOR = 136;

/** The fields of `/proc/<pid>/stat` that teardown needs. */
export interface ProcStat {
  pid: number;
  /** One letter: `R` running, `S` sleeping, `Z` zombie (exited, not yet reaped)… */
  state: string;
  /** The parent's pid (1, or a subreaper's, once the parent has exited). */
  ppid: number;
  /** Session id: the pid of the session's leader. */
  sid: number;
  /** The controlling terminal's device number (field 7, `tty_nr`, encoded as `new_encode_dev`); 0 for none, as after its hangup. */
  ttyNr: number;
  /** When the process started, in clock ticks since boot: with `pid`, it names one process (pids are reused). */
  startTicks: number;
}

/** A pane's first process, which tmux makes the leader of a session whose controlling terminal is the pane's. */
export interface PaneProcess {
  /** Its pid (`#{pane_pid}`): the session's id. */
  pid: number;
  /** The pane's terminal (`#{pane_tty}`, `/dev/pts/N`); undefined when not known. */
  tty?: string;
  /**
   * True when the pane is dead: tmux has closed its terminal, whose number Linux may have given
   * to another terminal since, so only the hung-up terminal (its links read `/dev/pts/N
   * (deleted)`) is the pane's. There is one terminal of a number at a time, hung up or not.
   */
  dead?: boolean;
  /**
   * When it started (see `startTicksOf`), where its session looked it up alive: then a process
   * with its pid and another start time is another's, whatever the ticks of the kill (see
   * {@link ProcessScope.killedAt}, whose 10 ms ticks a pid handed out right after the kill can share).
   */
  startTicks?: number;
}

/**
 * Which processes a teardown ends (see {@link selectInScope}). tmux gives every process it starts
 * `TMUX=<socket>,<server pid>,<session>` and, in a pane, `TMUX_PANE=%N`; children inherit both,
 * so they mark the pane's whole tree, even daemons that left its process group and session
 * (spawn.c, environ.c). An app can unset them (`env: { TMUX: '' }`, `env -i`), so the kernel's
 * facts count too: the pane's session, its terminal, and descent from a process of the scope.
 */
export interface ProcessScope {
  /** The start of the `TMUX` value of the server's processes (see {@link tmuxEnvPrefix}). */
  tmuxPrefix: string;
  /** Only processes of this pane (`%N`), by their `TMUX_PANE`; all of the server's when absent. */
  paneId?: string;
  /** The panes' first processes: the members of their sessions, those whose controlling terminal is theirs or who hold it open, belong. */
  panes?: readonly PaneProcess[];
  /** Processes started before this moment are not looked at (see {@link ProcessClock}). */
  since: ProcessClock;
  /**
   * When the panes were killed, in clock ticks since boot (see {@link parseKillTicks}): their
   * terminals' numbers tie only processes started before then. Linux gives a freed terminal
   * number to the next new terminal, whose processes are another pane's; a new pane's process is
   * unmarked until it execs (its environment is still its tmux server's). @default no bound
   */
  killedAt?: number;
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
  // After the name: state (field 3), ppid (4), pgrp, session (6), tty_nr (7), … starttime (22).
  const fields = text.slice(close + 2).split(' ');
  const pid = Number.parseInt(text, 10);
  const [state, ppid, sid, ttyNr, startTicks] = [fields[0] ?? '', Number(fields[1]), Number(fields[3]), Number(fields[4]), Number(fields[19])];
  if (!Number.isInteger(pid) || state === '' || ![ppid, sid, ttyNr, startTicks].every(Number.isInteger)) return undefined;
  return { pid, state, ppid, sid, ttyNr, startTicks };
}

/**
 * The first processes of a running tmux server's panes, from the stat of processes: its children
 * (tmux forks each pane's process), with the terminal each has as controlling terminal.
 */
export function paneProcessesOf(stats: readonly ProcStat[], serverPid: number): PaneProcess[] {
  return stats.filter((stat) => stat.ppid === serverPid && stat.state !== 'Z').map((stat) => ({ pid: stat.pid, tty: ptsPath(stat.ttyNr) }));
}

/**
 * A pane's first process from tmux's `#{pane_pid} #{pane_dead} #{pane_tty}`.
 * @returns undefined for a line that names no pid.
 */
export function parsePaneProcess(line: string): PaneProcess | undefined {
  const [pid = '', dead, tty = ''] = line.split(' ');
  const number = Number(pid);
  if (pid === '' || !Number.isInteger(number) || number <= 0) return undefined;
  const pane = { pid: number, ...(tty.startsWith('/dev/') ? { tty } : {}) };
  return dead === '0' ? pane : { ...pane, dead: true };
}

/**
 * Whether an error reading `/proc/<pid>/…` on `platform` says the process is gone: on Linux,
 * ENOENT when it had been reaped before the open, ESRCH when it was reaped between the open and
 * the read (procfs then finds no task). Elsewhere there is no procfs to say so.
 */
export function isProcessGoneError(error: unknown, platform: NodeJS.Platform): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return platform === 'linux' && (code === 'ENOENT' || code === 'ESRCH');
}

/** The path of the pseudo-terminal of a `tty_nr` (`/dev/pts/N`, device 136:N as `new_encode_dev` packs it); undefined for none or another kind of terminal. */
export function ptsPath(ttyNr: number): string | undefined {
  const major = (ttyNr >> 8) & 0xfff;
  const minor = (ttyNr & 0xff) | ((ttyNr >> 12) & 0xfff00);
  return ttyNr !== 0 && major === PTS_MAJOR ? `/dev/pts/${minor}` : undefined;
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

/** Now, in clock ticks since boot, from `/proc/uptime` text, rounded down (as a process's start time is); undefined when unreadable. */
export function parseKillTicks(text: string): number | undefined {
  const seconds = Number.parseFloat(text);
  return Number.isFinite(seconds) ? Math.floor(seconds * CLOCK_TICKS_PER_SECOND) : undefined;
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
 * Whether `/proc/<pid>/environ` text bears the marks of another tmux server (a non-empty `TMUX`
 * not of `scope`) or, for a pane, of another pane of ours: such a process is not the pane's,
 * whatever session or terminal a reused pid or pts number gives it. An emptied `TMUX` marks nothing.
 */
export function hasOtherMarks(environ: string, scope: ProcessScope): boolean {
  const entries = `\0${environ}`;
  const tmux = /\0TMUX=([^\0]*)/.exec(entries)?.[1];
  if (tmux !== undefined && tmux !== '' && !tmux.startsWith(scope.tmuxPrefix)) return true;
  const pane = /\0TMUX_PANE=([^\0]*)/.exec(entries)?.[1];
  return scope.paneId !== undefined && pane !== undefined && pane !== scope.paneId;
}

/** What teardown reads of one process: its stat, and on demand its environment and the paths its open descriptors name. */
export interface ProcessFacts {
  stat: ProcStat;
  /** `/proc/<pid>/environ`; undefined when it cannot be read. */
  environ(): string | undefined;
  /** The targets of its `/proc/<pid>/fd/*` links (`/dev/pts/3`, `/dev/pts/3 (deleted)` once hung up…); [] when they cannot be read. */
  descriptors(): readonly string[];
}

/**
 * The processes of `processes` that belong to `scope`: alive (not zombies), started since
 * `scope.since`, and either marked by tmux for it ({@link hasTmuxMarks}) or, unless marked for
 * another server or pane ({@link hasOtherMarks}), tied to one of its panes by a fact the kernel
 * keeps: the pane's first process while it runs or a member of its session (until a process
 * started after the kill has its pid), with the pane's live terminal as
 * controlling terminal (before its hangup), holding the pane's terminal open (also after the
 * hangup, when its link reads `… (deleted)`; only so for a dead pane, see {@link PaneProcess.dead}),
 * or a child of a process that belongs. Reads a process's environment only when its stat allows it
 * to belong, and its descriptors only when nothing else tied it and it has no controlling terminal.
 */
export function selectInScope(processes: readonly ProcessFacts[], scope: ProcessScope): ProcStat[] {
  const candidates = processes.filter(({ stat }) => stat.state !== 'Z' && stat.startTicks >= scope.since.ticks);
  const panes = scope.panes ?? [];
  // A dead pane's pid is no process of ours any more: Linux hands it out again (after pid_max
  // forks: 32768 on some machines, a few minutes of a busy test run), so only its session's
  // members count, never a process with that pid nor a session leader of that id; and only while
  // no process has the pid: Linux hands out no pid that still names a session, so once one has
  // it, the session of that id is the new process's.
  const startOf = new Map(processes.map(({ stat }) => [stat.pid, stat.startTicks]));
  // So is a live pane's pid once a process started after the kill has it: the pane's process died
  // of the kill and Linux handed its pid out again, while teardown still looked (seconds). That
  // process and the session of that id are another's: a tmux server of another test leads its own,
  // and took SIGTERM for the pane's, shutting down in the middle of that test.
  const killedAt = scope.killedAt;
  const reused = new Set(killedAt === undefined ? [] : processes.flatMap(({ stat }) => (stat.startTicks > killedAt ? [stat.pid] : [])));
  // Exact where the pane's own start time is known: a process with its pid that started at another time.
  const gone = (pane: PaneProcess) => {
    const now = startOf.get(pane.pid);
    if (pane.startTicks !== undefined && now !== undefined) return now !== pane.startTicks;
    return pane.dead ? now !== undefined : reused.has(pane.pid);
  };
  const sessions = new Set(panes.flatMap((pane) => (gone(pane) ? [] : [pane.pid])));
  const leaders = new Set(panes.flatMap((pane) => (pane.dead || gone(pane) ? [] : [pane.pid])));
  const live = new Set(panes.flatMap((pane) => (pane.tty === undefined || pane.dead ? [] : [pane.tty])));
  const hungUp = new Set(panes.flatMap((pane) => (pane.tty === undefined ? [] : [`${pane.tty} (deleted)`])));
  // A terminal's number ties only what started before the kill (see `ProcessScope.killedAt`); its hung-up link is its own.
  const byNumber = (stat: ProcStat) => killedAt === undefined || stat.startTicks < killedAt;
  const holds = (path: string, stat: ProcStat) => hungUp.has(path) || (live.has(path) && byNumber(stat));
  const members = new Set<number>();
  const unmarked: ProcessFacts[] = [];
  for (const facts of candidates) {
    const environ = facts.environ() ?? '';
    if (hasTmuxMarks(environ, scope)) members.add(facts.stat.pid);
    else if (!hasOtherMarks(environ, scope)) unmarked.push(facts);
  }
  const tied = ({ stat, descriptors }: ProcessFacts) =>
    leaders.has(stat.pid) ||
    (sessions.has(stat.sid) && stat.pid !== stat.sid) ||
    (live.has(ptsPath(stat.ttyNr) ?? '') && byNumber(stat)) ||
    (hungUp.size > 0 && stat.ttyNr === 0 && descriptors().some((path) => holds(path, stat)));
  let rest = unmarked.filter((facts) => !(tied(facts) && members.add(facts.stat.pid)));
  // Descent: a child joins once its parent has; repeat until a pass adds none.
  for (let size = -1; size !== members.size; ) {
    size = members.size;
    rest = rest.filter(({ stat }) => !(members.has(stat.ppid) && members.add(stat.pid)));
  }
  return candidates.filter(({ stat }) => members.has(stat.pid)).map(({ stat }) => stat);
}
