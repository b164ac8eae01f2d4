/**
 * Reads whether a pane's foreground waits for input on its terminal (the rule and the parsing are
 * in tty-wait.ts). Linux procfs only, without ptrace: our own processes' `syscall`, `fdinfo` and
 * `mem` are readable for our uid unless Yama or hidepid forbid it; then the answer is "cannot be read".
 */
import { open, readFile, readdir, stat } from 'node:fs/promises';
import {
  type FileId,
  type ForegroundWait,
  type TaskWait,
  type WaitSite,
  decideForegroundWait,
  knowsArch,
  parseEpollTargets,
  parseTaskStat,
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
 * @returns undefined when it cannot be read (not Linux, an unknown arch, /proc denied, the pane's
 *   process no longer on `tty`); never throws.
 */
export async function readForegroundWait(panePid: number, tty: string, arch = process.arch): Promise<ForegroundWait> {
  if (process.platform !== 'linux' || !knowsArch(arch)) return undefined;
  try {
    const [leader, terminal] = await Promise.all([readStat(`/proc/${panePid}/stat`), stat(tty)]);
    if (leader.ttyNr !== terminal.rdev || leader.tpgid <= 0) return undefined;
    const isTerminal = (file: FileId) => file.dev === terminal.dev && file.ino === terminal.ino;
    const tasks: TaskWait[] = [];
    for (const pid of await descendants(panePid)) {
      if ((await readStat(`/proc/${pid}/stat`)).pgrp !== leader.tpgid) continue;
      for (const tid of await list(`/proc/${pid}/task`)) tasks.push(await readTask(pid, tid, arch, isTerminal));
    }
    return decideForegroundWait(tasks);
  } catch (error) {
    if (error instanceof Vanished) return 'busy';
    return undefined;
  }
}

/** `pid` and every descendant of it, parents first. */
async function descendants(pid: number): Promise<number[]> {
  const found = [pid];
  for (let at = 0; at < found.length; at++) {
    const parent = found[at] as number;
    for (const tid of await list(`/proc/${parent}/task`)) {
      const children = await read(`/proc/${parent}/task/${tid}/children`);
      for (const child of children.split(' ')) if (child !== '') found.push(Number(child));
    }
  }
  return found;
}

async function readTask(pid: number, tid: string, arch: string, isTerminal: (file: FileId) => boolean): Promise<TaskWait> {
  const task = `/proc/${pid}/task/${tid}`;
  const { state } = await readStat(`${task}/stat`);
  if (state !== 'S') return { state, onTerminal: false };
  const site = parseWaitSite(await read(`${task}/syscall`), arch);
  return { state, onTerminal: site !== undefined && (await waitsOn(pid, site, isTerminal)) };
}

/** Whether the wait at `site` includes reading the terminal. */
async function waitsOn(pid: number, site: WaitSite, isTerminal: (file: FileId) => boolean): Promise<boolean> {
  const fdIsTerminal = async (fd: number) => {
    const file = await stat(`/proc/${pid}/fd/${fd}`).catch(() => undefined); // a closed fd is not the terminal
    return file !== undefined && isTerminal(file);
  };
  switch (site.kind) {
    case 'fd':
      return fdIsTerminal(site.fd);
    case 'epoll':
      return parseEpollTargets(await read(`/proc/${pid}/fdinfo/${site.epfd}`)).some(isTerminal);
    default: {
      const set = await readMemory(pid, site.address, waitSetBytes(site));
      for (const fd of readFdsOfSet(site.kind, set)) if (await fdIsTerminal(fd)) return true;
      return false;
    }
  }
}

async function readMemory(pid: number, address: bigint, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  if (length === 0) return buffer;
  const file = await open(`/proc/${pid}/mem`, 'r').catch(rethrow);
  try {
    const { bytesRead } = await file.read(buffer, 0, length, Number(address)).catch(rethrow); // user addresses are below 2^53 (47–52 bits)
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function readStat(path: string) {
  const parsed = parseTaskStat(await read(path));
  if (parsed === undefined) throw new Error(`${path} is not a stat line`);
  return parsed;
}

function read(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(rethrow);
}

function list(path: string): Promise<string[]> {
  return readdir(path).catch(rethrow);
}

/** ENOENT and ESRCH: the process or task exited while read ({@link Vanished}); anything else: unreadable. */
function rethrow(error: NodeJS.ErrnoException): never {
  if (error.code === 'ENOENT' || error.code === 'ESRCH') throw new Vanished(error.message);
  throw error;
}
