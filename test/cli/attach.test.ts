// `tmux-shot attach` and `tmuxApp.pause()` end to end, as a person uses them: a child Vitest runs
// in a terminal of ours (an outer TmuxApp, so its /dev/tty is that pane), its test pauses, and
// `tmux-shot attach` (the built bin, dist/cli/bin.js: run `npm run build` first) runs in another
// terminal of ours, where the test types and detaches. Each run has its own live sessions folder.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { TmuxApp } from '../../src/app/index.js';
import { listLiveSessions } from '../../src/host/live-sessions.js';
import { createProject, type FixtureProject } from '../vitest/run-vitest.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/bin.js');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const base = mkdtempSync(join(tmpdir(), 'tmux-shot-attach-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Lines of processes whose command line mentions `text` (pgrep). */
async function processesMentioning(text: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('pgrep', ['-a', '-f', text]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((line) => line && !line.includes('pgrep'));
}

/** tmux's own word on the size of `session`'s window: `cols×rows`. */
async function windowSize(socketPath: string, session: string): Promise<string> {
  const { stdout } = await promisify(execFile)('tmux', ['-S', socketPath, 'display-message', '-p', '-t', session, '#{window_width}x#{window_height}']);
  return stdout.trim();
}

/** A child Vitest run of projects/pause in a terminal of ours, with the live sessions in `live`. */
async function startRun(
  project: FixtureProject,
  live: string,
  args: readonly string[] = ['pause.test.js'],
  more: Record<string, string> = {},
  testTimeout = 0,
): Promise<TmuxApp> {
  const command = [process.execPath, vitest, 'run', '--root', project.dir, `--test-timeout=${testTimeout}`, ...args];
  const env = { TMUX_SHOT_LIVE_DIR: live, TMUX_SHOT_REPO: root, NO_COLOR: '1', ...more };
  return TmuxApp.start({ command, cols: 150, rows: 40, cwd: project.dir, env, ready: 'none' });
}

/** Waits until no process's command line mentions `text`: teardown ends them all. */
async function noneLeft(text: string): Promise<void> {
  await expect.poll(() => processesMentioning(text), { timeout: 15_000, interval: 100 }).toEqual([]);
}

/**
 * What is left in a live sessions folder of entries and input logs (the results `tmux-shot watch`
 * shows, `<pid>-<hex>.result` of each test that wrote a report, stay for minutes on purpose).
 */
function leftIn(live: string): string[] {
  return readdirSync(live).filter((name) => !/^\d+-[0-9a-f]+\.result$/.test(name));
}

/** Starts `tmux-shot attach …args` in a terminal of ours, 60×20: bigger than the paused app. */
function attach(live: string, args: readonly string[] = []): Promise<TmuxApp> {
  return TmuxApp.start({ command: [process.execPath, bin, 'attach', ...args], cols: 60, rows: 20, env: { TMUX_SHOT_LIVE_DIR: live }, ready: 'none' });
}

describe('tmuxApp.pause() with tmux-shot attach', () => {
  it('waits while a person watches and detaches, then types and closes their terminal; the test goes on with their keys logged', {
    timeout: 120_000,
  }, async () => {
    const live = mkdtempSync(join(base, 'live-'));
    const project = await createProject('pause');
    try {
      await using run = await startRun(project, live);
      await run.waitForText('Not waiting: the test has a 20000 ms timeout, which Vitest cannot suspend: run with --test-timeout=0', { timeout: 60_000 });
      await run.waitForText('Detach (C-b d) to go on.', { timeout: 30_000 });
      const [session] = await listLiveSessions(live);
      expect(session).toMatchObject({ test: 'pause.test.js > waits for a person, and logs what they typed', file: 'pause.test.js', cols: 40, rows: 12 });
      const { socketPath, session: id } = session!;
      expect(statSync(join(socketPath, '..')).mode & 0o777).toBe(0o700);
      expect(
        run.text(),
      ).toContain(`tmux-shot: pause() of tmuxApp of "pause.test.js > waits for a person, and logs what they typed". Attach your terminal to it (read-only):
  tmux -S ${socketPath} attach -r -t '${id}'
  or, to type into it with your keys logged as manual input: tmux-shot attach --read-write
Detach (C-b d) to go on.`);

      // Read-only (the default): the app keeps its size, the key does not reach it; C-b d detaches.
      await using watcher = await attach(live);
      await watcher.waitForText('> Open', { timeout: 15_000 });
      expect(await windowSize(socketPath, id)).toBe('40x12');
      await watcher.press('Down', 'C-b', 'd');
      expect(await watcher.waitForExit({ timeout: 10_000 })).toEqual({ exitCode: 0, signal: null });
      await run.waitForText('tmux-shot: going on.', { timeout: 15_000 });

      // Read-write, then the terminal closes (its client gets SIGHUP): the test goes on with the keys.
      await expect.poll(() => run.text().split('Detach (C-b d) to go on.').length - 1, { timeout: 15_000, interval: 50 }).toBe(2);
      const typist = await attach(live, ['--read-write']);
      await typist.waitForText('> Open', { timeout: 15_000 });
      await typist.press('Down');
      await typist.waitForText('> Save');
      await typist.press('Down');
      await typist.waitForText('> Settings');
      expect(await windowSize(socketPath, id)).toBe('40x12');
      await typist.close();
      expect(await run.waitForExit({ timeout: 30_000 })).toEqual({ exitCode: 0, signal: null });
      expect(run.text()).toContain("tmux-shot: going on. You typed:\n  await tmuxApp.press('Down', 'Down');\n");

      const results = JSON.parse(readFileSync(join(project.dir, 'results.json'), 'utf8')) as { id: string; state: string; errors: string[] }[];
      expect(results.map(({ id, state, errors }) => [id, state, errors])).toEqual([
        ['pause.test.js > does not wait with a timeout', 'passed', []],
        ['pause.test.js > waits for a person, and logs what they typed', 'passed', []],
      ]);
      const report = readFileSync(join(project.dir, '.vitest-attachments', 'pause.test.js', 'waits-for-a-person-and-logs-what-they-typed-report.html'), 'utf8');
      expect(report).toContain('manual input: press(&#39;Down&#39;, &#39;Down&#39;)');
      expect(report).toContain('Touched by hand: a person typed into this app while attached (1 manual input step below).');
      expect(leftIn(live)).toEqual([]);
      await noneLeft(live);
      await noneLeft(join(socketPath, '..'));
    } finally {
      await project.dispose();
    }
  });

  it('leaves no app, tmux server, client or entry behind when the run is stopped with Ctrl-C while paused', { timeout: 120_000 }, async () => {
    const live = mkdtempSync(join(base, 'live-'));
    const project = await createProject('pause');
    try {
      await using run = await startRun(project, live, ['pause.test.js', '-t', 'waits for a person']);
      await run.waitForText('Detach (C-b d) to go on.', { timeout: 60_000 });
      const [session] = await listLiveSessions(live);
      await using watcher = await attach(live);
      await watcher.waitForText('> Open', { timeout: 15_000 });
      await run.press('C-c');
      expect((await run.waitForExit({ timeout: 30_000 })).exitCode).not.toBe(0);
      await watcher.waitForExit({ timeout: 30_000 });
      await noneLeft(join(session!.socketPath, '..'));
      await noneLeft(project.dir);
      expect(await listLiveSessions(live)).toEqual([]);
      expect(leftIn(live)).toEqual([]);
    } finally {
      await project.dispose();
    }
  });
});

describe('TMUX_SHOT_DEBUG=1', () => {
  it('pauses before the first action and at the failure, with the app as the test left it', { timeout: 120_000 }, async () => {
    const live = mkdtempSync(join(base, 'live-'));
    const project = await createProject('pause');
    try {
      // A 1000 ms test timeout, which TMUX_SHOT_DEBUG lifts: the pauses below last longer.
      await using run = await startRun(project, live, ['debug.test.js'], { TMUX_SHOT_DEBUG: '1' }, 1000);
      await run.waitForText('tmux-shot: pause() of tmuxApp of "debug.test.js > fails on purpose"', { timeout: 60_000 });
      await run.waitForText('Detach (C-b d) to go on.', { timeout: 15_000 });
      await using first = await attach(live);
      await first.waitForText('> Open', { timeout: 15_000 });
      await first.press('C-b', 'd');
      await first.waitForExit({ timeout: 10_000 });
      await expect.poll(() => run.text().split('Detach (C-b d) to go on.').length - 1, { timeout: 15_000, interval: 50 }).toBe(2);
      await using second = await attach(live);
      await second.waitForText('> Save', { timeout: 15_000 });
      await second.press('C-b', 'd');
      await second.waitForExit({ timeout: 10_000 });
      expect(await run.waitForExit({ timeout: 30_000 })).toEqual({ exitCode: 1, signal: null });
      const results = JSON.parse(readFileSync(join(project.dir, 'results.json'), 'utf8')) as { id: string; state: string }[];
      expect(results.map(({ id, state }) => [id, state])).toEqual([['debug.test.js > fails on purpose', 'failed']]);
      expect(leftIn(live)).toEqual([]);
    } finally {
      await project.dispose();
    }
  });
});

describe('the live sessions of a run', () => {
  it('list each app of a test while it runs, and none once closed, timed out or not; pause() without a terminal says why', { timeout: 120_000 }, async () => {
    const live = mkdtempSync(join(base, 'live-'));
    const project = await createProject('live');
    try {
      const run = await project.run([], { TMUX_SHOT_LIVE_DIR: live }, ['setsid', '--wait']);
      expect([...run.tests].map(([id, test]) => [id, test.state, test.errors])).toEqual([
        ['live.test.js > lists each app of the test while it runs', 'passed', []],
        ['live.test.js > times out with its app running', 'passed', []],
        ['live.test.js > fails to start: never listed', 'passed', []],
        ['live.test.js > pauses without a terminal: says why and goes on', 'passed', []],
        ['live.test.js > finds none of them left', 'passed', []],
      ]);
      expect(run.output).toContain('Not waiting: it waits only in a terminal, and this process has none (/dev/tty).');
      expect(leftIn(live)).toEqual([]);
    } finally {
      await project.dispose();
    }
  });
});
