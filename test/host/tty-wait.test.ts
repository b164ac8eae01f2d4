import { describe, expect, it } from 'vitest';
import {
  MAX_WAIT_FDS,
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
} from '../../src/host/tty-wait.js';

// Lines as Linux 6.18 printed them here (x86_64), cut after the fields read.
const BASH_STAT = '5283 (bash) S 5280 5283 5283 34820 5283 4194304 1101 0 0 0 0 0 0 0 20 0 1 0 123 8945664';
const ODD_NAME_STAT = '77 (a) b (c) R 1 70 70 34817 -1 4194560';

describe('parseTaskStat', () => {
  it.each([
    ['bash at its prompt: asleep, its own group in the foreground of pts/4', BASH_STAT, { state: 'S', pgrp: 5283, ttyNr: 34820, tpgid: 5283 }],
    ['a name with spaces and parentheses; no foreground (-1)', ODD_NAME_STAT, { state: 'R', pgrp: 70, ttyNr: 34817, tpgid: -1 }],
    ['not a stat line', 'garbage', undefined],
    ['cut short', '5 (x) S 1', undefined],
  ] as const)('%s', (_, text, stat) => {
    expect(parseTaskStat(text)).toEqual(stat);
  });
});

describe('parseWaitSite', () => {
  it.each([
    [
      'bash: pselect6 with fd 0 in the read set',
      '270 0x1 0x7ffe87612bf0 0x0 0x0 0x0 0x0 0x7ffe87612b88 0x7f5e1c8e0a9c',
      'x64',
      { kind: 'select', nfds: 1, address: 0x7ffe87612bf0n, timeoutAt: { address: 0n, perSecond: 1e9 } },
    ],
    ['cat: read fd 0', '0 0x0 0x7f7d2f55d000 0x20000 0x0 0x0 0x0 0x7ffc 0x7f7d', 'x64', { kind: 'fd', fd: 0 }],
    ['zsh: read fd 10', '0 0xa 0x7ffde679c10f 0x1 0x0 0x0 0x0 0x7ffd 0x7f00', 'x64', { kind: 'fd', fd: 10 }],
    [
      'fish: poll of 3 fds, no timeout',
      '7 0x557e1df16c00 0x3 0xffffffff 0x0 0x0 0x0 0x7ffd 0x7f00',
      'x64',
      { kind: 'poll', nfds: 3, address: 0x557e1df16c00n, timeout: -1 },
    ],
    ['node: epoll_pwait on epoll fd 13', '281 0xd 0x7ffc059961a0 0x400 0xffffffff 0x0 0x8 0x7ffc 0x7f00', 'x64', { kind: 'epoll', epfd: 13, timeout: -1 }],
    ['ppoll', '271 0x7f00 0x2 0x0 0x0 0x8 0x0 0x7ffc 0x7f00', 'x64', { kind: 'poll', nfds: 2, address: 0x7f00n, timeoutAt: { address: 0n, perSecond: 1e9 } }],
    ['select', '23 0x4 0x7f10 0x0 0x0 0x0 0x0 0x7ffc 0x7f00', 'x64', { kind: 'select', nfds: 4, address: 0x7f10n, timeoutAt: { address: 0n, perSecond: 1e6 } }],
    ['epoll_wait', '232 0x5 0x7f10 0x1 0x0 0x0 0x0 0x7ffc 0x7f00', 'x64', { kind: 'epoll', epfd: 5, timeout: 0 }],
    ['epoll_pwait2', '441 0x6 0x7f10 0x1 0x0 0x0 0x0 0x7ffc 0x7f00', 'x64', { kind: 'epoll', epfd: 6, timeoutAt: { address: 0n, perSecond: 1e9 } }],
    ['readv fd 3', '19 0x3 0x7f10 0x1 0x0 0x0 0x0 0x7ffc 0x7f00', 'x64', { kind: 'fd', fd: 3 }],
    ['arm64 read fd 0', '63 0x0 0xffff 0x1 0x0 0x0 0x0 0xfff0 0xfff8', 'arm64', { kind: 'fd', fd: 0 }],
    [
      'arm64 ppoll',
      '73 0xffff0 0x3 0x0 0x0 0x8 0x0 0xfff0 0xfff8',
      'arm64',
      { kind: 'poll', nfds: 3, address: 0xffff0n, timeoutAt: { address: 0n, perSecond: 1e9 } },
    ],
    [
      'arm64 pselect6',
      '72 0x1 0xffff0 0x0 0x0 0x0 0x0 0xfff0 0xfff8',
      'arm64',
      { kind: 'select', nfds: 1, address: 0xffff0n, timeoutAt: { address: 0n, perSecond: 1e9 } },
    ],
    ['arm64 epoll_pwait', '22 0x4 0xffff0 0x1 0x0 0x0 0x0 0xfff0 0xfff8', 'arm64', { kind: 'epoll', epfd: 4, timeout: 0 }],
    [
      'mc after a lone Escape: pselect6 with a timespec at 0x7ffc96724220',
      '270 0x4 0x7ffc96724290 0x0 0x0 0x7ffc96724220 0x0 0x7ffc 0x7f00',
      'x64',
      { kind: 'select', nfds: 4, address: 0x7ffc96724290n, timeoutAt: { address: 0x7ffc96724220n, perSecond: 1e9 } },
    ],
    [
      'htop: poll of 1 fd for 1500 ms',
      '7 0x7ffca19d7810 0x1 0x5dc 0x0 0x0 0x0 0x7ffc 0x7f00',
      'x64',
      { kind: 'poll', nfds: 1, address: 0x7ffca19d7810n, timeout: 1500 },
    ],
    [
      'Ink (node): epoll_pwait until its next timer, 4 ms',
      '281 0xd 0x7ffc3b9cfe50 0x400 0x4 0x0 0x8 0x7ffc 0x7f00',
      'x64',
      { kind: 'epoll', epfd: 13, timeout: 4 },
    ],
    ['a futex wait (a worker thread)', '202 0x341f6850 0x189 0x0 0x0 0x0 0xffffffff 0x7ffc 0x7f00', 'x64', undefined],
    ['nanosleep (sleep, a ticker)', '230 0x0 0x0 0x7ffc 0x0 0x0 0x0 0x7ffc 0x7f00', 'x64', undefined],
    ['wait4 (a shell waiting for its child)', '61 0xffffffff 0x7ffc 0x0 0x0 0x0 0x0 0x7ffc 0x7f00', 'x64', undefined],
    ['a running task', 'running\n', 'x64', undefined],
    ['x64 read number on arm64 (io_setup there)', '0 0x0 0x7f7d 0x1 0x0 0x0 0x0 0x7ffc 0x7f00', 'arm64', undefined],
    ['an unknown arch', '0 0x0 0x7f7d 0x1 0x0 0x0 0x0 0x7ffc 0x7f00', 'ia32', undefined],
  ] as const)('%s', (_, text, arch, site) => {
    expect(parseWaitSite(text, arch)).toEqual(site);
  });

  it('knows x64 and arm64 only', () => {
    expect(['x64', 'arm64', 'ia32', 'riscv64'].map(knowsArch)).toEqual([true, true, false, false]);
  });
});

