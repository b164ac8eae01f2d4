// The locator matchers on the menu fixture: passing uses, then one failure of each kind.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];
test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

test('pass and wait for the app', async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText('Quit')).toBeVisible();
  await expect(tmuxApp.getByText('Exit')).not.toBeVisible();
  await expect(tmuxApp.getByText(/> \w+/)).toHaveText('> Open');
  await tmuxApp.press('Down', 'Enter');
  await expect(tmuxApp.getByText(/> \w+/)).toHaveText('> Save');
  await expect(tmuxApp.getByText('Save')).toHaveCount(2);
  await expect(tmuxApp.getByText('Save')).not.toHaveCount(1);
  await expect(tmuxApp.region({ row: 9, rows: 1 })).toHaveText(/^Selected: Save$/);
  await expect(tmuxApp.region({ row: 9, rows: 1 })).not.toHaveText('Use arrows, Enter to choose, q to quit');
  await expect(tmuxApp.getByText('Use arrows')).not.toBeVisible();
});

test('toBeVisible times out', async ({ tmuxApp }) => {
  await expect(tmuxApp.region({ row: 3, col: 1, rows: 2, cols: 12 }).getByText('Exit')).toBeVisible({ timeout: 200 });
});

test('not.toBeVisible times out', async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText('Quit')).not.toBeVisible({ timeout: 200 });
});

test('toHaveText times out', async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText(/> \w+/)).toHaveText('> Save', { timeout: 200 });
});

test('toHaveCount times out', async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText(/^│ . \w+/)).toHaveCount(4, { timeout: 200 });
});

test('strict at once, with or without .not', async ({ tmuxApp }) => {
  await tmuxApp.press('Down', 'Enter');
  await expect(tmuxApp.getByText('Selected: Save')).toBeVisible();
  await expect(expect(tmuxApp.getByText('Save')).not.toBeVisible({ timeout: 20_000 })).rejects.toThrow(
    /^expect\(locator\)\.not\.toBeVisible\(\)\n\nLocator: getByText\('Save'\)\nStrict mode violation/,
  );
  await expect(tmuxApp.getByText('Save')).toHaveText('Save', { timeout: 20_000 });
});

test('fails at once once the app has exited', { timeout: 20_000 }, async ({ tmuxApp }) => {
  await tmuxApp.close();
  await tmuxApp.start({ command: ['sh', '-c', 'echo bye; sleep 0.2; exit 3'], cols: 20, rows: 3 });
  await tmuxApp.waitForExit();
  await expect(tmuxApp.getByText('bye')).not.toBeVisible({ timeout: 15_000 });
});

test('not a locator', async ({ tmuxApp }) => {
  await expect(tmuxApp.screen()).toBeVisible();
});

test.concurrent('uses the timeout of the test the locator belongs to', { timeout: 2500 }, async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText('Exit')).toBeVisible();
});

test.concurrent('a concurrent test started later, with a longer timeout', async ({ tmuxApp }) => {
  await expect(tmuxApp.getByText('Quit')).toBeVisible();
  await tmuxApp.waitForStable({ quietMs: 1500 });
});
