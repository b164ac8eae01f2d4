import { describe, expect, it } from 'vitest';
import {
  hasOtherMarks,
  hasTmuxMarks,
  isNewPid,
  isProcessGoneError,
  paneProcessesOf,
  parsePaneProcess,
  parseProcStat,
  parseProcessClock,
  parseUptimeTicks,
  ptsPath,
  selectInScope,
  tmuxEnvPrefix,
} from '../../src/host/process-table.js';
import type { ProcStat, ProcessClock, ProcessFacts, ProcessScope } from '../../src/host/process-table.js';

// Real lines of /proc/<pid>/stat, the name (field 2) in parentheses.
const SLEEP =
  '4242 (sleep) S 4200 4242 4200 34816 4242 4194304 104 0 0 0 0 0 0 0 20 0 1 0 803341 8425472 224 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0';
const ODD_NAME = '77 (a) b (c) Z 1 77 77 0 -1 4194564 0 0 0 0 0 0 0 0 20 0 1 0 99 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0';

describe('parseProcStat', () => {
  it.each([
    [SLEEP, { pid: 4242, state: 'S', ppid: 4200, sid: 4200, ttyNr: 34816, startTicks: 803341 }],
    [ODD_NAME, { pid: 77, state: 'Z', ppid: 1, sid: 77, ttyNr: 0, startTicks: 99 }],
    ['', undefined],
    ['12 (cut short) S 1 2', undefined],
    ['not a stat line', undefined],
  ])('%j → %j', (text, stat) => {
    expect(parseProcStat(text)).toEqual(stat);
  });
});

describe('parseUptimeTicks', () => {
  it.each([
    ['8033.41 15800.02\n', 803241],
    ['0.50 0.90\n', 0],
    ['', 0],
  ])('%j → %d ticks (a second early)', (text, ticks) => {
    expect(parseUptimeTicks(text)).toBe(ticks);
  });
});

describe('parseProcessClock', () => {
  const stat = 'cpu  219237 0 31102 81562 501 0 605 694 0 0\nintr 1 2 3\nctxt 9\nbtime 1700000000\nprocesses 77295\nprocs_running 3\n';
  it.each([
    ['8033.41 15800.02\n', '6.27 7.45 5.36 12/230 12378\n', stat, { ticks: 803241, lastPid: 12378, forks: 77295 }],
    ['', '', '', { ticks: 0, lastPid: 0, forks: 0 }],
  ])('%j, %j → %j', (uptime, loadavg, text, clock) => {
    expect(parseProcessClock(uptime, loadavg, text)).toEqual(clock);
  });
});

describe('isNewPid', () => {
  const clock = (lastPid: number, forks: number): ProcessClock => ({ ticks: 0, lastPid, forks });
  it.each([
    ['handed out after since', 1001, clock(1000, 50), clock(1200, 250), true],
    ['the last one handed out', 1200, clock(1000, 50), clock(1200, 250), true],
    ['handed out before since', 1000, clock(1000, 50), clock(1200, 250), false],
    ['not yet handed out', 1201, clock(1000, 50), clock(1200, 250), false],
    ['after since, pids having wrapped', 32000, clock(30000, 50), clock(400, 3000), true],
    ['after the wrap', 350, clock(30000, 50), clock(400, 3000), true],
    ['between the two, pids having wrapped', 20000, clock(30000, 50), clock(400, 3000), false],
    ['any, after half of pid_max processes', 5, clock(1000, 50), clock(1200, 50 + 16384), true],
    ['any, with an unread clock', 5, clock(0, 0), clock(1200, 250), true],
  ])('%s', (_, pid, since, now, isNew) => {
    expect(isNewPid(pid, since, now, 32768)).toBe(isNew);
  });
});

const prefix = tmuxEnvPrefix('/tmp/tmux-shot-x/socket', 900);
const since: ProcessClock = { ticks: 1000, lastPid: 100, forks: 100 };
const pane: ProcessScope = { tmuxPrefix: prefix, paneId: '%3', since };
const server: ProcessScope = { tmuxPrefix: prefix, since };
const environ = (...entries: string[]) => entries.map((entry) => `${entry}\0`).join('');

