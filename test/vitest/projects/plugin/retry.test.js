// The first attempt takes two screenshots and then fails; the retry must reuse the same names.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['node', join(import.meta.dirname, 'clock.mjs')], cols: 30, rows: 6 } });

test('flaky', { retry: 1 }, async ({ tmuxApp, task }) => {
  await expect(tmuxApp).toShowText('checks passed');
  await expect(tmuxApp).toMatchScreenshot({ mask: [/\d\d:\d\d:\d\d/] });
  await expect(tmuxApp).toMatchScreenshot('named', { mask: [/\d\d:\d\d:\d\d/] });
  if ((task.result?.retryCount ?? 0) === 0) throw new Error('first attempt fails on purpose');
});
