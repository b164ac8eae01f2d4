// The example the README shows: drive the menu fixture with keys, wait for text, compare a
// screenshot with the committed baseline in __screenshots__/menu.test.ts/.
import { join } from 'node:path';
import { describe, expect, test } from '../../src/vitest/index.js';

const menu = join(import.meta.dirname, '../../fixtures/menu.mjs');

test.override({ tmuxOptions: { command: ['node', menu], cols: 60, rows: 16 } });

test('opens the menu', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await expect(tmuxApp).toMatchScreenshot('menu');
});

test('selects an item with the keyboard', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await tmuxApp.press('Down', 'Down', 'Enter');
  await expect(tmuxApp).toShowText('Selected: Settings');
  await expect(tmuxApp).toMatchScreenshot('settings selected');
});

describe('in the light theme', () => {
  test.override({ tmuxOptions: { command: ['node', menu], cols: 60, rows: 16, theme: 'light' } });

  test('draws the same menu in light colours', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    await expect(tmuxApp).toMatchScreenshot('menu light');
  });
});

test('quits with q', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('Quit');
  await tmuxApp.press('q');
  await expect(tmuxApp.waitForExit()).resolves.toMatchObject({ exitCode: 0 });
});
