// The README's locator example ("Locators and the mouse"), as written there.
import { join } from 'node:path';
import { expect, test } from '../../src/vitest/index.js';

const menu = join(import.meta.dirname, '../../fixtures/menu.mjs');

test.override({ tmuxOptions: { command: ['node', menu], cols: 40, rows: 12 } });

test('finds the menu items by text', async ({ tmuxApp }) => {
  const items = tmuxApp.region({ row: 3, rows: 5 }); // the menu's five rows
  await expect(items.getByText('Settings')).toBeVisible(); // waits until the app draws it
  expect(await items.getByText('Settings').boundingBox()).toEqual({ row: 5, col: 4, rows: 1, cols: 8 });

  await tmuxApp.press('Down', 'Enter');
  const save = tmuxApp.getByText('Save'); // the item, and now the status line too
  await expect(save).toHaveCount(2);
  await expect(save.last()).toHaveText('Save'); // save.text() alone would throw StrictModeError
  await expect(tmuxApp.getByText(/^Selected: \w+/)).toHaveText('Selected: Save');
  expect(await items.getByText('Save').text()).toBe('Save'); // one match inside the menu
});