describe('waitSetBytes', () => {
  it.each([
    ['poll', 3, 24],
    ['poll', 0, 0],
    ['poll', -1, 0],
    ['poll', 5000, MAX_WAIT_FDS * 8],
    ['select', 1, 8],
    ['select', 64, 8],
    ['select', 65, 16],
    ['select', 5000, MAX_WAIT_FDS / 8],
  ] as const)('%s of %d fds: %d bytes', (kind, nfds, bytes) => {
    expect(waitSetBytes({ kind, nfds })).toBe(bytes);
  });
});

/** `struct pollfd` entries, little-endian. */
function pollfds(...entries: [fd: number, events: number][]): Buffer {
  const set = Buffer.alloc(entries.length * 8);
  entries.forEach(([fd, events], i) => {
    set.writeInt32LE(fd, i * 8);
    set.writeInt16LE(events, i * 8 + 4);
  });
  return set;
}

describe('readFdsOfSet', () => {
  it.each([
    ['fish: fd 0 and two eventfds, all POLLIN', 'poll', pollfds([0, 1], [4, 1], [6, 1]), [0, 4, 6]],
    ['POLLOUT only and negative fds do not wait to read', 'poll', pollfds([1, 4], [-1, 1], [3, 0x41]), [3]],
    ['a partial entry is ignored', 'poll', Buffer.alloc(5), []],
    ['bash: fd 0 set', 'select', Buffer.from([1, 0, 0, 0, 0, 0, 0, 0]), [0]],
    ['fds 3, 9 and 64', 'select', Buffer.from([0x08, 0x02, 0, 0, 0, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0]), [3, 9, 64]],
    ['an empty set', 'select', Buffer.alloc(8), []],
  ] as const)('%s', (_, kind, set, fds) => {
    expect(readFdsOfSet(kind, set)).toEqual(fds);
  });
});

describe('parseEpollTargets', () => {
  // node's epoll fd 13 (fixtures/menu.mjs): its tty (ino 3 on devpts, sdev 0x1a), a pipe, an eventfd.
  const NODE = `pos:\t0
flags:\t02000002
mnt_id:\t15
ino:\t1057
tfd:       17 events:       19 data:               11  pos:0 ino:3 sdev:1a
tfd:       14 events:       19 data:                e  pos:0 ino:630745 sdev:f
tfd:       16 events:        4 data:               10  pos:0 ino:414 sdev:10
`;
  it.each([
    [
      'node: the targets watched for reading (EPOLLIN), the write-only one left out',
      NODE,
      [
        { dev: 0x1a, ino: 3 },
        { dev: 0xf, ino: 0x630745 }, // ino is hex: pipe:[6489925] in its fd list
      ],
    ],
    [
      'a device with major 136, minor 300 (kernel 136 << 20 | 300)',
      'tfd: 3 events: 1 data: 0 pos:0 ino:ab sdev:880012c\n',
      [{ dev: 0x2c + 136 * 256 + 0x100 * 4096, ino: 0xab }],
    ],
    ['no targets', 'pos:\t0\nflags:\t02\n', []],
  ] as const)('%s', (_, fdinfo, targets) => {
    expect(parseEpollTargets(fdinfo)).toEqual(targets);
  });
});

