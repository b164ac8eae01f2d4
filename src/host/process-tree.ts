/**
 * Process-tree teardown: ending every process a pane (or a whole tmux server) started, after
 * tmux's hangup, including those that ignore SIGHUP and daemons that left the pane's session.
 * Processes are found in Linux's procfs (see process-table.ts); where there is none (macOS),
 * only the panes' process groups, which hold their processes unless they moved themselves out.
 */
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { HOST } from '../defaults.js';
import { poll, systemClock } from '../wait.js';
import { isNewPid, paneProcessesOf, parseKillTicks, parseProcStat, parseProcessClock, selectInScope } from './process-table.js';
import type { PaneProcess, ProcStat, ProcessClock, ProcessFacts, ProcessScope } from './process-table.js';
import { processExists } from './run-process.js';

/** How many times {@link killProcessTreeSync} looks for processes to kill. */
const SYNC_KILL_ROUNDS = 3;

/** Poll interval while waiting for processes to exit, in ms (a check reads one small procfs file per process). */
const EXIT_POLL_MS = 1;

/**
 * What teardown sees and signals: a process (pid and start time, so a reused pid is never hit)
 * or, without procfs, a process group (`-pgid`, as kill(2) takes it).
 */
export interface Target {
  id: number;
  startTicks?: number;
}

/** How processes are found, checked and signalled: procfs on Linux, process groups elsewhere. */
export interface ProcessView {
  /** The processes of `scope` alive now. */
  survey(scope: ProcessScope): Target[];
  /** Process `pid` (without procfs: its process group) while it runs. */
  find(pid: number): Target | undefined;
  isAlive(target: Target): boolean;
  kill(target: Target, signal: NodeJS.Signals): void;
}

/** Linux: every process of the scope, whatever its process group, session or parent (see `selectInScope`). */
export const procfsView: ProcessView = {
  survey(scope) {
    const processes = readNewStats(scope.since).map(
      (stat): ProcessFacts => ({ stat, environ: () => readText(`/proc/${stat.pid}/environ`), descriptors: () => readDescriptors(stat.pid) }),
    );
    return selectInScope(processes, scope).map((stat) => ({ id: stat.pid, startTicks: stat.startTicks }));
  },
  find(pid) {
    const stat = runningStatOf(pid);
    return stat && { id: pid, startTicks: stat.startTicks };
  },
  isAlive(target) {
    const stat = runningStatOf(target.id);
    return stat !== undefined && stat.startTicks === target.startTicks;
  },
  kill(target, signal) {
    if (this.isAlive(target)) signalQuietly(target.id, signal);
  },
};

/** Without procfs: the panes' process groups (tmux makes each pane's first process its leader). */
export const processGroupView: ProcessView = {
  survey(scope) {
    return (scope.panes ?? []).flatMap((pane) => this.find(pane.pid) ?? []);
  },
  find(pid) {
    const target = { id: -pid };
    return this.isAlive(target) ? target : undefined;
  },
  isAlive(target) {
    return processExists(target.id);
  },
  kill(target, signal) {
    signalQuietly(target.id, signal);
  },
};

let procfs: boolean | undefined;
/** The largest pid plus one (`/proc/sys/kernel/pid_max`), read once. */
let pidMax: number | undefined;

function currentView(): ProcessView {
  procfs ??= existsSync('/proc/self/stat');
  return procfs ? procfsView : processGroupView;
}

/**
 * When process `pid` started, in clock ticks since boot: with the pid, it names one process, so a
 * later call telling another time means Linux has handed the pid to another process since.
 * Undefined when it does not run (a zombie counts as gone) or without procfs.
 */
export function startTicksOf(pid: number): number | undefined {
  return procfsView.find(pid)?.startTicks;
}

/** The stat of process `pid` (its parent, start time…) while it runs; undefined when it does not (a zombie counts as gone) or without procfs. */
export function runningStatOf(pid: number): ProcStat | undefined {
  const stat = readStat(pid);
  return stat && stat.state !== 'Z' ? stat : undefined;
}

/** The stat of every process whose pid was handed out since `since` (see `isNewPid`). */
function readNewStats(since: ProcessClock): ProcStat[] {
  const now = processClock();
  pidMax ??= Number(readText('/proc/sys/kernel/pid_max')) || 2 ** 22; // else the highest a 64-bit kernel allows
  return readdirSync('/proc').flatMap((name) => {
    const pid = Number(name);
    return Number.isInteger(pid) && isNewPid(pid, since, now, pidMax ?? 0) ? (readStat(pid) ?? []) : [];
  });
}

/**
 * The first processes of the panes of the running tmux server `serverPid` started since `since`,
 * with their terminals (see `paneProcessesOf`); [] without procfs. Synchronous, for an 'exit'
 * handler: read before the server is killed, which hangs up their terminals.
 */
