// The first example of @microsoft/tui-test's README, translated: docs/guide/migrating.md shows it
// (test/docs/migrating-copies.test.ts checks that it is this code).
import { expect, test } from '../../src/vitest/index.js';

test.override({ tmuxOptions: { command: ['git'] } });

test('git shows usage message', async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText('usage: git', { scrollback: true })).toBeVisible();
});