describe('hasTmuxMarks', () => {
  it.each([
    ['TMUX and TMUX_PANE of the pane', environ('HOME=/root', 'TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%3'), pane, true],
    ['the last entry without its NUL', 'TMUX=/tmp/tmux-shot-x/socket,900,2\0TMUX_PANE=%3', pane, true],
    ['another pane of the server', environ('TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%30'), pane, false],
    ['another server on the same socket', environ('TMUX=/tmp/tmux-shot-x/socket,901,2', 'TMUX_PANE=%3'), pane, false],
    ['a socket whose path starts like ours', environ('TMUX=/tmp/tmux-shot-x/socket2,900,2', 'TMUX_PANE=%3'), pane, false],
    ['the mark inside another value', environ('X=TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%3'), pane, false],
    ['no TMUX_PANE, for the whole server', environ('TMUX=/tmp/tmux-shot-x/socket,900,0'), server, true],
    ['no TMUX_PANE, for a pane', environ('TMUX=/tmp/tmux-shot-x/socket,900,0'), pane, false],
    ['a cleared environment', '', server, false],
  ])('%s: %j', (_, text, scope, marked) => {
    expect(hasTmuxMarks(text, scope)).toBe(marked);
  });
});

describe('isProcessGoneError', () => {
  const errno = (code: string) => Object.assign(new Error(code), { code });
  it.each([
    [errno('ENOENT'), 'linux', true], // reaped before the open
    [errno('ESRCH'), 'linux', true], // reaped between the open and the read
    [errno('EACCES'), 'linux', false], // there but not readable (hidepid)
    [errno('ENOENT'), 'darwin', false], // no procfs: says nothing of the process
    [new Error('no code'), 'linux', false],
    [undefined, 'linux', false],
  ] as const)('%s on %s → %s', (error, platform, gone) => {
    expect(isProcessGoneError(error, platform)).toBe(gone);
  });
});

describe('ptsPath', () => {
  it.each([
    [34816, '/dev/pts/0'], // 136:0
    [34821, '/dev/pts/5'],
    [(136 << 8) | 0x2c | (0x100 << 12), '/dev/pts/300'], // minors past 255 in the high bits (new_encode_dev)
    [0, undefined], // no controlling terminal
    [1025, undefined], // 4:1, /dev/tty1: not a pseudo-terminal
  ])('%i → %j', (ttyNr, path) => {
    expect(ptsPath(ttyNr)).toBe(path);
  });
});

describe('paneProcessesOf', () => {
  it("takes the server's living children, with their controlling terminals", () => {
    const stat = (fields: Partial<ProcStat>): ProcStat => ({ pid: 5000, state: 'S', ppid: 900, sid: 5000, ttyNr: 34823, startTicks: 2000, ...fields });
    expect(
      paneProcessesOf(
        [stat({}), stat({ pid: 5001, ttyNr: 0 }), stat({ pid: 5002, state: 'Z' }), stat({ pid: 5003, ppid: 901 }), stat({ pid: 5004, ppid: 5000 })],
        900,
      ),
    ).toEqual([
      { pid: 5000, tty: '/dev/pts/7' },
      { pid: 5001, tty: undefined },
    ]);
  });
});

describe('parsePaneProcess', () => {
  it.each([
    ['4000 0 /dev/pts/3', { pid: 4000, tty: '/dev/pts/3' }],
    ['4000 1 /dev/pts/3', { pid: 4000, tty: '/dev/pts/3', dead: true }],
    ['4000 0 ', { pid: 4000 }],
    [' 0 /dev/pts/3', undefined],
    ['', undefined],
  ])('%j → %j', (line, pane) => {
    expect(parsePaneProcess(line)).toEqual(pane);
  });
});

describe('hasOtherMarks', () => {
  it.each([
    ['TMUX and TMUX_PANE of the pane', environ('TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%3'), pane, false],
    ["an emptied TMUX, the pane's TMUX_PANE", environ('TMUX=', 'TMUX_PANE=%3'), pane, false],
    ['a cleared environment', '', pane, false],
    ['another server', environ('TMUX=/tmp/other/socket,77,0', 'TMUX_PANE=%3'), pane, true],
    ['another pane of ours', environ('TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%30'), pane, true],
    ['another pane, TMUX emptied', environ('TMUX=', 'TMUX_PANE=%30'), pane, true],
    ['another pane of ours, for the whole server', environ('TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%30'), server, false],
  ])('%s', (_, text, scope, other) => {
    expect(hasOtherMarks(text, scope)).toBe(other);
  });
});

