// The terminal-state matchers on real apps: passing uses first, then one failure of each kind,
// whose messages test/vitest/state-matchers.test.ts checks whole.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const fixture = (name) => join(process.env.TMUX_SHOT_REPO, 'fixtures', name);
const sgr = ['sh', fixture('sgr.sh')];
const modes = ['sh', fixture('modes.sh')];
const ls = ['sh', '-c', 'ls --color=always lsdemo; exec sleep 600'];
const vim = ['vim', '-u', 'vimrc', '-N', '-i', 'NONE', 'demo.sh'];

test('ls --color: a directory is bold blue, a file the default colour', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ls, cols: 30, rows: 3 });
  const dir = tmuxApp.getByText('dir');
  // Bold blue (palette 4) is drawn bright blue (palette 12, boldIsBright); raw, it is stored as 4.
  await expect(dir).toHaveFgColor(12);
  await expect(dir).toHaveFgColor('#729fcf');
  await expect(dir).toHaveFgColor([0x72, 0x9f, 0xcf]);
  await expect(dir).not.toHaveFgColor(4);
  await expect(dir).toHaveFgColor(4, { raw: true });
  await expect(dir).not.toHaveFgColor('#729fcf', { raw: true });
  await expect(dir).toHaveStyle({ bold: true, italic: false, underline: false });
  await expect(tmuxApp.getByText('file.txt')).toHaveFgColor('default');
  await expect(tmuxApp.getByText('file.txt')).toHaveFgColor('#ffffff');
  await expect(tmuxApp.getByText('file.txt')).not.toHaveStyle({ bold: true });
});

test('vim: syntax colours of a shell script, and the cursor shape in insert and normal mode', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: vim, cols: 40, rows: 6 });
  await expect(tmuxApp.getByText('# a comment')).toHaveFgColor(14);
  await expect(tmuxApp.getByText('echo')).toHaveFgColor(11);
  await expect(tmuxApp.getByText('hi')).toHaveFgColor(13);
  await expect(tmuxApp).toBeInMode('alternateScreen');
  await expect(tmuxApp).toBeInMode('bracketedPaste');
  await expect(tmuxApp).toHaveCursor({ visible: true, shape: 'block', blinking: false });
  await expect(tmuxApp).toHaveCursorAt({ col: 0, row: 0 });
  await tmuxApp.press('i');
  await expect(tmuxApp).toHaveCursor({ shape: 'bar', blinking: false });
  await tmuxApp.press('Escape');
  await expect(tmuxApp).toHaveCursor({ shape: 'block' });
  await tmuxApp.press('j', '$');
  await expect(tmuxApp).toHaveCursorAt({ col: 8, row: 1 });
  await tmuxApp.type(':q!');
  await tmuxApp.press('Enter');
  await tmuxApp.waitForExit();
  await expect(tmuxApp).not.toBeInMode('alternateScreen');
});

test('htop: meter labels, brackets, tabs and the function bar', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['htop'], cols: 80, rows: 12 });
  await expect(tmuxApp.getByText('Mem')).toHaveFgColor(6);
  await expect(tmuxApp.getByText('Mem[')).toHaveStyle({ inverse: false });
  await expect(tmuxApp.region({ row: 3, col: 5, rows: 1, cols: 1 })).toHaveStyle({ bold: true });
  await expect(tmuxApp.getByText('Main')).toHaveFgColor(0);
  await expect(tmuxApp.getByText('[Main]')).toHaveBgColor(2);
  await expect(tmuxApp.getByText('[I/O]')).toHaveBgColor('#3465a4');
  await expect(tmuxApp.getByText('Help')).toHaveBgColor(6);
  await expect(tmuxApp.getByText('F1').first()).toHaveBgColor('default');
  await expect(tmuxApp).toBeInMode('mouseTracking');
  await expect(tmuxApp).toBeInMode('alternateScreen');
});

