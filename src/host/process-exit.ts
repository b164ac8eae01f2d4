/**
 * Waiting for a process we did not start (the daemonized tmux server) to be gone, and killing
 * every live server, with every process its panes started, synchronously when our own process
 * exits.
 */
import { readFileSync, rmSync } from 'node:fs';
import { poll } from '../wait.js';
import { isProcessGoneError } from './process-table.js';
import type { ProcessScope } from './process-table.js';
import { findPaneProcesses, killProcessTreeSync, startTicksOf } from './process-tree.js';

/** Poll interval of {@link waitForProcessExit}, in ms. */
const EXIT_POLL_MS = 5;

/**
 * True while `pid` runs. A zombie counts as gone: the server is re-parented to PID 1, which in
 * some containers reaps late or never (Linux `/proc/<pid>/stat` state `Z`).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch (error) {
    return !isProcessGoneError(error, process.platform); // no procfs (macOS): kill(0) succeeded, so it runs
  }
}

/** Linux's `PF_EXITING` task flag (include/linux/sched.h): the process is in `exit()`, closing its files. */
const PF_EXITING = 0x4;

/**
 * True while `pid` runs and is not exiting: {@link isProcessAlive}, and on Linux without
 * `PF_EXITING` among the flags of `/proc/<pid>/stat` (field 9) — a process that has closed its
 * terminal in the course of exiting is not one that closed it and works on.
 */
export function isProcessRunning(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const flags = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[6]);
    return Number.isInteger(flags) && (flags & PF_EXITING) === 0;
  } catch (error) {
    return !isProcessGoneError(error, process.platform);
  }
}

/** Resolves true once `pid` is gone, or false after `timeout` ms. */
export async function waitForProcessExit(pid: number, timeout: number): Promise<boolean> {
  return (await poll(() => (isProcessAlive(pid) ? undefined : true), { timeout, interval: EXIT_POLL_MS })) ?? false;
}

/** A live server's private directory and processes. */
interface LiveServer {
  directory: string;
  processes: ProcessScope;
  /** When the server started (see `startTicksOf`): a server that died unnoticed left its pid to others. */
  startTicks: number | undefined;
}

/** Live servers by pid. One per module, whatever number of servers. */
const liveServers = new Map<number, LiveServer>();
let exitHookInstalled = false;

/**
 * Remembers a live server so that, should our process exit without disposing it (a crash, a
 * forgotten `dispose()`, `process.exit()`), the 'exit' handler kills it and removes its
 * directory. The handler must be synchronous, so there is no grace period: every process of
 * `processes` and of the server's panes (see `selectInScope`) gets SIGKILL (as Playwright kills its browsers on exit), the server SIGTERM. Fatal
 * signals that bypass 'exit' (SIGKILL, an unhandled SIGTERM) cannot be covered here.
 */
export function registerLiveServer(pid: number, directory: string, processes: ProcessScope): void {
  liveServers.set(pid, { directory, processes, startTicks: startTicksOf(pid) });
  if (!exitHookInstalled) {
    process.once('exit', killLiveServersSync);
    exitHookInstalled = true;
  }
}

/** Forgets a server that was disposed normally. */
export function unregisterLiveServer(pid: number): void {
  liveServers.delete(pid);
}

/**
 * Kills every registered server and its processes and removes its directory, synchronously and
 * once each. A server whose pid now names another process (it died unnoticed, and Linux handed
 * its pid out again: another test's tmux server, say) is not signalled, nor are that process's children.
 */
function killLiveServersSync(): void {
  for (const [pid, { directory, processes, startTicks }] of liveServers) {
    // Without procfs (no start time even for this process) the pid is all there is to go by.
    const running = startTicks === undefined ? startTicksOf(process.pid) === undefined : startTicksOf(pid) === startTicks;
    // The server still runs: its children are its panes' first processes.
    killProcessTreeSync({ ...processes, panes: running ? findPaneProcesses(pid, processes.since) : [] });
    try {
      if (running) process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(directory, { recursive: true, force: true });
  }
  liveServers.clear();
}
