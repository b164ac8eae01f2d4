/**
 * Whether the foreground of a terminal waits for input on it, from what Linux's procfs shows of
 * each task (proc(5): `/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/syscall`, `/proc/<pid>/fdinfo/<fd>`,
 * and the poll/select sets in `/proc/<pid>/mem`). Pure: parsing and the decision; pane-tasks.ts reads.
 *
 * The rule: every task (thread) of every process in the terminal's foreground process group is
 * asleep (state `S`) — a zombie, dead or stopped task (`Z`, `X`, `T`, `t`) left out — and at least one is blocked waiting for input on the terminal — in `read`
 * (or `readv`) of an fd that is the terminal, or in `poll`/`ppoll`/`select`/`pselect6` with the
 * terminal among the fds it waits to read, or in `epoll_wait`/`epoll_pwait`/`epoll_pwait2` on an
 * epoll instance whose targets include the terminal for reading. Measured here (kernel 6.18,
 * x86_64), what each app's waiting task shows:
 *
 * | app | syscall | on the terminal through |
 * |---|---|---|
 * | bash (readline) | pselect6 | fd 0 in the read set |
 * | dash, cat, python3 input(), python3 curses getch | read | fd 0 |
 * | zsh (zle) | read | fd 10 (its own dup of the tty) |
 * | fish | poll | fd 0 among 3 fds (two eventfds) |
 * | vim | pselect6 | fd 0 (a second thread sleeps in rt_sigtimedwait) |
 * | less | read | fd 3, `/dev/tty` (the controlling terminal's other name) |
 * | fzf 0.38 (Go), `… \| fzf` | read | fd 3, `/dev/tty`, in one of 7 threads (the others in futex and epoll_pwait); `sh -c` in wait4 |
 * | node raw mode (fixtures/menu.mjs) | epoll_pwait | epoll fd 13 lists the tty's inode (fd 17, libuv's reopened tty); 9 more threads in futex/epoll |
 *
 * A task that waits for anything else (a timer: `nanosleep`; a child: `wait4`; a pipe) does not
 * count: `ping`, `sleep`, a build watcher are asleep but not reading keys. An app that draws a
 * spinner while it waits sleeps in `poll` with a timeout: between frames it counts as waiting.
 */

/** What `/proc/<pid>/stat` says of a task: fields 3, 5, 7 and 8 of proc(5). */
export interface TaskStat {
  /** One letter: `S` asleep (interruptible), `R` running, `D` in uninterruptible I/O, `Z` zombie, `T` stopped… */
  state: string;
  /** The process group id. */
  pgrp: number;
  /** The controlling terminal's device number (kernel encoding, as `stat.rdev` in Node). */
  ttyNr: number;
  /** The foreground process group of the controlling terminal; -1 without one. */
  tpgid: number;
}

/**
 * Parses `/proc/<pid>/stat` (or a task's). The command name, field 2, is in parentheses and may
 * hold spaces and parentheses: fields are counted from the last `)`.
 * @returns undefined when the text is not a stat line.
 */
export function parseTaskStat(text: string): TaskStat | undefined {
  const end = text.lastIndexOf(')');
  if (end < 0) return undefined;
  const fields = text.slice(end + 2).split(' ');
  const [state = '', , pgrp, , ttyNr, tpgid] = fields;
  const numbers = [pgrp, ttyNr, tpgid].map(Number);
  if (state.length !== 1 || numbers.some((n) => !Number.isInteger(n))) return undefined;
  return { state, pgrp: numbers[0] as number, ttyNr: numbers[1] as number, tpgid: numbers[2] as number };
}

/**
 * Where a blocked task waits for input, from its syscall number and arguments:
 * - `fd`: reading that fd;
 * - `poll`: `nfds` `struct pollfd` (8 bytes each) at `address`;
 * - `select`: a read set of `nfds` bits at `address`;
 * - `epoll`: the epoll instance `epfd`.
 */
