// Failures that are not screenshot mismatches: the fixture saves the last screen.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', join(import.meta.dirname, 'clock.mjs')], cols: 30, rows: 6 } });

test('text never shows', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('checks passed');
  await expect(tmuxApp).toShowText('deploy finished', { timeout: 300 });
});

test('records the worker server', async ({ tmuxApp, tmuxServer, annotate }) => {
  await expect(tmuxApp).toShowText('checks passed');
  await annotate(`${process.pid} ${tmuxServer.connection.socketPath}`, 'server');
});

test('times out', { timeout: 2500 }, async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('checks passed');
  await expect(tmuxApp).toShowText('never there', { timeout: 20000 });
});

test('a misspelt matcher option', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('checks passed', { timout: 100 });
});
