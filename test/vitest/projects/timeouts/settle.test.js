// Settling a screen that never settles, with the default timeouts under Vitest's default 5000 ms
// test timeout: each gives up before Vitest's timeout.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const ticker = ['node', join(import.meta.dirname, 'ticker.mjs')];
test.override({ tmuxOptions: { command: ticker, cols: 20, rows: 3, ready: { text: 'tick' } } });

test('waitForStable gives up in time and the test goes on', async ({ tmuxApp, annotate }) => {
  const { settled } = await tmuxApp.waitForStable({ quietMs: 500 });
  await annotate(`settled: ${settled}`, 'result');
});

test('toMatchScreenshot of a screen that never settles', async ({ tmuxApp }) => {
  await expect(tmuxApp).toMatchScreenshot('ticker');
});

test('toMatchScreenText of a screen that never settles', async ({ tmuxApp }) => {
  await expect(tmuxApp).toMatchScreenText();
});
