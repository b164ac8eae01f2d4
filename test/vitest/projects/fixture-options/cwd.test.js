// Relative paths of the app start at the Vitest project root, whatever folder Vitest runs from
// (vitest --root, or a project's root): the command here, and a relative cwd.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const root = realpathSync(import.meta.dirname); // this file is at the project root

test.override({ tmuxOptions: { command: ['node', 'where.mjs'], cols: 200, rows: 3 } });

test('a relative command runs from the project root', async ({ tmuxApp }) => {
  await expect(tmuxApp).toShowText(`where: ${root}`);
});

test('a relative cwd is a folder of the project root', async ({ tmuxApp }) => {
  await tmuxApp.close();
  await tmuxApp.start({ command: ['node', '../where.mjs'], cwd: 'sub' });
  await expect(tmuxApp).toShowText(`where: ${join(root, 'sub')}`);
});