export type WaitSite = (
  | { kind: 'fd'; fd: number }
  | { kind: 'poll'; address: bigint; nfds: number }
  | { kind: 'select'; address: bigint; nfds: number }
  | { kind: 'epoll'; epfd: number }
) & {
  /** The wait's timeout in ms where the syscall passes it as a number; negative: none. */
  timeout?: number;
  /** Where the syscall passes its timeout as a pointer: the address (0: none) and the units of its second field per second (timeval 10^6, timespec 10^9). */
  timeoutAt?: { address: bigint; perSecond: number };
};

/**
 * Where each waiting syscall passes its timeout: an int of ms (`poll`, `epoll_wait`, `epoll_pwait`;
 * negative waits forever) or a pointer to a `struct timeval` (`select`) or `struct timespec`
 * (`pselect6`, `ppoll`, `epoll_pwait2`; NULL waits forever), as the argument's index.
 */
const TIMEOUT_ARGUMENT: Readonly<Record<string, ReadonlyMap<number, { at: number; perSecond?: number }>>> = {
  x64: new Map([
    [7, { at: 2 }], // poll
    [232, { at: 3 }], // epoll_wait
    [281, { at: 3 }], // epoll_pwait
    [23, { at: 4, perSecond: 1e6 }], // select
    [270, { at: 4, perSecond: 1e9 }], // pselect6
    [271, { at: 2, perSecond: 1e9 }], // ppoll
    [441, { at: 3, perSecond: 1e9 }], // epoll_pwait2
  ]),
  arm64: new Map([
    [22, { at: 3 }], // epoll_pwait
    [72, { at: 4, perSecond: 1e9 }], // pselect6
    [73, { at: 2, perSecond: 1e9 }], // ppoll
    [441, { at: 3, perSecond: 1e9 }], // epoll_pwait2
  ]),
};

/**
 * A timeout in ms from the 16 bytes of a `struct timeval` (`perSecond` 10^6) or `struct timespec`
 * (10^9) in a task's memory: seconds, then the fraction, both 64-bit little-endian on both arches.
 */
export function parseTimeout(bytes: Buffer, perSecond: number): number | undefined {
  if (bytes.length < 16) return undefined;
  return Number(bytes.readBigInt64LE(0)) * 1000 + Number(bytes.readBigInt64LE(8)) / (perSecond / 1000);
}

type SiteKind = WaitSite['kind'];

/**
 * Syscall numbers that wait for input, per Node's `process.arch` (Linux's
 * arch/x86/entry/syscalls/syscall_64.tbl and include/uapi/asm-generic/unistd.h).
 */
const WAITING_SYSCALLS: Readonly<Record<string, ReadonlyMap<number, SiteKind>>> = {
  x64: new Map<number, SiteKind>([
    [0, 'fd'], // read
    [19, 'fd'], // readv
    [7, 'poll'], // poll
    [271, 'poll'], // ppoll
    [23, 'select'], // select
    [270, 'select'], // pselect6
    [232, 'epoll'], // epoll_wait
    [281, 'epoll'], // epoll_pwait
    [441, 'epoll'], // epoll_pwait2
  ]),
  arm64: new Map<number, SiteKind>([
    [63, 'fd'], // read
    [65, 'fd'], // readv
    [73, 'poll'], // ppoll
    [72, 'select'], // pselect6
    [22, 'epoll'], // epoll_pwait
    [441, 'epoll'], // epoll_pwait2
  ]),
};

/** Whether `arch` (Node's `process.arch`) has a syscall table here. */
export function knowsArch(arch: string): boolean {
  return arch in WAITING_SYSCALLS;
}

/**
 * Where a task blocked in the syscall `/proc/<pid>/task/<tid>/syscall` shows waits for input.
 * The file holds `running` for a running task, or the number and six arguments in hex, then the
 * stack and program counter.
 * @returns undefined when the task is running or in a syscall that does not wait for input.
 */