test('every SGR colour form and attribute', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  const at = (text) => tmuxApp.getByText(text, { exact: true });
  await expect(at('red')).toHaveFgColor(1);
  await expect(at('red')).toHaveFgColor('#cc0000');
  await expect(at('orange')).toHaveFgColor(208);
  await expect(at('orange')).toHaveFgColor('#ff8700');
  await expect(at('orange')).not.toHaveFgColor('#ff8700', { raw: true });
  await expect(at('rgb')).toHaveFgColor([1, 2, 3]);
  await expect(at('rgb')).toHaveFgColor('#010203', { raw: true });
  await expect(at('bluebg')).toHaveBgColor(4);
  await expect(at('plain')).toHaveBgColor('default');
  await expect(at('plain')).toHaveBgColor('#000000');
  for (const style of ['bold', 'dim', 'italic', 'inverse', 'blink']) await expect(at(style)).toHaveStyle({ [style]: true });
  await expect(at('strike')).toHaveStyle({ strikethrough: true });
  await expect(at('over')).toHaveStyle({ overline: true, bold: false });
  await expect(tmuxApp.region({ row: 1, col: 42, cols: 6, rows: 1 })).toHaveStyle({ invisible: true });
  for (const style of ['single', 'double', 'curly', 'dotted', 'dashed']) await expect(at(style)).toHaveStyle({ underline: style });
  await expect(at('dbl21')).toHaveStyle({ underline: 'double' });
  await expect(at('curly')).toHaveStyle({ underline: true, underlineColor: 'default' });
  await expect(at('ul9')).toHaveStyle({ underline: 'single', underlineColor: 9 });
  await expect(at('ulrgb')).toHaveStyle({ underlineColor: '#ff0000' });
  await expect(at('ul59')).toHaveStyle({ underlineColor: 'default' });
  // Inverse and dim as drawn: fg and bg swap (#3465a4 on #cc0000), then the fg goes half-way to the bg (#803352).
  await expect(at('invdim')).toHaveBgColor('#cc0000');
  await expect(at('invdim')).toHaveFgColor('#803352');
  await expect(at('invdim')).toHaveFgColor(1, { raw: true });
  await expect(at('invdim')).toHaveBgColor(4, { raw: true });
  await expect(at('strong')).toHaveFgColor(9);
  await expect(at('strong')).toHaveFgColor(1, { raw: true });
  await expect(at('strong')).toHaveStyle({ bold: true });
  // An inverse run of default colours, spaces included: drawn on the theme's foreground.
  const padded = tmuxApp.region({ row: 4, col: 14, rows: 1, cols: 8 });
  await expect(padded).toHaveBgColor('default', { raw: true });
  await expect(padded).toHaveBgColor('#ffffff');
  await expect(padded).toHaveFgColor('#000000');
});

test('a light theme resolves default colours to its own', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5, theme: 'light' });
  await expect(tmuxApp.getByText('plain')).toHaveFgColor('#2e3436');
  await expect(tmuxApp.getByText('plain')).toHaveBgColor('#ffffff');
  await expect(tmuxApp.getByText('plain')).toHaveFgColor('default');
});

test('less: the alternate screen while it runs, the main one after q', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', '-c', 'less vimrc; echo back; exec sleep 600'], cols: 40, rows: 6 });
  await expect(tmuxApp).toBeInMode('alternateScreen');
  await tmuxApp.press('q');
  await expect(tmuxApp).not.toBeInMode('alternateScreen');
  await expect(tmuxApp.screen()).not.toBeInMode('alternateScreen');
  await expect(tmuxApp).toShowText('back');
});

