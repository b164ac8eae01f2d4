// tmux-shot's fixtures added to a `test` of one's own, and its matchers on Vitest's own `expect`.
import { join } from 'node:path';
import { expect, test as base } from 'vitest';
import { tmuxShotFixtures } from '../../src/vitest/index.js';
import type { TmuxShotFixtures } from '../../src/vitest/index.js';

const test = base.extend<{ menuPath: string }>({ menuPath: join(import.meta.dirname, '../../fixtures/menu.mjs') }).extend<TmuxShotFixtures>(tmuxShotFixtures);

test('runs an app with fixtures composed into another test', async ({ tmuxApp, menuPath }) => {
  await tmuxApp.start({ command: ['node', menuPath], cols: 40, rows: 12 });
  await expect(tmuxApp).toShowText('Quit');
  await tmuxApp.press('j');
  await expect(tmuxApp).toShowText('> Save');
});
