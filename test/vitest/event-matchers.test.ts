// toHaveRungBell, toHaveClipboardText and toHaveLink on real apps through tmux, each failure's message checked whole.
import { afterAll, beforeAll, describe } from 'vitest';
import { ConfigError, TmuxShotError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { expect, test } from '../../src/vitest/index.js';

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(async () => server.dispose());

/** An app that writes `before`, then after each key `after[i]` (Python string literal bodies), raw. */
function keyed(before: string, ...after: string[]) {
  const steps = [`w("${before}")`, ...after.map((bytes) => `sys.stdin.read(1); w("${bytes}")`), 'sys.stdin.read(1)'].join('; ');
  return ['python3', '-c', `import sys, tty; tty.setraw(0)\ndef w(s): sys.stdout.write(s); sys.stdout.flush()\n${steps}`];
}

describe('toHaveRungBell', () => {
  test('waits for the bell a key rings, and counts exactly with { times }', async () => {
    await using app = await TmuxApp.start({ command: keyed('ready', '\\a', '\\a\\x1b]2;t\\a'), server, cols: 20, rows: 3 });
    await expect(app).not.toHaveRungBell();
    await app.press('x');
    await expect(app).toHaveRungBell();
    await app.press('x');
    await expect(app).toHaveRungBell({ times: 2 }); // the BEL ending the title is no bell
    expect(app.bells).toBe(2);
  });

  test('says how many bells it heard', async () => {
    await using app = await TmuxApp.start({ command: keyed('ready\\a'), server, cols: 20, rows: 3 });
    await expect(expect(app).toHaveRungBell({ times: 2, timeout: 300 })).rejects.toThrow(
      'expect(tmuxApp).toHaveRungBell({ times: 2 })\n\nExpected the app to have rung the bell 2 times within 300 ms, but it rang 1 bell.',
    );
    await expect(expect(app).not.toHaveRungBell({ timeout: 300 })).rejects.toThrow(
      'expect(tmuxApp).not.toHaveRungBell()\n\nExpected the app not to have rung the bell within 300 ms, but it rang 1 bell.',
    );
  });

  test('refuses a bad times and a snapshot', async () => {
    await using app = await TmuxApp.start({ command: keyed('ready'), server, cols: 20, rows: 3 });
    expect(() => expect(app).toHaveRungBell({ times: -1 })).toThrow(
      new ConfigError('toHaveRungBell() takes { times } as a whole number of bells from 0; got -1.'),
    );
    await expect(() => expect(app.screen()).toHaveRungBell()).rejects.toThrow(
      new TmuxShotError(
        'expect(screen).toHaveRungBell()\n\nExpected tmuxApp or a TmuxApp, but received a screen snapshot, which holds no bells or clipboard writes.',
      ),
    );
  });
});

describe('toHaveClipboardText', () => {
  test('waits for the latest write, and says what the clipboard holds', async () => {
    const copy = (text: string) => `\\x1b]52;c;${Buffer.from(text).toString('base64')}\\a`;
    await using app = await TmuxApp.start({ command: keyed('ready', copy('first'), copy('second line')), server, cols: 20, rows: 3 });
    await expect(expect(app).toHaveClipboardText('first', { timeout: 300 })).rejects.toThrow(
      "expect(tmuxApp).toHaveClipboardText('first')\n\nExpected the clipboard text to be 'first' within 300 ms, but the app wrote none (OSC 52).",
    );
    await app.press('x');
    await expect(app).toHaveClipboardText('first');
    await app.press('x');
    await expect(app).toHaveClipboardText(/^second/);
    await expect(expect(app).toHaveClipboardText('first', { timeout: 300 })).rejects.toThrow(
      "expect(tmuxApp).toHaveClipboardText('first')\n\nExpected the clipboard text to be 'first' within 300 ms, but it is 'second line', the latest of 2 writes.",
    );
  });
});

describe('toHaveLink', () => {
  test('passes on linked text, and lists the cells outside the link', async () => {
    const linked = 'see \\x1b]8;;https://example.com/docs\\x1b\\\\docs\\x1b]8;;\\x1b\\\\ here';
    await using app = await TmuxApp.start({ command: keyed(linked), server, cols: 20, rows: 3 });
    await expect(app.getByText('docs')).toHaveLink('https://example.com/docs');
    await expect(app.getByText('docs')).toHaveLink(/example\.com/);
    await expect(app.getByText('see')).not.toHaveLink(/./);
    await expect(expect(app.getByText('docs h')).toHaveLink('https://example.com/docs', { timeout: 300 })).rejects.toThrow(
      [
        "expect(locator).toHaveLink('https://example.com/docs')",
        '',
        "Locator: getByText('docs h')",
        "Expected its match at row 0 col 4 to have link 'https://example.com/docs' on all its cells within 300 ms, but 2 of 6 do not:",
        'row 0 col 8: no link',
        'row 0 col 9: no link',
        '^ marks its matches.',
        '',
        'Screen:',
        '  0 │ see docs here',
        '    │     ^^^^^^',
        '      (rows 1-2 blank)',
      ].join('\n'),
    );
  });
});
