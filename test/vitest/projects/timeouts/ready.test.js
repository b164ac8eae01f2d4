// Readiness with its default timeout under Vitest's default 5000 ms test timeout: an app that
// prints nothing fails the fixture's start with its own error.
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['sleep', '30'], cols: 20, rows: 3 } });

test('an app that never prints', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('never reached');
});
