// Runs in a fresh project that installed the packed tarball: every test here goes through the
// package's exports, its fixtures/ folder and the committed baseline beside this file.
import { expect, test } from 'tmux-shot/vitest';
import { TmuxApp } from 'tmux-shot';

const menu = ['node', 'node_modules/tmux-shot/fixtures/menu.mjs'];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('the fixture starts the app and the screenshot matches the committed baseline', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot('menu');
});

test('the text matchers wait for text, for its absence and snapshot the screen', async ({ tmuxApp }) => {
  await tmuxApp.press('Down', 'Down', 'Enter');
  await expect(tmuxApp).toShowText(/^Selected: Settings$/m);
  await expect(tmuxApp).not.toShowText('Use arrows');
  await expect(tmuxApp).toMatchScreenText();
});

test('the main entry starts an app outside the fixture', async () => {
  const app = await TmuxApp.start({ command: menu, cols: 40, rows: 12 });
  try {
    await app.press('q');
    expect(await app.waitForExit()).toMatchObject({ exitCode: 0 });
  } finally {
    await app.close();
  }
});
