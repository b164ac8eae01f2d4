// The README's terminal-state examples ("Asserting terminal state"), as written there.
import { join } from 'node:path';
import { expect, test } from '../../src/vitest/index.js';

const fixtures = join(import.meta.dirname, '../../fixtures');

test('colours and styles of what an app printed', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', join(fixtures, 'sgr.sh')], cols: 60, rows: 5 });
  const orange = tmuxApp.getByText('orange');
  await expect(orange).toHaveFgColor(208); // waits until the app draws it
  await expect(orange).toHaveFgColor('#ff8700'); // palette 208 as drawn
  await expect(orange).not.toHaveFgColor('#ff8700', { raw: true }); // stored as palette 208, not RGB
  await expect(tmuxApp.getByText('bluebg')).toHaveBgColor([0x34, 0x65, 0xa4]); // palette 4 in the dark theme
  await expect(tmuxApp.getByText('curly')).toHaveStyle({ underline: 'curly', bold: false });
  await expect(tmuxApp.region({ row: 0, col: 0, rows: 1, cols: 1 })).toHaveFgColor(1); // one cell
});

test('vim shows a bar cursor while inserting', async ({ tmuxApp }) => {
  // t_SI and t_EI: the DECSCUSR sequences vim sends entering and leaving insert mode
  await tmuxApp.start({ command: ['vim', '-n', '-N', '-u', 'NONE', '-i', 'NONE', '-c', 'let &t_SI = "\\e[6 q" | let &t_EI = "\\e[2 q"'] });
  await expect(tmuxApp).toBeInMode('alternateScreen');
  await tmuxApp.press('i');
  await expect(tmuxApp).toHaveCursor({ shape: 'bar', blinking: false });
  await tmuxApp.type('hi');
  await expect(tmuxApp).toHaveCursorAt({ col: 2, row: 0 });
  await tmuxApp.press('Escape');
  await expect(tmuxApp).toHaveCursor({ shape: 'block' });
});

test('the title and modes an app sets', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', join(fixtures, 'modes.sh')], cols: 30, rows: 4 });
  await expect(tmuxApp).toHaveTitle('modes demo'); // OSC 2
  await expect(tmuxApp).toBeInMode('bracketedPaste');
  await expect(tmuxApp).toBeInMode('mouseTracking');
  await tmuxApp.type('ok');
  await tmuxApp.press('Enter'); // modes.sh turns them off after a line
  await expect(tmuxApp).not.toBeInMode('mouseTracking');
  await expect(tmuxApp).toHaveTitle(/^done$/);
  const { title, modes, cursor } = tmuxApp.screen(); // the same state, read once
  expect([title, modes.bracketedPaste, cursor.shape]).toEqual(['done', false, 'block']);
});

test('what an app tells the terminal', async ({ tmuxApp }) => {
  const link = '\\033]8;;https://example.com/docs\\033\\\\docs\\033]8;;\\033\\\\';
  const told = '\\a\\033]52;c;aGVsbG8=\\a\\033]9;Build finished\\a\\033]777;notify;Tests;3 passed\\a';
  await tmuxApp.start({ command: ['printf', `see ${link} or help${told}`], cols: 30, rows: 3 });
  await expect.poll(() => tmuxApp.bells).toBe(1); // the BELs that end OSC strings are not bells
  expect(tmuxApp.clipboardWrites).toEqual([{ selection: 'c', text: 'hello' }]);
  expect(tmuxApp.notifications).toEqual([
    { title: '', body: 'Build finished' },
    { title: 'Tests', body: '3 passed' },
  ]);
  expect(await tmuxApp.getByText('docs').link()).toBe('https://example.com/docs');
  expect(await tmuxApp.getByText('help').link()).toBeNull();
  await expect(tmuxApp.getByText('docs')).toHaveLink(/^https:\/\/example\.com\//);
  await expect(tmuxApp).toHaveClipboardText('hello');
  await expect(tmuxApp).toHaveRungBell({ times: 1 });
});
