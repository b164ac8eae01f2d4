// The README's "Text on the screen" and "When the app exits" paragraphs, run as written: text
// waits look at one row at a time, so a shell's echoed command line matches a plain wait for the
// command's output; a curses app's last screen is gone once it leaves the alternate screen.
import { describe, expect, test } from '../../src/vitest/index.js';

describe('a shell', () => {
  test.override({ tmuxOptions: { command: ['bash', '--norc', '--noprofile'], cols: 40, rows: 6 } });

  test('a plain wait for the output finds the echoed command line; an anchored RegExp finds the output row', async ({ tmuxApp }) => {
    await tmuxApp.type('sleep 1; echo hello\n');
    expect(await tmuxApp.waitForText('hello')).toMatchObject({ row: 0, text: 'hello' });
    await expect(tmuxApp).toShowText(/^hello$/);
    expect(await tmuxApp.waitForText(/^hello$/m)).toEqual({ row: 1, col: 0, cols: 5, text: 'hello' });
    // Rows are matched one by one: a pattern across the two rows is never found.
    await expect(tmuxApp).not.toShowText(/echo hello\nhello/);
    expect(tmuxApp.text().split('\n').slice(1, 2)).toEqual(['hello']);
  });
});

describe('a curses app', () => {
  const app = [
    'import curses',
    'def main(screen):',
    '    screen.addstr(0, 0, "Hello from curses, q quits")',
    '    while screen.getkey() != "q": pass',
    'curses.wrapper(main)',
  ].join('\n');
  test.override({ tmuxOptions: { command: ['python3', '-c', app], cols: 40, rows: 6 } });

  test('leaves a blank screen when it exits: read it before the key that quits', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Hello from curses');
    expect(tmuxApp.screen().alternateScreen).toBe(true);
    await tmuxApp.press('q');
    expect(await tmuxApp.waitForExit()).toEqual({ exitCode: 0, signal: null });
    expect(tmuxApp.screen().alternateScreen).toBe(false);
    expect(tmuxApp.text()).toBe('\n'.repeat(5));
  });
});
