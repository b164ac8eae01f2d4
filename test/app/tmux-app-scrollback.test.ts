/** `screen({ scrollback: true })`, `text({ scrollback: true })`, `waitForText(…, { scrollback: true })` and `start`'s `scrollback` on real apps. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppExitedError, ConfigError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

let server: TmuxServer;
let scratch: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-scrollback-test-'));
});
afterAll(async () => {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** The numbers `from`…`to` as text lines. */
function numbers(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/**
 * `seq 1 5000`, then `end` on the cursor's row, then `cat` keeps the app running: tmux 3.3a can
 * lose the last output of an app that exits the instant after writing it on a loaded machine
 * (README, Quick exits under load; seen here in a full run), and `end` is the last byte, so once
 * it shows, all is drawn.
 */
const SEQ = ['sh', '-c', 'seq 1 5000; printf end; exec cat'];

describe('seq 1 5000 on an 80x24 screen', () => {
  it('keeps the last 1000 lines above the screen by default (SCREEN.scrollback); older ones are gone', async () => {
    await using app = await TmuxApp.start({ command: SEQ, server });
    await app.waitForText('end');
    const buffer = app.screen({ scrollback: true });
    // 5000 lines and `end`, where the cursor stands: 24 on the screen, 1000 above it.
    expect([buffer.rows, buffer.viewportTop, buffer.cursor]).toEqual([1024, 1000, { col: 3, row: 1023, visible: true, shape: 'block', blinking: false }]);
    expect(app.text({ scrollback: true })).toBe([...numbers(3978, 5000), 'end'].join('\n'));
    expect(app.text()).toBe([...numbers(4978, 5000), 'end'].join('\n'));
    expect(app.screen().rows).toBe(24);
  });

  it('keeps as many lines as the scrollback option says', async () => {
    await using app = await TmuxApp.start({ command: SEQ, server, scrollback: 10 });
    await app.waitForText('end');
    expect(app.text({ scrollback: true })).toBe([...numbers(4968, 5000), 'end'].join('\n'));
    expect(app.screen({ scrollback: true }).viewportTop).toBe(10);
  });

  it('keeps none with scrollback 0', async () => {
    await using app = await TmuxApp.start({ command: SEQ, server, scrollback: 0 });
    await app.waitForText('end');
    expect([app.text({ scrollback: true }), app.screen({ scrollback: true }).viewportTop]).toEqual([app.text(), 0]);
  });

  it('waitForText finds a line that scrolled off with scrollback, at its row in the buffer; without, the exited app fails at once', async () => {
    // The app lingers 0.2 s after its last output, so that tmux keeps all of it (see SEQ).
    await using app = await TmuxApp.start({ command: ['sh', '-c', 'seq 1 5000; printf end; sleep 0.2'], server });
    await app.waitForText('end');
    await app.waitForExit();
    await expect(app.waitForText('4000', { scrollback: true })).resolves.toEqual({ row: 22, col: 0, cols: 4, text: '4000' });
    await expect(app.waitForText('4000', { timeout: 5000 })).rejects.toThrow(AppExitedError);
  });

  it('keeps the whole buffer readable after close()', async () => {
    const app = await TmuxApp.start({ command: SEQ, server, scrollback: 10 });
    await app.waitForText('end');
    await app.close();
    expect(app.text({ scrollback: true })).toBe([...numbers(4968, 5000), 'end'].join('\n'));
    expect(app.text()).toBe([...numbers(4978, 5000), 'end'].join('\n'));
    expect([app.screen().rows, app.screen().cursor, 'viewportTop' in app.screen()]).toEqual([
      24,
      { col: 3, row: 23, visible: true, shape: 'block', blinking: false },
      false,
    ]);
  });
});

it('less on the alternate screen adds nothing to the scrollback, and has none of its own', async () => {
  const file = join(scratch, 'pages.txt');
  await writeFile(
    file,
    numbers(1, 200)
      .map((n) => `page line ${n}\n`)
      .join(''),
  );
  const script = 'seq 1 30; less "$1"; echo after-less; exec cat';
  await using app = await TmuxApp.start({ command: ['sh', '-c', script, 'sh', file], server, cols: 40, rows: 10 });
  await app.waitForText('page line 9');
  await app.press('Space', 'Space', 'Space');
  await app.waitForText('page line 36');
  const alternate = app.screen({ scrollback: true });
  expect([alternate.alternateScreen, alternate.viewportTop, alternate.rows]).toEqual([true, 0, 10]);
  await app.press('q');
  await app.waitForText('after-less');
  expect(app.text({ scrollback: true })).toBe([...numbers(1, 30), 'after-less', ''].join('\n'));
});

it('a waitForText with scrollback that times out says the scrollback was searched too', async () => {
  await using app = await TmuxApp.start({ command: ['sh', '-c', 'seq 1 30; exec cat'], server, cols: 20, rows: 3 });
  await expect(app.waitForText('31', { scrollback: true, timeout: 100 })).rejects.toThrow(
    "Text '31' did not appear within 100 ms (the scrollback searched too).\n\nScreen:\n  0 │ 29\n  1 │ 30\n      (row 2 blank)",
  );
});

it('screen(), text() and waitForText() refuse a scrollback that is not a boolean, and other options', async () => {
  await using app = await TmuxApp.start({ command: ['seq', '1', '3'], server });
  expect(() => app.screen({ scrollback: 'yes' as never })).toThrow(new ConfigError("screen() scrollback must be true or false; got the string 'yes'."));
  expect(() => app.text({ scrolback: true } as never)).toThrow(new ConfigError("text() has no option 'scrolback'; it takes { scrollback }."));
  await expect(app.waitForText('1', { scrollback: 1 as never })).rejects.toThrow(new ConfigError('waitForText() scrollback must be true or false; got 1.'));
});

describe('a text with trailing blanks', () => {
  it("is waited for on bash's prompt '>   ': its blanks match the blank cells after the prompt; text() stays right-trimmed", async () => {
    const command = ['bash', '--norc', '--noprofile', '-i'];
    await using app = await TmuxApp.start({ command, server, env: { PS1: '>   ' }, cols: 40, rows: 5, ready: { text: '>   ' }, timeout: 3000 });
    await expect(app.waitForText('>   ', { timeout: 1000 })).resolves.toEqual({ row: 0, col: 0, cols: 4, text: '>   ' });
    expect(app.text()).toBe('>\n\n\n\n');
  });
});
