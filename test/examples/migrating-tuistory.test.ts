// The library example of tuistory's README, translated: docs/guide/migrating.md shows it
// (test/docs/migrating-copies.test.ts checks that it is this code).
import { expect, test } from '../../src/vitest/index.js';

test.override({ tmuxOptions: { command: ['bash', '--norc', '--noprofile'], cols: 150, rows: 45 } });

test('types a command and reads the screen', async ({ tmuxApp }) => {
  await tmuxApp.waitForText('bash-', { timeout: 10_000 });
  await tmuxApp.type('echo hello');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toShowText(/^hello$/);
  expect(tmuxApp.text()).toContain('echo hello');
  await tmuxApp.press('Control+C');
});
