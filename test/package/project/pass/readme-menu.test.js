// The README's first test, copied as it is written there: it must pass in a project that
// installed the package. (test/examples/ has its copy for the checkout.)
import { expect, test } from 'tmux-shot/vitest';

// The small menu app that comes with tmux-shot; point `command` at your own app.
const menu = ['node', 'node_modules/tmux-shot/fixtures/menu.mjs'];

test.override({ tmuxOptions: { command: menu, cols: 60, rows: 16 } });

test('selects an item with the keyboard', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');            // waits (auto-retrying) for the text
  await tmuxApp.press('Down', 'Down', 'Enter');        // tmux key names or Playwright names
  await expect(tmuxApp).toShowText('Selected: Settings');
  await expect(tmuxApp).toMatchScreenshot('settings selected');
});
