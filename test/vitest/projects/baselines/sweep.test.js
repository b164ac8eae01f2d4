// Which baselines survive `vitest run -u` (test/vitest/baselines.test.ts puts one for each name
// below in __screenshots__/sweep.test.js/ first): only those of tests that ran to the end and
// passed without asking for them.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

// passes-1.png is written; passes-2.png is from the days it took two screenshots.
test('passes', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot();
});

// fails-early-1.png and dialog.png are its own, but it fails before it gets to them.
test('fails early', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  if (tmuxApp.text().includes('Quit')) throw new Error('fails before its screenshots');
  await expect(tmuxApp).toMatchScreenshot();
  await expect(tmuxApp).toMatchScreenshot('dialog');
});

// times-out-1.png: Vitest's timeout ends the test before its screenshot.
test('times out', { timeout: 2500 }, async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('never there', { timeout: 20000 });
  await expect(tmuxApp).toMatchScreenshot();
});
