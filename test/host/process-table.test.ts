import { describe, expect, it } from 'vitest';
import { hasTmuxMarks, isInScope, isNewPid, parseProcStat, parseProcessClock, parseUptimeTicks, tmuxEnvPrefix } from '../../src/host/process-table.js';
import type { ProcStat, ProcessClock, ProcessScope } from '../../src/host/process-table.js';

// Real lines of /proc/<pid>/stat, the name (field 2) in parentheses.
const SLEEP =
  '4242 (sleep) S 4200 4242 4200 34816 4242 4194304 104 0 0 0 0 0 0 0 20 0 1 0 803341 8425472 224 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0';
const ODD_NAME = '77 (a) b (c) Z 1 77 77 0 -1 4194564 0 0 0 0 0 0 0 0 20 0 1 0 99 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0';

describe('parseProcStat', () => {
  it.each([
    [SLEEP, { pid: 4242, state: 'S', sid: 4200, startTicks: 803341 }],
    [ODD_NAME, { pid: 77, state: 'Z', sid: 77, startTicks: 99 }],
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

describe('isInScope', () => {
  const stat = (fields: Partial<ProcStat>): ProcStat => ({ pid: 5000, state: 'S', sid: 4000, startTicks: 2000, ...fields });
  const marked = environ('TMUX=/tmp/tmux-shot-x/socket,900,2', 'TMUX_PANE=%3');
  const leader = { ...pane, sessionLeader: 4000 };
  it.each([
    ['marked for the pane', stat({}), marked, pane, true],
    ['marked, but a zombie', stat({ state: 'Z' }), marked, pane, false],
    ['marked, but started before the pane', stat({ startTicks: 999 }), marked, pane, false],
    ['in the leader’s session with a cleared environment', stat({}), '', leader, true],
    ['in the leader’s session, unreadable environment', stat({}), undefined, leader, true],
    ['in a session of that id marked for another pane (a reused pid)', stat({}), environ('TMUX=/y,1,0', 'TMUX_PANE=%9'), leader, false],
    ['in another session, unmarked', stat({ sid: 4001 }), '', leader, false],
  ])('%s', (_, process, text, scope, inScope) => {
    expect(isInScope(process, () => text, scope)).toBe(inScope);
  });

  it('reads the environment only of processes that can belong', () => {
    let reads = 0;
    const read = () => (reads++, marked);
    expect(isInScope(stat({ state: 'Z' }), read, pane) || isInScope(stat({ startTicks: 1 }), read, pane)).toBe(false);
    expect(reads).toBe(0);
  });
});
