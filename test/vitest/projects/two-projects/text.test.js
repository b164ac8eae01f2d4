// Run by two Vitest projects with their own TMUX_SHOT_THEME (test/vitest/vitest-projects.test.ts):
// the screen's text names the project's theme, and toMatchScreenText stores it in Vitest's own
// snapshot file, whose place Vitest decides (resolveSnapshotPath).
import { expect, test } from 'tmux-shot/vitest';

const theme = process.env.TMUX_SHOT_THEME;

test.override({ tmuxOptions: { command: ['sh', '-c', `echo the ${theme} theme; exec cat`], cols: 20, rows: 2 } });

test('names the theme', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('theme');
  await expect(tmuxApp).toMatchScreenText();
});
