// The example of README.md's "The mouse", as written (test/app/mouse.test.ts checks the copy).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test('mc: a click selects a file, a click on File opens its menu', async ({ tmuxApp, onTestFinished }) => {
  const dir = await mkdtemp(join(tmpdir(), 'mc-'));
  onTestFinished(() => rm(dir, { recursive: true }));
  await writeFile(join(dir, 'beta.txt'), 'b\n');
  await tmuxApp.start({ command: ['mc', '--nosubshell'], cwd: dir, env: { HOME: dir, TMPDIR: dir } });

  const beta = await tmuxApp.waitForText(' beta.txt'); // where it is, in cells
  await tmuxApp.mouse.click(beta.col + 2, beta.row); // left press + release on it
  await expect(tmuxApp).toShowText(/^│ beta\.txt +││/); // mc's mini-status names it

  const file = await tmuxApp.waitForText('File'); // the top bar, row 0
  await tmuxApp.mouse.click(file.col, file.row);
  await expect(tmuxApp).toShowText('Filtered view'); // its menu is open
});
