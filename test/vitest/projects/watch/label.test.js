// Two screenshots in one file: 'label' shows label.txt (the watch-mode test rewrites it between
// runs), 'fixed' always shows the same text.
import { join } from 'node:path';
import { describe, expect, test } from 'tmux-shot/vitest';

const show = (...args) => [process.execPath, join(import.meta.dirname, 'show.mjs'), ...args];

describe('label', () => {
  test.override({ tmuxOptions: { command: show('--file', join(import.meta.dirname, 'label.txt')), cols: 30, rows: 4 } });

  test('label', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Label:');
    await expect(tmuxApp).toMatchScreenshot();
  });
});

describe('fixed', () => {
  test.override({ tmuxOptions: { command: show('Fixed: same every run'), cols: 30, rows: 4 } });

  test('fixed', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Fixed:');
    await expect(tmuxApp).toMatchScreenshot();
  });
});