export function parseWaitSite(syscallText: string, arch: string): WaitSite | undefined {
  const [nr, ...args] = syscallText.trim().split(' ');
  const kind = WAITING_SYSCALLS[arch]?.get(Number(nr));
  if (kind === undefined || args.length < 2) return undefined;
  const [a0 = 0n, a1 = 0n] = args.slice(0, 2).map((arg) => BigInt(arg));
  const small = (value: bigint) => Number(BigInt.asIntN(32, value));
  const where = TIMEOUT_ARGUMENT[arch]?.get(Number(nr));
  const timeoutArg = where === undefined ? undefined : args[where.at];
  const timeout =
    timeoutArg === undefined || where === undefined
      ? {}
      : where.perSecond === undefined
        ? { timeout: small(BigInt(timeoutArg)) }
        : { timeoutAt: { address: BigInt(timeoutArg), perSecond: where.perSecond } };
  switch (kind) {
    case 'fd':
      return { kind, fd: small(a0) };
    case 'poll':
      return { kind, address: a0, nfds: small(a1), ...timeout };
    case 'select':
      return { kind, address: a1, nfds: small(a0), ...timeout };
    case 'epoll':
      return { kind, epfd: small(a0), ...timeout };
  }
}

/** The largest poll set or select set read from a task's memory, in fds. */
export const MAX_WAIT_FDS = 1024;

/** Bytes of a task's memory to read at a `poll` or `select` site: the set. */
export function waitSetBytes(site: { kind: 'poll' | 'select'; nfds: number }): number {
  const nfds = Math.min(Math.max(site.nfds, 0), MAX_WAIT_FDS);
  return site.kind === 'poll' ? nfds * 8 : Math.ceil(nfds / 64) * 8;
}

/** POLLIN (poll.h). */
const POLLIN = 0x1;

/**
 * The fds a poll or select set waits to read: `struct pollfd { int fd; short events; short revents; }`
 * with POLLIN in `events` (negative fds are ignored by poll), or the set bits of an `fd_set` (a
 * little-endian bit array on both arches).
 */
export function readFdsOfSet(kind: 'poll' | 'select', set: Buffer): number[] {
  const fds: number[] = [];
  if (kind === 'poll') {
    for (let at = 0; at + 8 <= set.length; at += 8) {
      const fd = set.readInt32LE(at);
      if (fd >= 0 && (set.readInt16LE(at + 4) & POLLIN) !== 0) fds.push(fd);
    }
    return fds;
  }
  for (let byte = 0; byte < set.length; byte++) {
    for (let bit = 0; bit < 8; bit++) if ((set[byte] as number) & (1 << bit)) fds.push(byte * 8 + bit);
  }
  return fds;
}

/** A file by device and inode, as Node's `fs.Stats` gives them (`dev`, `ino`). */
export interface FileId {
  dev: number;
  ino: number;
}

/** EPOLLIN (eventpoll.h). */
const EPOLLIN = 0x1;

/**
 * The files an epoll instance watches for reading, from its `/proc/<pid>/fdinfo/<epfd>` lines
 * `tfd: <fd> events: <hex> data: <hex> pos:<n> ino:<hex> sdev:<hex>`. `sdev` is the kernel's
 * dev_t (major << 20 | minor); it is converted to the userspace encoding `fs.Stats.dev` uses
 * (glibc `makedev`).
 */
export function parseEpollTargets(fdinfo: string): FileId[] {
  const targets: FileId[] = [];
  for (const match of fdinfo.matchAll(/^tfd:\s*\d+\s+events:\s*([0-9a-f]+)\s.*\bino:([0-9a-f]+)\s+sdev:([0-9a-f]+)/gm)) {
    const [, events = '0', ino = '0', sdev = '0'] = match;
    if ((Number.parseInt(events, 16) & EPOLLIN) === 0) continue;
    const kernelDev = Number.parseInt(sdev, 16);
    const major = Math.floor(kernelDev / 2 ** 20);
    const minor = kernelDev % 2 ** 20;
    targets.push({ dev: (minor & 0xff) + major * 2 ** 8 + Math.floor(minor / 2 ** 8) * 2 ** 20, ino: Number.parseInt(ino, 16) });
  }
  return targets;
}

