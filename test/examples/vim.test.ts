// A real editor: type into vim, save, and check both the screen and the file on disk.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { expect, test } from '../../src/vitest/index.js';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'tmux-shot-vim-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

// No swap file, vimrc, viminfo or plugins: the same screen on every machine, and nothing left behind.
const vim = ['vim', '-n', '-u', 'NONE', '-i', 'NONE', '-N', '--noplugin', 'notes.txt'];

test('writes a file in vim', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: vim, cwd: dir, cols: 50, rows: 10 });
  await expect(tmuxApp).toShowText('"notes.txt" [New]');
  await tmuxApp.type('iHello from tmux-shot');
  await tmuxApp.press('Escape');
  await tmuxApp.type(':w\n');
  await expect(tmuxApp).toShowText(/"notes.txt" \[New\] 1L, 21B written/);
  await expect(tmuxApp).toMatchScreenshot('saved');
  expect(await readFile(join(dir, 'notes.txt'), 'utf8')).toBe('Hello from tmux-shot\n');
});

// The README's advice: closing vim with unsaved changes (as close() and the teardown do) leaves
// .notes.txt.swp without -n, and the next vim on the file stops at E325: ATTENTION.
test('leaves no swap file when closed with unsaved changes', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: vim, cwd: dir, cols: 50, rows: 10 });
  await tmuxApp.type('iunsaved');
  await expect(tmuxApp).toShowText('unsaved');
  await tmuxApp.close();
  expect((await readdir(dir)).filter((name) => name.endsWith('.swp'))).toEqual([]);
});