test('title, bracketed paste, mouse and focus modes, and the bar cursor of a printf app', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await expect(tmuxApp).toHaveTitle('modes demo');
  await expect(tmuxApp).toHaveTitle(/^modes/);
  for (const mode of ['bracketedPaste', 'mouseTracking', 'focusEvents', 'autoWrap']) await expect(tmuxApp).toBeInMode(mode);
  await expect(tmuxApp).not.toBeInMode('alternateScreen');
  await expect(tmuxApp).toHaveCursor({ shape: 'bar', blinking: false });
  await expect(tmuxApp).toHaveCursorAt({ col: 0, row: 1 });
  const snapshot = tmuxApp.screen();
  expect([snapshot.title, snapshot.modes.mouseTracking, snapshot.cursor.shape]).toEqual(['modes demo', true, 'bar']);
  await tmuxApp.type('ok');
  await tmuxApp.press('Enter');
  await expect(tmuxApp).toHaveTitle('done');
  for (const mode of ['bracketedPaste', 'mouseTracking', 'focusEvents']) await expect(tmuxApp).not.toBeInMode(mode);
  await expect(tmuxApp).toHaveCursor({ shape: 'block' });
  // The app writes its last line after the modes (a second printf): wait for it before reading
  // a fixed snapshot, which cannot wait (a CI run under load read the screen in between).
  await expect(tmuxApp).toShowText('modes off after ok');
  await expect(tmuxApp.screen()).toHaveCursorAt({ col: 0, row: 3 });
});

// Failures, checked by state-matchers.test.ts.

test('fg fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ls, cols: 30, rows: 3 });
  await expect(tmuxApp.getByText('dir')).toHaveFgColor('#00cd00', { timeout: 200 });
});

test('raw fg fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  await expect(tmuxApp.getByText('orange')).toHaveFgColor('#ff8700', { raw: true, timeout: 200 });
});

test('not bg fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  await expect(tmuxApp.getByText('bluebg')).not.toHaveBgColor(4, { timeout: 200 });
});

test('style fails with more cells than listed', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  await expect(tmuxApp.getByText('italic')).toHaveStyle({ bold: true, italic: true }, { timeout: 200 });
});

test('fg of blank cells fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  await expect(tmuxApp.region({ row: 4, col: 40, cols: 3, rows: 1 })).toHaveFgColor('default', { timeout: 200 });
});

test('fg on the whole app fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  await expect(tmuxApp).toHaveFgColor(1);
});

test('a bad colour fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: sgr, cols: 60, rows: 5 });
  await expect(tmuxApp.getByText('red')).toHaveFgColor(256);
});

test('cursor position fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await expect(tmuxApp).toHaveCursorAt({ col: 3, row: 0 }, { timeout: 200 });
});

test('cursor shape fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await expect(tmuxApp).toHaveCursor({ shape: 'underline', blinking: true }, { timeout: 200 });
});

test('not title fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await expect(tmuxApp).not.toHaveTitle(/demo/, { timeout: 200 });
});

test('mode fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await expect(tmuxApp).toBeInMode('alternateScreen', { timeout: 200 });
});

test('a snapshot fails at once', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await tmuxApp.waitForText('modes on');
  await expect(tmuxApp.screen()).toBeInMode('insertMode');
});

test('an unknown mode fails', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await expect(tmuxApp).toBeInMode('mouse');
});

test('a title after the app exited fails at once', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', '-c', "printf '\\033]2;gone\\007bye'; sleep 0.2"], cols: 20, rows: 2 });
  await tmuxApp.waitForExit();
  await expect(tmuxApp).toHaveTitle('other', { timeout: 60_000 });
});

test('a title of a closed app fails at once', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', '-c', "printf '\\033]2;gone\\007bye'; exec sleep 30"], cols: 20, rows: 2 });
  await tmuxApp.waitForText('bye');
  await tmuxApp.close();
  await expect(tmuxApp).toHaveTitle('other', { timeout: 60_000 });
});

test('a colour on a closed app fails at once', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: ['sh', '-c', 'echo bye; exec sleep 30'], cols: 20, rows: 2 });
  await tmuxApp.waitForText('bye');
  await tmuxApp.close();
  await expect(tmuxApp.getByText('bye')).toHaveFgColor(1, { timeout: 60_000 });
});

test('a cursor matcher on a snapshot without await fails its own test', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: modes, cols: 30, rows: 4 });
  await tmuxApp.waitForText('modes on');
  expect(tmuxApp.screen()).toHaveCursorAt({ col: 9, row: 3 });
});
