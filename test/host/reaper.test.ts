/**
 * The lobby's reaper (`formatReaperScript`), run for real on processes of its own making: which
 * of them it ends, given the panes' first processes as tmux expands `PANE_PIDS_FORMAT`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatReaperScript } from '../../src/host/argv.js';
import { isProcessAlive } from '../../src/host/process-exit.js';
import { startTicksOf } from '../../src/host/process-tree.js';
import { canUnsharePids, runInPidNamespace } from './helpers/pid-namespace.js';

/**
 * The `TMUX` of the reaper's server: its processes carry it. One of this test process's own: the
 * reapers of two suites run at once ended each other's marked processes and counted them.
 */
const TMUX = `/tmp/tmux-shot-reaper-test-${process.pid}/socket,1,0`;
/** The processes the tests started, by pid and start time: a pid the reaper freed may be another's by the end. */
const started: { pid: number; startTicks: number | undefined }[] = [];
afterEach(() => {
  for (const { pid, startTicks } of started.splice(0)) {
    try {
      if (startTicks !== undefined && startTicksOf(pid) === startTicks) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * A session of its own (`setsid`) whose leader starts `sleep 60` in the background, then runs
 * `leader` (`exit`: the session outlives its leader, as a job outlives a dead pane).
 * @returns The leader's pid (the session's id) and the member's.
 */
async function session(leader: 'exit' | 'exec sleep 60', env: Record<string, string> = {}): Promise<{ sid: number; member: number }> {
  const child = spawn('sh', ['-c', `sleep 60 & echo $!; ${leader}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, ...env },
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const member = Number(String(line).trim());
  started.push(...[child.pid!, member].map((pid) => ({ pid, startTicks: startTicksOf(pid) })));
  if (leader === 'exit') await once(child, 'exit');
  return { sid: child.pid!, member };
}

/** Runs the reaper as a job of the server `TMUX`, with `panes` as its arguments, until it exits. */
async function reap(panes: string[]): Promise<void> {
  const reaper = spawn('sh', ['-c', formatReaperScript(), 'reaper', ...panes], { env: { PATH: process.env.PATH, TMUX }, stdio: 'ignore' });
  await once(reaper, 'exit');
}

describe('formatReaperScript', () => {
  it("ends a live pane's session, and what a dead pane's session left behind while no process has the dead pane's pid", { timeout: 10_000 }, async () => {
    const live = await session('exec sleep 60');
    const dead = await session('exit');
    expect(isProcessAlive(dead.sid)).toBe(false);
    await reap([String(live.sid), `d${dead.sid}`]);
    expect([live.sid, live.member, dead.member].map(isProcessAlive)).toEqual([false, false, false]);
  });

  it("spares a process that has a dead pane's pid now, and its session: Linux handed the pid out again", { timeout: 10_000 }, async () => {
    const reused = await session('exec sleep 60');
    await reap([`d${reused.sid}`]);
    expect([reused.sid, reused.member].map(isProcessAlive)).toEqual([true, true]);
  });

  it("spares a pane's session members marked for another server (a reused pid's session of another test)", { timeout: 10_000 }, async () => {
    const other = await session('exec sleep 60', { TMUX: '/tmp/other/socket,2,0' });
    const marked = await session('exec sleep 60', { TMUX });
    await reap([String(other.sid)]);
    expect([other.sid, other.member, marked.sid, marked.member].map(isProcessAlive)).toEqual([true, true, false, false]);
  });
});

/**
 * In a pid namespace of its own (sh is its pid 1), with the reaper of a pane's process that then
 * dies: once `hold` (shell commands) has run, a new session leader (setsid: a tmux server is one)
 * takes the pane's pid (ns_last_pid; again when a child of the reaper took it first), then
 * `release` runs. `path`: folders before the reaper's PATH.
 * @returns Whether the leader had the pane's pid, and its state once the reaper is done ('S': spared).
 */
function handOutPanePid({ hold, release = '', path = '' }: { hold: string; release?: string; path?: string }) {
  const script = [
    'sleep 60 & pane=$!',
    `${path ? `PATH=${path}:$PATH ` : ''}TMUX=${TMUX} sh -c "$0" reaper $pane & reaper=$!`,
    'kill -9 $pane; wait $pane',
    hold,
    // The reaper forks too: when one of its children took the pid first, try again (at most 20 times).
    'n=0',
    'while :; do',
    '  echo $((pane - 1)) > /proc/sys/kernel/ns_last_pid',
    '  setsid sleep 60 & stranger=$!',
    '  if [ "$stranger" = "$pane" ] || [ $((n += 1)) -ge 20 ]; then break; fi',
    '  kill -9 $stranger; wait $stranger 2>/dev/null',
    'done',
    release,
    'wait $reaper',
    'echo "$pane $stranger $(cut -d" " -f3 /proc/$stranger/stat)"',
    'kill -9 $stranger',
  ].join('\n');
  const run = runInPidNamespace(['sh', '-c', script, formatReaperScript()], { env: { PATH: process.env.PATH }, timeout: 20_000 });
  const [pane, stranger, state] = run.stdout.trim().split(' ');
  return { seen: { reused: stranger === pane, state }, stderr: run.stderr };
}

describe('a pane pid handed out again while the reaper runs', () => {
  it.skipIf(!canUnsharePids)(
    "spares the new session of the process Linux gave a live pane's pid to after the pane died (another test's tmux server, say)",
    () => {
      // tmux expands the panes' pids before the kill, so the pane's process runs when the reaper
      // starts; then it dies, and Linux hands its pid to a new session leader before the reaper's
      // first pass. Start times count in clock ticks (10 ms): the pid goes out a tick later, as it
      // would on a machine that went round all its pids.
      const { seen, stderr } = handOutPanePid({
        hold: 'until [ "$(cut -d" " -f22 /proc/self/stat)" -gt "$(cut -d" " -f22 /proc/$reaper/stat)" ]; do :; done',
      });
      expect(seen, stderr).toEqual({ reused: true, state: 'S' });
    },
  );

  it.skipIf(!canUnsharePids)(
    "spares the new session of the process Linux gave a pane's pid to in the middle of a pass (another test's tmux server, say)",
    () => {
      // The pass looks at the panes' pids first, then greps every environment (xargs), then walks
      // the process table: a pid handed out in between names a new session by the walk. Here the
      // reaper's xargs (first in its PATH) holds the first pass there until the new leader has the
      // pane's pid. A tmux server has no TMUX in its environment, nor has this leader.
      const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-reaper-pass-'));
      try {
        const xargs = execFileSync('sh', ['-c', 'command -v xargs'], { encoding: 'utf8' }).trim();
        const held = `if [ ! -e ${dir}/held ]; then : > ${dir}/held; until [ -e ${dir}/go ]; do :; done; fi`;
        writeFileSync(join(dir, 'xargs'), `#!/bin/sh\n${held}\nexec ${xargs} "$@"\n`, { mode: 0o755 });
        const { seen, stderr } = handOutPanePid({ path: dir, hold: `until [ -e ${dir}/held ]; do :; done`, release: `: > ${dir}/go` });
        expect(seen, stderr).toEqual({ reused: true, state: 'S' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/** Root, with setpriv to run as another user and Debian's python3 for prctl. */
const canRunAsNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0 && existsSync('/usr/bin/python3');

describe('a session member whose environment cannot be read', () => {
  it.skipIf(!canRunAsNobody)('is ended like the others (a non-dumpable process, as sudo, su and passwd are), the reaper running as its own user', () => {
    // As nobody: the member turns itself non-dumpable (prctl PR_SET_DUMPABLE 0), so its own user
    // cannot read its /proc/<pid>/environ, yet may signal it.
    const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-reaper-nodump-'));
    try {
      chmodSync(dir, 0o777);
      const member = join(dir, 'member');
      const dumpable = '/usr/bin/python3 -c "import ctypes, time; ctypes.CDLL(None).prctl(4, 0, 0, 0, 0); time.sleep(60)"';
      const script = [
        `setsid sh -c '${dumpable} & echo $! > ${member}; exec sleep 60' & leader=$!`,
        `until [ -s ${member} ]; do :; done; member=$(cat ${member})`,
        'until ! cat /proc/$member/environ >/dev/null 2>&1; do :; done',
        `TMUX=${TMUX} sh -c "$0" reaper $leader`,
        'echo "$(cut -d" " -f3 /proc/$member/stat 2>/dev/null || echo gone)"',
        'kill -9 $leader $member 2>/dev/null',
      ].join('\n');
      const run = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', script, formatReaperScript()], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
        timeout: 20_000,
      });
      // Killed: a zombie until its parent (the session's sleep) is gone, or gone.
      expect(['Z', 'gone'], run.stderr).toContain(run.stdout.trim());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('two reapers of one server (the lobby has three paths that start one)', () => {
  it('end its processes, and neither ends the other', { timeout: 10_000 }, async () => {
    const marked = await session('exec sleep 60', { TMUX });
    const reapers = [0, 1].map(() => spawn('sh', ['-c', formatReaperScript(), 'reaper'], { env: { PATH: process.env.PATH, TMUX }, stdio: 'ignore' }));
    const ends = await Promise.all(reapers.map(async (reaper) => (await once(reaper, 'exit')) as [number | null, string | null]));
    expect(ends).toEqual([
      [0, null],
      [0, null],
    ]);
    expect([marked.sid, marked.member].map(isProcessAlive)).toEqual([false, false]);
  });
});

describe('the cost of a reap', () => {
  /**
   * The programs one whole run of the reaper executes (env, sh, its sleeps, xargs and greps),
   * counted by strace: successful `execve`s, also those strace split in two because another
   * process's call came in between (`execve(… <unfinished ...>`, then `<... execve resumed>) = 0`).
   */
  function programsRun(): number {
    const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-reaper-strace-'));
    try {
      const log = join(dir, 'trace');
      // Only the reaper carries the mark (through env), not strace: it would be the reaper's to end.
      const reaper = ['env', `TMUX=${TMUX}`, 'sh', '-c', formatReaperScript(), 'reaper'];
      execFileSync('strace', ['-f', '--seccomp-bpf', '-qq', '-e', 'trace=execve', '-o', log, ...reaper], { env: { PATH: process.env.PATH } });
      return readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => /( execve\(|<\.\.\. execve resumed>).* = 0$/.test(line)).length;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  // Run by the lobby while a whole suite loads the machine, a reaper that ran two greps for each
  // process on it took seconds a pass, and a stubborn app outlived its server by more than 5 s.
  it('runs as many programs with 200 more processes on the machine: its sleeps, and xargs with one grep a pass', { timeout: 30_000 }, async () => {
    const before = programsRun();
    const sleepers = Array.from({ length: 200 }, () => spawn('sleep', ['60'], { stdio: 'ignore' }));
    try {
      await Promise.all(sleepers.map((sleeper) => once(sleeper, 'spawn')));
      expect([before, programsRun()]).toEqual([2 + 2 + 2 * 2, 2 + 2 + 2 * 2]);
    } finally {
      for (const sleeper of sleepers) sleeper.kill('SIGKILL');
    }
  });
});

// Why the lobby's hooks leave the server's kill to the reaper (createLobbyCommands): in CI a pane's
// session outlived its server, no reaper having run. tmux 3.3a sends SIGTERM to every job as it
// exits (job_kill_all), and `run-shell -b reaper ; … ; kill-server` could end the reaper before
// its `trap` on a loaded machine. Here the job's start is made slow on purpose.
describe('tmux 3.3a and a run-shell -b job when the server exits', () => {
  /**
   * Runs `job(dir)` with `run-shell -b` on a new tmux server in a new folder `dir`; once the job
   * has written its pid there (a waiting run-shell), `kill-server`. Returns the job's pid and the folder.
   */
  function jobThenKill(job: (dir: string) => string): { pid: number; dir: string } {
    const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-job-'));
    const tmux = (...args: string[]) => execFileSync('tmux', ['-S', join(dir, 'socket'), '-f', '/dev/null', ...args], { env: { PATH: process.env.PATH } });
    tmux('new-session', '-d', 'sleep 60');
    tmux('run-shell', '-b', `echo $$ > ${dir}/pid; ${job(dir)}`, ';', 'run-shell', `until [ -s ${dir}/pid ]; do :; done`, ';', 'kill-server');
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    started.push({ pid, startTicks: startTicksOf(pid) });
    return { pid, dir };
  }

  it('ends a job that had not set its trap yet', async () => {
    const { pid, dir } = jobThenKill((dir) => `sleep 0.3; trap '' TERM; echo survived > ${dir}/survived`);
    try {
      await expect.poll(() => isProcessAlive(pid), { timeout: 5000, interval: 10 }).toBe(false);
      expect(existsSync(join(dir, 'survived'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('spares a job that ignores SIGTERM before the server exits', async () => {
    const { dir } = jobThenKill((dir) => `trap '' TERM; sleep 0.3; echo survived > ${dir}/survived`);
    try {
      await expect.poll(() => existsSync(join(dir, 'survived')), { timeout: 5000, interval: 10 }).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
