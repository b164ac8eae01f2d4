// What apps tell the terminal, through real tmux: bells, OSC 52 clipboard writes, OSC 9 / 777
// notifications, and OSC 8 links on a locator's cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(async () => server.dispose());

/** A python3 app that writes `output` (a Python string literal's body) raw, then exits. */
const writes = (output: string) => ['python3', '-c', `import sys; sys.stdout.write("${output}"); sys.stdout.flush()`];

describe('TmuxApp: what apps tell the terminal', () => {
  it('counts the bells an app rings, not the BEL that ends its title', async () => {
    const app = await TmuxApp.start({ command: writes('ding\\a\\x1b]2;t\\a dong\\a\\a'), server, cols: 20, rows: 3 });
    await app.waitForExit();
    expect(app.text().split('\n')[0]).toBe('ding dong');
    expect(app.bells).toBe(3);
    await app.close();
    expect(app.bells).toBe(3); // still readable after close()
  });

  it('decodes OSC 52 clipboard writes with their selection, and leaves the query out', async () => {
    const app = await TmuxApp.start({
      command: writes('copied\\x1b]52;c;aGVsbG8gd29ybGQ=\\a\\x1b]52;c;?\\a\\x1b]52;p;w6l0w6k=\\x1b\\\\'),
      server,
      cols: 20,
      rows: 3,
    });
    await app.waitForExit();
    expect(app.clipboardWrites).toEqual([
      { selection: 'c', text: 'hello world' },
      { selection: 'p', text: 'été' },
    ]);
    await app.close();
  });

  it('takes OSC 9 and OSC 777 notifications, and not OSC 9;4 progress', async () => {
    const app = await TmuxApp.start({
      command: writes('n\\x1b]9;4;1;50\\a\\x1b]9;Build finished\\a\\x1b]777;notify;Tests;3 passed; 0 failed\\x1b\\\\'),
      server,
      cols: 20,
      rows: 3,
    });
    await app.waitForExit();
    expect(app.notifications).toEqual([
      { title: '', body: 'Build finished' },
      { title: 'Tests', body: '3 passed; 0 failed' },
    ]);
    await app.close();
  });

  it('gives a locator the OSC 8 link of its text, and null for text in none', async () => {
    const app = await TmuxApp.start({
      command: writes('see \\x1b]8;id=d1;https://example.com/docs\\x1b\\\\docs\\x1b]8;;\\x1b\\\\ or help\\n'),
      server,
      cols: 30,
      rows: 3,
    });
    await app.waitForExit();
    expect(await app.getByText('docs').link()).toBe('https://example.com/docs');
    expect(await app.getByText('see docs').link()).toBe('https://example.com/docs');
    expect(await app.getByText('help').link()).toBeNull();
    expect(app.screen().cells[0]?.[4]?.link).toBe('https://example.com/docs');
    await app.close();
  });

  it('counts a bell rung in answer to a key', async () => {
    const ringsOnKey =
      'import sys,tty; tty.setraw(0); print("ready", end="\\r\\n", flush=True); sys.stdin.read(1); sys.stdout.write("\\a!"); sys.stdout.flush(); sys.stdin.read(1)';
    await using app = await TmuxApp.start({ command: ['python3', '-c', ringsOnKey], server, cols: 20, rows: 3 });
    expect(app.bells).toBe(0);
    await app.press('x');
    await app.waitForText('!');
    expect(app.bells).toBe(1);
  });
});
