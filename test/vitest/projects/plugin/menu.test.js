// Screenshots of the menu fixture. TMUX_SHOT_E2E_CHANGE=1 changes what 'selection moves' shows
// (one Down more) and the size of 'resized menu', so the same baselines then fail.
import { join } from 'node:path';
import { describe, expect, test } from 'tmux-shot/vitest';

const change = process.env.TMUX_SHOT_E2E_CHANGE === '1';
const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('menu opens', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot();
});

test('selection moves', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await tmuxApp.press(...(change ? ['Down', 'Down'] : ['Down']));
  await expect(tmuxApp).toMatchScreenshot('after down');
});

describe('resized', () => {
  test.override({ tmuxOptions: { command: menu, cols: change ? 44 : 40, rows: 12 } });

  test('resized menu', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    await expect(tmuxApp).toMatchScreenshot();
  });
});
