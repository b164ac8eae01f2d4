// The live sessions of a run (TMUX_SHOT_LIVE_DIR, set by test/cli/attach.test.ts): each app of a
// test is listed while it runs, with the test's name and file, and is gone once it closes, also
// when its test timed out, and never when it did not start. pause() without a terminal says why it does not wait.
import { expect, test } from 'tmux-shot/vitest';
import { listLiveSessions } from '@repo/src/host/live-sessions.ts';

const live = process.env.TMUX_SHOT_LIVE_DIR;
const idle = ['sh', '-c', 'echo idle; exec sleep 1000'];

test('lists each app of the test while it runs', async ({ tmuxApp, launchApp }) => {
  await tmuxApp.start({ command: idle, cols: 30, rows: 5 });
  const other = await launchApp({ command: idle, cols: 20, rows: 4, name: 'other' });
  const entries = (await listLiveSessions(live)).map(({ test, file, command, cols, rows, pid }) => ({
    test,
    file,
    command,
    cols,
    rows,
    own: pid === process.pid,
  }));
  const name = 'live.test.js > lists each app of the test while it runs';
  const app = { test: name, file: 'live.test.js', command: 'sh -c "echo idle; exec sleep 1000"', own: true };
  expect(entries).toEqual([
    { ...app, cols: 30, rows: 5 },
    { ...app, cols: 20, rows: 4 },
  ]);
  await other.close();
  expect((await listLiveSessions(live)).map((entry) => entry.cols)).toEqual([30]);
});

test.fails('times out with its app running', { timeout: 2500 }, async ({ tmuxApp }) => {
  await tmuxApp.start({ command: idle });
  await new Promise(() => {});
});

test('fails to start: never listed', async ({ tmuxApp }) => {
  await expect(tmuxApp.start({ command: ['tmux-shot-no-such-program'] })).rejects.toThrow('tmux-shot-no-such-program: not found');
  expect(await listLiveSessions(live)).toEqual([]);
});

test('pauses without a terminal: says why and goes on', { timeout: 0 }, async ({ tmuxApp }) => {
  await tmuxApp.start({ command: idle });
  await tmuxApp.pause();
});

test('finds none of them left', async () => {
  expect(await listLiveSessions(live)).toEqual([]);
});
