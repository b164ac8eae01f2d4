// A passing screenshot in a file of its own: watch mode's `u` reruns only failed files.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: [process.execPath, join(import.meta.dirname, 'show.mjs'), 'Other: same every run'], cols: 30, rows: 4 } });

test('other', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Other:');
  await expect(tmuxApp).toMatchScreenshot();
});