export function findPaneProcesses(serverPid: number, since: ProcessClock): PaneProcess[] {
  procfs ??= existsSync('/proc/self/stat');
  return procfs ? paneProcessesOf(readNewStats(since), serverPid) : [];
}

/**
 * Now, as the {@link ProcessScope.since} of processes about to be started (three small procfs
 * reads); all zero without procfs.
 */
export function processClock(): ProcessClock {
  return parseProcessClock(readText('/proc/uptime') ?? '', readText('/proc/loadavg') ?? '', readText('/proc/stat') ?? '');
}

/** Now, as the {@link ProcessScope.killedAt} of panes about to be killed; undefined without procfs. */
export function killTicks(): number | undefined {
  return parseKillTicks(readText('/proc/uptime') ?? '');
}

/**
 * Ends the processes of `scope` that outlive tmux's hangup (kill-session or kill-server close
 * the pane's terminal: the kernel sends SIGHUP to its session leader, and to the leader's
 * process group once the leader exits). Those still alive {@link HOST.hangupGrace} ms after the
 * call get SIGTERM, those alive {@link HOST.terminateGrace} ms later SIGKILL; each stage looks
 * for the scope's processes anew, so children started meanwhile go too. Resolves once none is
 * left, or {@link HOST.exitTimeout} ms after SIGKILL. Never throws.
 *
 * Looking reads the stat of each process started since `scope.since` (see `isNewPid`), so the
 * usual case — a leader that exits on the hangup and leaves nothing — waits for the leader first
 * (polling its own stat) and then looks once.
 * @param view How processes are found: procfs where there is one (the default).
 */
export async function endProcessTree(scope: ProcessScope, view: ProcessView = currentView()): Promise<void> {
  const hangupEnds = systemClock.now() + HOST.hangupGrace;
  const leaders = (scope.panes ?? []).flatMap((pane) => view.find(pane.pid) ?? []);
  if (leaders.length > 0) await waitUntilGone(view, leaders, HOST.hangupGrace);
  let targets = view.survey(scope);
  if (targets.length === 0) return;
  await waitUntilGone(view, targets, hangupEnds - systemClock.now());
  for (const [signal, grace] of [
    ['SIGTERM', HOST.terminateGrace],
    ['SIGKILL', HOST.exitTimeout],
  ] as const) {
    // Those found before stay targets: one tied only by its parent is no longer once the parent is gone.
    targets = unite(
      targets.filter((target) => view.isAlive(target)),
      view.survey(scope),
    );
    if (targets.length === 0) return;
    for (const target of targets) view.kill(target, signal);
    await waitUntilGone(view, targets, grace);
  }
}

/**
 * Sends SIGKILL to every process of `scope` at once, synchronously: for a process 'exit'
 * handler, which cannot wait (as Playwright's process launcher kills browsers on exit). Looks
 * again after each round, up to {@link SYNC_KILL_ROUNDS} rounds, for a process forked while it
 * signalled the others.
 */
export function killProcessTreeSync(scope: ProcessScope, view: ProcessView = currentView()): void {
  const signalled = new Set<string>();
  for (let round = 0; round < SYNC_KILL_ROUNDS; round++) {
    const fresh = view.survey(scope).filter((target) => !signalled.has(`${target.id}:${target.startTicks}`));
    if (fresh.length === 0) return;
    for (const target of fresh) {
      signalled.add(`${target.id}:${target.startTicks}`);
      view.kill(target, 'SIGKILL');
    }
  }
}

/** The targets of both lists, each once. */
function unite(kept: Target[], found: Target[]): Target[] {
  const known = new Set(kept.map((target) => `${target.id}:${target.startTicks}`));
  return [...kept, ...found.filter((target) => !known.has(`${target.id}:${target.startTicks}`))];
}

/** Waits until every target has exited, at most `timeout` ms. */
async function waitUntilGone(view: ProcessView, targets: Target[], timeout: number): Promise<void> {
  let alive = targets;
  await poll(() => ((alive = alive.filter((target) => view.isAlive(target))).length === 0 ? true : undefined), { timeout, interval: EXIT_POLL_MS });
}

function readStat(pid: number) {
  const text = readText(`/proc/${pid}/stat`);
  return text === undefined ? undefined : parseProcStat(text);
}

/** Where the open descriptors of `pid` lead (`/proc/<pid>/fd/*`); [] when they cannot be read. */
function readDescriptors(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
      } catch {
        return []; // closed meanwhile
      }
    });
  } catch {
    return [];
  }
}

/** A procfs file's text, or undefined when it is gone or unreadable. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** `process.kill`, ignoring a process that is gone or not ours. */
function signalQuietly(id: number, signal: NodeJS.Signals): void {
  try {
    process.kill(id, signal);
  } catch {
    // gone meanwhile, or not ours to signal
  }
}
