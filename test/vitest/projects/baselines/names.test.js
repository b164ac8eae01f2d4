// Screenshot names in other scripts get files of their own; two names that would be one file fail.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('names in other scripts', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot('メニュー');
  await tmuxApp.press('Down');
  await expect(tmuxApp).toMatchScreenshot('菜单');
});

test('two names, one file', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot('main menu');
  await expect(tmuxApp).toMatchScreenshot('main-menu!');
});
