// Tests that run on Vitest's fake timers (`vi.useFakeTimers()`, which fakes setTimeout,
// performance.now, Date and `node:timers`): tmux-shot's own waits, teardown and timeouts must
// keep running on real time, or every await below would hang until Vitest's timeout.
import { afterEach, vi } from 'vitest';
import { expect, test } from 'tmux-shot/vitest';
import { TmuxApp, TmuxServer, WaitTimeoutError } from '@repo/src/index.ts';

afterEach(() => void vi.useRealTimers());

test('drives the tmuxApp fixture: start, keys, text and settle waits, a screenshot, exit', async ({ tmuxApp }) => {
  vi.useFakeTimers();
  const app = await tmuxApp.start({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' }, cols: 30, rows: 4 });
  await app.type('echo hi\n');
  await app.waitForText(/^hi$/);
  await expect(app).toShowText('hi');
  expect((await app.waitForStable()).settled).toBe(true);
  expect((await app.screenshot()).subarray(1, 4).toString()).toBe('PNG');
  await app.type('exit 4\n');
  await expect(app.waitForExit()).resolves.toEqual({ exitCode: 4, signal: null });
});

test('times out on real time, and starts and disposes a server of its own', async () => {
  vi.useFakeTimers();
  const server = await TmuxServer.create();
  const app = await TmuxApp.start({ command: ['sh', '-c', 'echo up; exec cat'], server, cols: 20, rows: 3 });
  const started = Date.now();
  await expect(app.waitForText('never', { timeout: 300 })).rejects.toThrow(WaitTimeoutError);
  expect(Date.now()).toBe(started); // the test's clock stood still meanwhile
  await app.close();
  await server.dispose();
});
