// The "Write tests" example of termless's README, translated: docs/guide/migrating.md shows it
// (test/docs/migrating-copies.test.ts checks that it is this code).
import { expect, test } from '../../src/vitest/index.js';

const steps = 'Step 1: install\\r\\nStep 2: \\033[38;2;0;255;0mbuild ok\\033[0m\\r\\nStep 3: \\033[1mtest\\033[0m\\r\\nStep 4: deploy';
const title = '\\033]2;Build Pipeline\\007';

test.override({ tmuxOptions: { command: ['sh', '-c', `printf '${steps}${title}'; exec cat`], cols: 40, rows: 3 } });

test("inspect what string matching can't see", async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText('deploy');
  await expect(tmuxApp).toShowText('install', { scrollback: true });
  await expect(tmuxApp.region({ row: 0, rows: 1 })).toHaveText('Step 2: build ok');
  await expect(tmuxApp.region({ row: 0, col: 8, rows: 1, cols: 1 })).toHaveFgColor('#00ff00');
  await expect(tmuxApp.region({ row: 1, col: 8, rows: 1, cols: 1 })).toHaveStyle({ bold: true });
  await expect(tmuxApp).toHaveTitle('Build Pipeline');
  await expect(tmuxApp).toHaveCursorAt({ col: 14, row: 2 });
  await expect(tmuxApp).toBeInMode('autoWrap');
  await expect(tmuxApp).not.toBeInMode('alternateScreen');
  await tmuxApp.resize(20, 3);
  await expect(tmuxApp).toShowText('deploy');
});
