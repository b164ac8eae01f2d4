/**
 * Reads whether a pane's foreground waits for input on its terminal (the rule and the parsing are
 * in tty-wait.ts). Linux procfs only, without ptrace: our own processes' `syscall`, `fdinfo` and
 * `mem` are readable for our uid unless Yama or hidepid forbid it; then the answer is "cannot be read".
 * The reads are synchronous: procfs answers from kernel memory (≈ 10–30 µs a file here, against
 * ≈ 0.2–1 ms a file through libuv's thread pool on a loaded machine), and one answer takes 10–40 reads.
 */
import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { isProcessGoneError } from './process-table.js';
import {
  type FileId,
  type ForegroundReads,
  type ForegroundWait,
  type TaskWait,
  type WaitSite,
  decideForegroundIdle,
  decideForegroundWait,
  knowsArch,
  parseEpollTargets,
  parseReadChars,
  parseTaskStat,
  parseTimeout,
  parseWaitSite,
  readFdsOfSet,
  waitSetBytes,
} from './tty-wait.js';

/** A read failed because the process or task is gone: the foreground is changing. */
class Vanished extends Error {}

/**
 * Whether the foreground process group of the terminal `tty` (`/dev/pts/N`), whose session leader
 * is the pane's first process `panePid`, waits for input on it now (see `decideForegroundWait`).
 * The group's members are found among `panePid` and its descendants (`/proc/<pid>/task/<tid>/children`).
 * With `soonMs`, it says whether the foreground is idle (`decideForegroundIdle`): waiting for keys
 * with no timer due within `soonMs` ms.
 * @returns undefined when it cannot be read (not Linux, an unknown arch, /proc denied, the pane's
 *   process no longer on `tty`); never throws.
 */
export function readForegroundWait(panePid: number, tty: string, arch = process.arch, soonMs?: number): ForegroundWait {
  if (process.platform !== 'linux' || !knowsArch(arch)) return undefined;
  try {
    const leader = readStat(`/proc/${panePid}/stat`);
    const terminal = statSync(tty);
    if (leader.ttyNr !== terminal.rdev || leader.tpgid <= 0) return undefined;
    // The group's members have the terminal as their controlling terminal, which they may also
    // read through /dev/tty (less, fzf): that node is the terminal too.
    const devTty = statSync('/dev/tty', { throwIfNoEntry: false });
    const isTerminal = (file: FileId) => sameFile(file, terminal) || (devTty !== undefined && sameFile(file, devTty));
    const tasks: TaskWait[] = [];
    for (const pid of descendants(panePid)) {
      if (readStat(`/proc/${pid}/stat`).pgrp !== leader.tpgid) continue;
      for (const tid of list(`/proc/${pid}/task`)) tasks.push(readTask(pid, tid, arch, isTerminal));
    }
    return soonMs === undefined ? decideForegroundWait(tasks) : decideForegroundIdle(tasks, soonMs);
  } catch (error) {
    if (error instanceof Vanished) return 'busy';
    return undefined;
  }
}

/**
 * What the foreground process group of the terminal `tty`, whose session leader is `panePid`, has
 * read so far (see `ForegroundReads`): the `rchar` of `/proc/<pid>/io` of each of its processes,
 * summed. Reading another process's `io` needs the same permission as its `syscall`.
 * @returns undefined when it cannot be read (not Linux, /proc denied, the pane's process no longer
 *   on `tty`, a process vanished while read); never throws.
 */
export function readForegroundReads(panePid: number, tty: string): ForegroundReads | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const leader = readStat(`/proc/${panePid}/stat`);
    if (leader.ttyNr !== statSync(tty).rdev || leader.tpgid <= 0) return undefined;
    let readChars = 0;
    for (const pid of descendants(panePid)) {
      if (readStat(`/proc/${pid}/stat`).pgrp !== leader.tpgid) continue;
      const chars = parseReadChars(read(`/proc/${pid}/io`));
      if (chars === undefined) return undefined;
      readChars += chars;
    }
    return { pgrp: leader.tpgid, readChars };
  } catch {
    return undefined;
  }
}

function sameFile(a: FileId, b: FileId): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** `pid` and every descendant of it, parents first. */
function descendants(pid: number): number[] {
  const found = [pid];
  for (let at = 0; at < found.length; at++) {
    const parent = found[at] as number;
    for (const tid of list(`/proc/${parent}/task`)) {
      const children = read(`/proc/${parent}/task/${tid}/children`);
      for (const child of children.split(' ')) if (child !== '') found.push(Number(child));
    }
  }
  return found;
}

function readTask(pid: number, tid: string, arch: string, isTerminal: (file: FileId) => boolean): TaskWait {
  const task = `/proc/${pid}/task/${tid}`;
  const { state } = readStat(`${task}/stat`);
  if (state !== 'S') return { state, onTerminal: false };
  const site = parseWaitSite(read(`${task}/syscall`), arch);
  const onTerminal = site !== undefined && waitsOn(pid, site, isTerminal);
  return { state, onTerminal, timeout: onTerminal && site ? waitTimeout(pid, site) : undefined };
}

/** Whether the wait at `site` includes reading the terminal. */
function waitsOn(pid: number, site: WaitSite, isTerminal: (file: FileId) => boolean): boolean {
  const fdIsTerminal = (fd: number) => {
    const file = statSync(`/proc/${pid}/fd/${fd}`, { throwIfNoEntry: false }); // a closed fd is not the terminal
    return file !== undefined && isTerminal(file);
  };
  switch (site.kind) {
    case 'fd':
      return fdIsTerminal(site.fd);
    case 'epoll':
      return parseEpollTargets(read(`/proc/${pid}/fdinfo/${site.epfd}`)).some(isTerminal);
    default: {
      return readFdsOfSet(site.kind, readMemory(pid, site.address, waitSetBytes(site))).some(fdIsTerminal);
    }
  }
}

/** The timeout of the wait at `site`, in ms (negative: none); undefined when the syscall has none or it cannot be read. */
function waitTimeout(pid: number, site: WaitSite): number | undefined {
  if (site.timeoutAt === undefined) return site.timeout;
  if (site.timeoutAt.address === 0n) return -1;
  return parseTimeout(readMemory(pid, site.timeoutAt.address, 16), site.timeoutAt.perSecond);
}

function readMemory(pid: number, address: bigint, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  if (length === 0) return buffer;
  const fd = attempt(() => openSync(`/proc/${pid}/mem`, 'r'));
  try {
    // User addresses are below 2^53 (47–52 bits) on both arches.
    return buffer.subarray(
      0,
      attempt(() => readSync(fd, buffer, 0, length, Number(address))),
    );
  } finally {
    closeSync(fd);
  }
}

function readStat(path: string) {
  const parsed = parseTaskStat(read(path));
  if (parsed === undefined) throw new Error(`${path} is not a stat line`);
  return parsed;
}

function read(path: string): string {
  return attempt(() => readFileSync(path, 'utf8'));
}

function list(path: string): string[] {
  return attempt(() => readdirSync(path));
}

/** Runs `io`; an error that says the process or task exited while read ({@link isProcessGoneError}) becomes {@link Vanished}; anything else: unreadable. */
function attempt<T>(io: () => T): T {
  try {
    return io();
  } catch (error) {
    if (isProcessGoneError(error, process.platform)) throw new Vanished((error as Error).message);
    throw error;
  }
}
