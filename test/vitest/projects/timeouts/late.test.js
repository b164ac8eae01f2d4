// Vitest's timeout wins: a wait given a longer timeout than the test's, and a step that hangs. The
// failure still says what was pending and shows the screen.
import { join } from 'node:path';
import { describe, expect, test } from 'tmux-shot/vitest';

const status = ['node', join(import.meta.dirname, 'status.mjs')];
test.override({ tmuxOptions: { command: status, cols: 30, rows: 5 } });

test('toShowText with a timeout longer than the test', { timeout: 2500 }, async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('deploy finished', { timeout: 20_000 });
});

test('waitForText with a timeout longer than the test', { timeout: 2500 }, async ({ tmuxApp }) => {
  await tmuxApp.waitForText('deploy finished', { timeout: 20_000 });
});

test('a step of its own that hangs', { timeout: 2500 }, async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('checks passed');
  await new Promise(() => {});
});

describe('after a first attempt that timed out', () => {
  test.override({ tmuxOptions: { command: ['sh', '-c', 'sleep 1; echo ready now; exec sleep 30'], cols: 30, rows: 5, ready: 'none' } });

  test('a retry waits again', { timeout: 3000, retry: 1 }, async ({ tmuxApp, task }) => {
    if (task.result?.retryCount === 0) await new Promise(() => {});
    await expect(tmuxApp).toShowText('ready now');
  });
});
