// TMUX_SHOT_DEBUG=1 (run by test/cli/attach.test.ts with --test-timeout=1000, which it lifts): the app pauses once
// started, before the test's first action, and again at the failure, before it is closed.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('fails on purpose', async ({ tmuxApp }) => {
  await tmuxApp.press('Down');
  await expect(tmuxApp).toShowText('> Quit', { timeout: 300 });
});
