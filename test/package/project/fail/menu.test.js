// Fails on purpose (run on its own; the script checks exit status 1 and the failure files).
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', 'node_modules/tmux-shot/fixtures/menu.mjs'], cols: 40, rows: 12 } });

test('waits for a text that never shows', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toShowText('Never shown', { timeout: 500 });
});