/** What one task of the foreground was doing when read. */
export interface TaskWait {
  /** Its state letter (see {@link TaskStat.state}). */
  state: string;
  /** It was blocked waiting for input on the terminal. */
  onTerminal: boolean;
  /** The timeout of its wait, in ms, where the syscall passes it as a number (`poll`, `epoll_wait`); negative: none. */
  timeout?: number | undefined;
}

/**
 * The terminal's foreground, read at one moment:
 * - `'waiting'`: every task asleep, at least one waiting for input on the terminal: keys sent now are read;
 * - `'running'`: some task is at work: running or runnable (`R`), or in an uninterruptible wait (`D`, disk);
 * - `'busy'`: none at work, and none waits on the terminal (a timer, a child, the network), or one vanished while read
 *   (with {@link decideForegroundIdle}, also one waiting on it with a timer due soon);
 * - undefined: it cannot be read here (not Linux, an unknown arch, /proc denied, no foreground).
 */
export type ForegroundWait = 'waiting' | 'running' | 'busy' | undefined;

/**
 * States of a task that will not run on its own: `Z` a zombie (exited, not reaped yet: a child its
 * parent never waits for), `X` dead, `T` stopped by a signal (`kill -STOP`), `t` stopped by a
 * tracer. They take no keys and write nothing, so they do not keep the others from counting as
 * waiting: a reader beside a zombie child or a stopped job waits for keys.
 */
const INERT_STATES: ReadonlySet<string> = new Set(['Z', 'X', 'T', 't']);

/** The rule of this module's TSDoc over the foreground's tasks; inert tasks (zombie, dead, stopped) are left out. */
export function decideForegroundWait(tasks: readonly TaskWait[]): Exclude<ForegroundWait, undefined> {
  const live = tasks.filter((task) => !INERT_STATES.has(task.state));
  if (live.some((task) => task.state === 'R' || task.state === 'D')) return 'running';
  const asleep = live.every((task) => task.state === 'S');
  return asleep && live.some((task) => task.onTerminal) ? 'waiting' : 'busy';
}

/**
 * The bytes a process has read so far (all its threads, the exited ones too): `rchar` of
 * `/proc/<pid>/io` (proc(5)), which counts every byte `read`/`readv` returned, from the terminal
 * as from any other file.
 * @returns undefined when the text has no `rchar` line.
 */
export function parseReadChars(ioText: string): number | undefined {
  const match = /^rchar:\s*(\d+)$/m.exec(ioText);
  return match ? Number(match[1]) : undefined;
}

/**
 * What the terminal's foreground has read, at one moment: its process group, and the bytes its
 * processes have read so far from any file ({@link parseReadChars}, summed). A key written to the
 * terminal has been read once the same group's count has grown by the key's bytes.
 */
export interface ForegroundReads {
  /** The foreground process group's id. */
  pgrp: number;
  /** Bytes read by the group's processes so far. */
  readChars: number;
}

/**
 * Whether the foreground is idle, waiting for keys with nothing else to do soon: it waits for keys
 * ({@link decideForegroundWait}) and no task waiting on the terminal has a timeout of `0`–`soonMs`
 * ms (a timer due: Node's event loop sleeps in `epoll_pwait` until its next timer, and an Ink app
 * handles a key it has read in work it runs soon after, with the handlers of its last render until then).
 */
export function decideForegroundIdle(tasks: readonly TaskWait[], soonMs: number): Exclude<ForegroundWait, undefined> {
  const wait = decideForegroundWait(tasks);
  if (wait !== 'waiting') return wait;
  const due = tasks.some((task) => task.onTerminal && task.timeout !== undefined && task.timeout >= 0 && task.timeout <= soonMs);
  return due ? 'busy' : 'waiting';
}
