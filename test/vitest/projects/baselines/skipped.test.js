// A skipped test keeps its baseline (skipped-1.png) while a passing test's stale one (runs-2.png)
// goes, in the same file and the same `-u` run.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('runs', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot();
});

test.skip('skipped', async ({ tmuxApp }) => {
  await expect(tmuxApp).toMatchScreenshot();
});