describe('selectInScope', () => {
  const stat = (fields: Partial<ProcStat>): ProcStat => ({ pid: 5000, state: 'S', ppid: 1, sid: 4000, ttyNr: 0, startTicks: 2000, ...fields });
  const facts = (fields: Partial<ProcStat>, text: string | undefined = '', descriptors: string[] = []): ProcessFacts => ({
    stat: stat(fields),
    environ: () => text,
    descriptors: () => descriptors,
  });
  const marked = environ('TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%3');
  const emptied = environ('TMUX=', 'TMUX_PANE=%3');
  const leader = { ...pane, panes: [{ pid: 4000, tty: '/dev/pts/7' }] };
  const deadLeader = { ...pane, panes: [{ pid: 4000, tty: '/dev/pts/7', dead: true }] };
  const pts7 = 34823;
  it.each([
    ['marked for the pane', facts({}, marked), pane, true],
    ['marked, but a zombie', facts({ state: 'Z' }, marked), pane, false],
    ['marked, but started before the pane', facts({ startTicks: 999 }, marked), pane, false],
    ['in the leader’s session with a cleared environment', facts({}, ''), leader, true],
    ['in the leader’s session, unreadable environment', facts({}, undefined), leader, true],
    ["in the leader's session with TMUX emptied (env: { TMUX: '' })", facts({}, emptied), leader, true],
    ['in a session of that id marked for another pane (a reused pid)', facts({}, environ('TMUX=/y,1,0', 'TMUX_PANE=%9')), leader, false],
    ['in another session, unmarked', facts({ sid: 4001 }), leader, false],
    ["another session, the pane's terminal as controlling terminal", facts({ sid: 4001, ttyNr: pts7 }), leader, true],
    ["another session, no terminal, holding the pane's terminal open", facts({ sid: 4001 }, '', ['/dev/null', '/dev/pts/7']), leader, true],
    ['the same, after its hangup', facts({ sid: 4001 }, '', ['/dev/pts/7 (deleted)']), leader, true],
    ["a dead pane's hung-up terminal held open", facts({ sid: 4001 }, '', ['/dev/pts/7 (deleted)']), deadLeader, true],
    ["a dead pane's terminal number, live: another terminal's now", facts({ sid: 4001 }, '', ['/dev/pts/7']), deadLeader, false],
    ["a dead pane's terminal number as controlling terminal", facts({ sid: 4001, ttyNr: pts7 }), deadLeader, false],
    // pid_max is 32768 on some machines (this one): a dead pane's pid is handed out again after about as many forks.
    ["a dead pane's pid, handed out again to an unmarked process (a Vitest worker, a tmux server)", facts({ pid: 4000, sid: 3000 }), deadLeader, false],
    ["a dead pane's pid, handed out again to a session leader (setsid, a tmux server)", facts({ pid: 4000, sid: 4000 }), deadLeader, false],
    ["a member of a dead pane's session, unmarked (a nohup'ed job that outlived it)", facts({ pid: 5000, sid: 4000 }), deadLeader, true],
    ['the live leader itself, unmarked', facts({ pid: 4000, sid: 4000 }), leader, true],
    ['holding another terminal open', facts({ sid: 4001 }, '', ['/dev/pts/70']), leader, false],
    ["holding the pane's terminal, marked for another server", facts({ sid: 4001 }, environ('TMUX=/y,1,0', 'TMUX_PANE=%3'), ['/dev/pts/7']), leader, false],
    ["holding the pane's terminal, its controlling terminal another", facts({ sid: 4001, ttyNr: 34816 }, '', ['/dev/pts/7']), leader, false],
  ])('%s', (_, process, scope, inScope) => {
    expect(selectInScope([process], scope)).toEqual(inScope ? [process.stat] : []);
  });

  // The pane's bash died of the kill at tick 2500; during teardown's seconds of looking, its pid
  // went to another test's tmux server (a session leader, unmarked), which took the SIGTERM.
  const killed = { ...leader, killedAt: 2500 };
  const lookedUpPane = { pid: 4000, tty: '/dev/pts/7', startTicks: 2000 };
  const lookedUp = { ...killed, panes: [lookedUpPane] };
  it.each([
    [
      "a live pane's pid, handed out after the kill to a session leader (another test's tmux server)",
      facts({ pid: 4000, sid: 4000, startTicks: 2600 }),
      killed,
      false,
    ],
    ["a live pane's pid, handed out after the kill, not a session leader", facts({ pid: 4000, sid: 3000, startTicks: 2600 }), killed, false],
    ['the live leader itself, started before the kill', facts({ pid: 4000, sid: 4000, startTicks: 2000 }), killed, true],
    ["a member of the pane's session forked after the kill, its pid not handed out again", facts({ pid: 5000, sid: 4000, startTicks: 2600 }), killed, true],
    // Ticks are 10 ms: a pid handed out right after the kill can share its tick. Where the session
    // looked the pane's process up, its start time tells (a loaded run's tmux server took SIGTERM so).
    ["a live pane's pid, handed out in the kill's own tick to a session leader", facts({ pid: 4000, sid: 4000, startTicks: 2500 }), lookedUp, false],
    ['the live leader itself, as looked up', facts({ pid: 4000, sid: 4000, startTicks: 2000 }), lookedUp, true],
    [
      'the live leader, looked up, started in the tick of the kill',
      facts({ pid: 4000, sid: 4000, startTicks: 2500 }),
      { ...lookedUp, panes: [{ ...lookedUpPane, startTicks: 2500 }] },
      true,
    ],
    ["a member of the looked-up pane's session", facts({ pid: 5000, sid: 4000, startTicks: 2600 }), lookedUp, true],
  ])('%s', (_, process, scope, inScope) => {
    expect(selectInScope([process], scope)).toEqual(inScope ? [process.stat] : []);
  });

  it("takes no member of a live pane's session once a process started after the kill has the pane's pid: the session is that process's", () => {
    const newLeader = facts({ pid: 4000, sid: 4000, startTicks: 2600 });
    const member = facts({ pid: 5000, sid: 4000, startTicks: 2700 });
    expect(selectInScope([member, newLeader], killed)).toEqual([]);
    expect(selectInScope([member], killed)).toEqual([member.stat]);
  });

  it("takes no member of a dead pane's session once a process has the dead pane's pid: Linux handed it out again, and the session is that process's", () => {
    const leader = facts({ pid: 4000, sid: 4000 });
    const member = facts({ pid: 5000, sid: 4000 });
    expect(selectInScope([member, leader], deadLeader)).toEqual([]);
    expect(selectInScope([member], deadLeader)).toEqual([member.stat]);
  });

  it("ties by the pane's terminal number only what started before the kill: Linux gives the number to the next new terminal, whose process is unmarked until it execs", () => {
    const killed = { ...leader, killedAt: 2000 };
    const newPane = facts({ pid: 6000, sid: 6000, ttyNr: pts7, startTicks: 2000 }, environ('PATH=/usr/bin')); // a tmux server's environment, before exec
    const holder = facts({ pid: 6001, sid: 4001, startTicks: 2000 }, '', ['/dev/pts/7']);
    expect(selectInScope([newPane, holder], killed)).toEqual([]);
    const before = [facts({ pid: 6000, sid: 6000, ttyNr: pts7, startTicks: 1999 }), facts({ pid: 6001, sid: 4001, startTicks: 1999 }, '', ['/dev/pts/7'])];
    expect(selectInScope(before, killed).map(({ pid }) => pid)).toEqual([6000, 6001]);
    const hungUp = facts({ pid: 6001, sid: 4001, startTicks: 2000 }, '', ['/dev/pts/7 (deleted)']);
    expect(selectInScope([hungUp], killed)).toEqual([hungUp.stat]);
  });

  it('takes in the children of the processes it takes, however deep, in any order', () => {
    const grandchild = facts({ pid: 5002, ppid: 5001, sid: 5001 });
    const child = facts({ pid: 5001, ppid: 1, sid: 5001 }, '', ['/dev/pts/7 (deleted)']);
    const stranger = facts({ pid: 5003, ppid: 1, sid: 5003 });
    expect(selectInScope([grandchild, stranger, child], leader).map((found) => found.pid)).toEqual([5002, 5001]);
  });

  it('reads the environment only of processes that can belong, and descriptors only of those nothing else tied', () => {
    let [environs, listings] = [0, 0];
    const counted = (fields: Partial<ProcStat>): ProcessFacts => ({
      stat: stat(fields),
      environ: () => (environs++, ''),
      descriptors: () => (listings++, []),
    });
    selectInScope([counted({ state: 'Z' }), counted({ startTicks: 1 })], leader);
    expect([environs, listings]).toEqual([0, 0]);
    selectInScope([counted({}), counted({ sid: 4001, ttyNr: 34816 }), counted({ sid: 4001 })], leader);
    expect([environs, listings]).toEqual([3, 1]);
    selectInScope([counted({ sid: 4001 })], pane); // no terminal to look for
    expect([environs, listings]).toEqual([4, 1]);
  });
});
