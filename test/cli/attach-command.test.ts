// tmux-shot attach's pure parts (choosing a session, the list) and the command on a live sessions
// folder of its own: listing, no app, several apps, a wrong number, not a terminal. (Attaching a
// real terminal: attach.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { chooseSession, formatAge, formatSessionList } from '../../src/cli/attach.js';
import { main } from '../../src/cli/main.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { type LiveSession, registerLiveSession } from '../../src/host/live-sessions.js';
import { TmuxServer } from '../../src/host/server.js';

const base = mkdtempSync(join(tmpdir(), 'tmux-shot-attach-command-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const session = (test: string | undefined, startedAt = 1_700_000_000_000): LiveSession => ({
  socketPath: '/tmp/tmux-shot-a/socket',
  session: '$1',
  pane: '%1',
  command: 'node fixtures/menu.mjs',
  cols: 80,
  rows: 24,
  pid: 4242,
  startedAt,
  ...(test ? { test: `menu.test.ts > ${test}`, file: 'menu.test.ts' } : {}),
});

describe('chooseSession', () => {
  const [one, two] = [session('one'), session('two')];
  it.each<[string, LiveSession[], string | undefined, LiveSession | string]>([
    ['the only one', [one], undefined, one],
    ['by its number', [one, two], '2', two],
    ['several and no number', [one, two], undefined, "2 apps run: choose one by its number, as in 'tmux-shot attach 1' (--list shows them)."],
    ['a number past the list', [one, two], '3', "'3' is not the number of a running app: 1 to 2 (--list shows them)."],
    ['zero', [one], '0', "'0' is not the number of a running app: only 1 (--list shows them)."],
    ['not a number', [one], 'x1', "'x1' is not the number of a running app: only 1 (--list shows them)."],
  ])('%s', (_, sessions, choice, expected) => {
    if (typeof expected !== 'string') return void expect(chooseSession(sessions, choice)).toBe(expected);
    expect(() => chooseSession(sessions, choice)).toThrow(new UsageError(expected, 'attach'));
  });
});

describe('formatAge', () => {
  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_599_999, '59 min'],
    [3_600_000, '1 h'],
    [-5, '0 s'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});

describe('formatSessionList', () => {
  it('numbers each app: its test, then its command, size, age and file', () => {
    const now = 1_700_000_000_000 + 12_000;
    expect(formatSessionList([session('opens the menu'), session(undefined, now - 300_000)], now)).toBe(
      `1  menu.test.ts > opens the menu
   node fixtures/menu.mjs · 80×24 · 12 s · menu.test.ts
2  (no test: process 4242)
   node fixtures/menu.mjs · 80×24 · 5 min`,
    );
  });
});

describe('tmux-shot attach', () => {
  async function run(args: string[]): Promise<{ status: number; stdout: string[]; stderr: string[] }> {
    const out = { stdout: [] as string[], stderr: [] as string[] };
    const status = await main(['attach', ...args], { stdout: (text) => out.stdout.push(text), stderr: (text) => out.stderr.push(text) });
    return { status, ...out };
  }

  it('lists nothing, and attaches to nothing, when no test runs an app', async () => {
    vi.stubEnv('TMUX_SHOT_LIVE_DIR', join(base, 'empty'));
    expect(await run(['--list'])).toEqual({ status: 0, stdout: ['No test has an app running.'], stderr: [] });
    expect(await run([])).toEqual({
      status: 1,
      stdout: [],
      stderr: [
        'tmux-shot attach: no test has an app running now (start the tests, with tmuxApp.pause() or TMUX_SHOT_DEBUG=1 to stop them where you want to look).',
      ],
    });
  });

  it('lists the live apps; refuses a wrong number, several without one, and a stdin that is no terminal', async () => {
    const live = join(base, 'live');
    vi.stubEnv('TMUX_SHOT_LIVE_DIR', live);
    await using server = await TmuxServer.create();
    const startedAt = Date.now() - 120_000;
    const entry = { ...session('opens the menu', startedAt), socketPath: server.connection.socketPath, pid: process.pid };
    const remove = await registerLiveSession(entry, live);
    expect(await run(['-l'])).toEqual({
      status: 0,
      stdout: ['1  menu.test.ts > opens the menu\n   node fixtures/menu.mjs · 80×24 · 2 min · menu.test.ts'],
      stderr: [],
    });
    expect((await run(['2'])).stderr).toEqual([
      "tmux-shot: '2' is not the number of a running app: only 1 (--list shows them).\nRun 'tmux-shot attach --help' for usage.",
    ]);
    expect(await run(['1'])).toEqual({
      status: 1,
      stdout: [],
      stderr: ['tmux-shot attach: it attaches your terminal to the app, and its stdin or stdout is not a terminal: run it in one, without redirections.'],
    });
    const removeSecond = await registerLiveSession({ ...entry, test: 'menu.test.ts > quits' }, live);
    expect(await run([])).toMatchObject({ status: 2, stderr: [expect.stringContaining('2 apps run: choose one by its number')] });
    await remove();
    await removeSecond();
  });
});
