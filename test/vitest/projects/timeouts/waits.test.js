// Waits with their default timeouts under Vitest's default 5000 ms test timeout: each must fail (or
// give up) on its own, naming what it waited for and showing the screen, before Vitest's timeout.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const status = ['node', join(import.meta.dirname, 'status.mjs')];
test.override({ tmuxOptions: { command: status, cols: 30, rows: 5 } });

test('toShowText of a text that never shows', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('deploy finished');
});

test('waitForText of a text that never shows', async ({ tmuxApp }) => {
  await tmuxApp.waitForText('deploy finished');
});

test('waitForExit of an app that keeps running', async ({ tmuxApp }) => {
  await tmuxApp.waitForExit();
});
