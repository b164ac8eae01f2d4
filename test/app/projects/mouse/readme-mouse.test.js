// The example of docs/guide/locators.md's "The mouse", as written (test/app/mouse.test.ts checks the copy).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test('mc: a click selects a file, a click on File opens its menu', async ({ tmuxApp, onTestFinished }) => {
  const dir = await mkdtemp(join(tmpdir(), 'mc-'));
  onTestFinished(() => rm(dir, { recursive: true }));
  await writeFile(join(dir, 'beta.txt'), 'b\n');
  await tmuxApp.start({ command: ['mc', '--nosubshell'], cwd: dir, env: { HOME: dir, TMPDIR: dir } });

  const leftPanel = tmuxApp.region({ cols: 40 }); // both panels list the folder
  await leftPanel.getByText('beta.txt').click(); // a left press + release on its centre cell
  await expect(tmuxApp).toShowText(/^│ beta\.txt +││/); // mc's mini-status names it

  await tmuxApp.region({ rows: 1 }).getByText('File').click(); // the top bar's File
  await expect(tmuxApp).toShowText('Filtered view'); // its menu is open
  await tmuxApp.mouse.click(0, 23); // by cell: col 0, row 23, outside the menu, which closes it
  await expect(tmuxApp.getByText('Filtered view')).not.toBeVisible();
});