describe('decideForegroundWait', () => {
  const reading = { state: 'S', onTerminal: true };
  const sleeping = { state: 'S', onTerminal: false };
  it.each([
    ['one task asleep reading the terminal (bash, cat)', [reading], 'waiting'],
    ['one thread reading, nine asleep elsewhere (node)', [reading, ...Array(9).fill(sleeping)], 'waiting'],
    ['asleep on something else (sleep, a ticker)', [sleeping], 'busy'],
    ['one thread still running', [reading, { state: 'R', onTerminal: false }], 'running'],
    ['in uninterruptible I/O', [reading, { state: 'D', onTerminal: false }], 'running'],
    [
      'running beside a stopped job',
      [
        { state: 'R', onTerminal: false },
        { state: 'T', onTerminal: false },
      ],
      'running',
    ],
    ['stopped', [{ state: 'T', onTerminal: false }], 'busy'],
    ['a zombie child beside the reader (not reaped yet)', [reading, { state: 'Z', onTerminal: false }], 'waiting'],
    ['a dead task beside the reader', [reading, { state: 'X', onTerminal: false }], 'waiting'],
    ['a stopped child beside the reader (kill -STOP)', [reading, { state: 'T', onTerminal: false }], 'waiting'],
    ['a task stopped by a tracer beside the reader', [{ state: 't', onTerminal: false }, reading], 'waiting'],
    [
      'only zombies and stopped tasks: nobody reads',
      [
        { state: 'Z', onTerminal: false },
        { state: 'T', onTerminal: false },
      ],
      'busy',
    ],
    ['a zombie beside a task asleep elsewhere', [sleeping, { state: 'Z', onTerminal: false }], 'busy'],
    ['no tasks (the group is being set up)', [], 'busy'],
  ] as const)('%s', (_, tasks, decision) => {
    expect(decideForegroundWait(tasks)).toBe(decision);
  });
});

describe('decideForegroundIdle: waiting for keys with no timer due soon', () => {
  const reading = (timeout?: number) => ({ state: 'S', onTerminal: true, timeout });
  it.each([
    ['read(): no timeout', [reading()], 50, 'waiting'],
    ['epoll_pwait forever (-1)', [reading(-1)], 50, 'waiting'],
    ['Ink: epoll_pwait until a timer 4 ms away', [reading(4)], 50, 'busy'],
    ['a timer 0 ms away (work queued)', [reading(0)], 50, 'busy'],
    ['idle Ink: its next timer 5243 ms away', [reading(5243)], 50, 'waiting'],
    ['mc after Escape: 1000 ms, while Escape is pending (soon = 1000)', [reading(1000)], 1000, 'busy'],
    ['htop: poll for 1500 ms, after Escape', [reading(1500)], 1000, 'waiting'],
    ['vim idle: updatetime 4000 ms, after Escape', [reading(4000)], 1000, 'waiting'],
    ['running by decideForegroundWait', [reading(), { state: 'R', onTerminal: false }], 50, 'running'],
  ] as const)('%s', (_, tasks, soonMs, decision) => {
    expect(decideForegroundIdle(tasks, soonMs)).toBe(decision);
  });
});

describe('parseTimeout: struct timeval / timespec → ms', () => {
  const struct = (seconds: number, fraction: number) => {
    const bytes = Buffer.alloc(16);
    bytes.writeBigInt64LE(BigInt(seconds), 0);
    bytes.writeBigInt64LE(BigInt(fraction), 8);
    return bytes;
  };
  it.each([
    ['timespec 1 s (mc after Escape)', struct(1, 0), 1e9, 1000],
    ['timespec 0.1 s', struct(0, 100_000_000), 1e9, 100],
    ['timeval 2.5 s', struct(2, 500_000), 1e6, 2500],
    ['cut short', Buffer.alloc(8), 1e9, undefined],
  ] as const)('%s', (_, bytes, perSecond, ms) => {
    expect(parseTimeout(bytes, perSecond)).toBe(ms);
  });
});

describe('parseReadChars: rchar of /proc/<pid>/io', () => {
  it.each([
    ['a process', 'rchar: 1930478\nwchar: 52\nsyscr: 10\nsyscw: 0\n', 1930478],
    ['nothing read', 'rchar: 0\nwchar: 0\n', 0],
    ['no rchar line', 'wchar: 0\n', undefined],
  ] as const)('%s', (_, text, chars) => {
    expect(parseReadChars(text)).toBe(chars);
  });
});
