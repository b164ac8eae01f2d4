// Tests whose files and names Vitest's filters cannot tell apart: `a.test.js` also matches
// ba.test.js and sub/a.test.js, and `-t '^x y$'` matches the test 'x y' and the test 'y' of
// describe('x'). Each compares the menu (its highlight moved with MENU_DOWN=1) with a baseline.
// With THEME=light, the screenshots are drawn light.
import { join } from 'node:path';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12, ...(process.env.THEME ? { theme: process.env.THEME } : {}) } });

async function shot(tmuxApp, name) {
  await expect(tmuxApp).toShowText('Quit');
  if (process.env.MENU_DOWN) await tmuxApp.press('Down');
  await expect(tmuxApp).toMatchScreenshot(name);
}

test('x y', async ({ tmuxApp }) => shot(tmuxApp, 'plain'));

describe('x', () => {
  test('y', async ({ tmuxApp }) => shot(tmuxApp, 'nested'));
});
