import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import type { TmuxAppOptions } from '../../src/app/tmux-app.js';

// Keys as a keyboard sends them (issue 27): each key of press() and each grapheme of type() is a
// write of its own, sent once the app has read the one before; and start() hands the app over only
// once it reads keys. Real apps: a Python app that shows each read() as hex, a probe-then-raw
// Python app, Ink (ink-select-input, ink-text-input), @inquirer/prompts, @clack/prompts, and
// Debian's mc, vim, htop, micro and ptpython.
const APPS = resolve(import.meta.dirname, '../fixtures/tui-apps');
const PYTHON = '/usr/bin/python3'; // Debian's: a pyenv shim on PATH costs ≈ 100 ms a start
const READ_HEX = [PYTHON, join(APPS, 'read-hex.py')];
const PROBE_THEN_RAW = [PYTHON, join(APPS, 'probe-then-raw.py')];
const node = (file: string) => ['node', join(APPS, file)];
/** Node apps that import React and Ink start in 0.3–4 s here, depending on the load. */
const SLOW = { timeout: 20_000 };

let server: TmuxServer;
let home: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  home = await mkdtemp(join(tmpdir(), 'tmux-shot-keystrokes-'));
});
afterAll(async () => {
  await server.dispose();
  await rm(home, { recursive: true, force: true });
});

function start(options: TmuxAppOptions): Promise<TmuxApp> {
  return TmuxApp.start({ server, cols: 60, rows: 12, env: { HOME: home }, ...options });
}

/** The reads a read-hex app showed after its first line, as hex, once `count` are on the screen. */
async function reads(app: TmuxApp, count: number, ready = 'hex ready'): Promise<string[]> {
  const pattern = new RegExp(`${ready}[^]*${'\\nread [0-9a-f]+'.repeat(count)}`);
  await app.waitForText(/^read /);
  await expect.poll(() => pattern.test(app.text()), { timeout: 5000 }).toBe(true);
  await app.waitForStable({ quietMs: 100 });
  return app
    .text()
    .split('\n')
    .filter((line) => line.startsWith('read '))
    .map((line) => line.slice(5));
}

describe('press() and type(): one key per read()', () => {
  it("press('Down', 'Down', 'Enter') reaches the app as three reads", async () => {
    await using app = await start({ command: READ_HEX });
    await app.press('Down', 'Down', 'Enter');
    expect(await reads(app, 3)).toEqual(['1b5b42', '1b5b42', '0d']);
  });

  it("type('+++') reaches the app as three reads", async () => {
    await using app = await start({ command: READ_HEX });
    await app.type('+++');
    expect(await reads(app, 3)).toEqual(['2b', '2b', '2b']);
  });

  it('type() sends one keystroke per grapheme: é, 👍🏽 (emoji and skin tone), then Enter as CR', async () => {
    await using app = await start({ command: READ_HEX });
    await app.type('é👍🏽\n');
    expect(await reads(app, 3)).toEqual(['c3a9', 'f09f918df09f8fbd', '0d']);
  });

  it('insertText() is the one-write path: the app may read it in one read', async () => {
    await using app = await start({ command: READ_HEX });
    await app.insertText('+++');
    expect(await reads(app, 1)).toEqual(['2b2b2b']);
  });

  it('type(text, { delay }) waits delay ms between keystrokes, as Playwright’s keyboard.type', async () => {
    await using app = await start({ command: READ_HEX });
    const begun = performance.now();
    await app.type('ab', { delay: 150 });
    expect(performance.now() - begun).toBeGreaterThanOrEqual(150);
    expect(await reads(app, 2)).toEqual(['61', '62']);
  });

  it('press() of 10 001 keys reaches the app as 10 001 reads (one send-keys each: no tmux parser limit)', { timeout: 120_000 }, async () => {
    const countReads = [
      PYTHON,
      '-c',
      "import os, tty\ntty.setraw(0)\nprint('count ready', end='\\r\\n', flush=True)\nreads = size = 0\nwhile size < 10001:\n    size += len(os.read(0, 4096))\n    reads += 1\nprint(f'reads={reads} bytes={size}', end='\\r\\n', flush=True)\nos.read(0, 1)",
    ];
    await using app = await start({ command: countReads, ready: { text: 'count ready' } });
    await app.press(...Array.from({ length: 10_001 }, () => 'a'));
    await app.waitForText('reads=', { timeout: 10_000 });
    expect(app.text().split('\n')[1]).toBe('reads=10001 bytes=10001');
  });

  it('a press() right after a type() waits for the typed text to be read', async () => {
    await using app = await start({ command: READ_HEX });
    await app.type('x');
    await app.press('Enter');
    expect(await reads(app, 2)).toEqual(['78', '0d']);
  });
});

describe('real apps take keys as from a keyboard', () => {
  it("Ink's ink-select-input picks the third item for press('Down', 'Down', 'Enter')", { timeout: 30_000 }, async () => {
    await using app = await start({ command: node('ink-select.mjs'), ...SLOW });
    await app.press('Down', 'Down', 'Enter');
    await app.waitForText('Selected: Three', SLOW);
  });

  it('ink-text-input gets each typed character', { timeout: 30_000 }, async () => {
    await using app = await start({ command: node('ink-text.mjs'), ...SLOW });
    await app.type('ada\n');
    await app.waitForText('Hello, ada!', SLOW);
  });

  it("@inquirer/prompts' select picks the third choice", { timeout: 30_000 }, async () => {
    await using app = await start({ command: node('inquirer-select.mjs'), ...SLOW });
    await app.press('Down', 'Down', 'Enter');
    await app.waitForText('Picked: blue', SLOW);
  });

  it("@clack/prompts' select picks the third option", { timeout: 30_000 }, async () => {
    await using app = await start({ command: node('clack-select.mjs'), ...SLOW });
    await app.press('Down', 'Down', 'Enter');
    await app.waitForText('Chose: cherry', SLOW);
  });

  it("mc takes press('Escape', 'F10') as two keys: Escape, then F10 quits", async () => {
    await using app = await start({ command: ['mc', '-u'], cols: 80, rows: 24 });
    await app.waitForText('10Quit');
    await app.press('Escape', 'F10');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
  });

  it('vim: insert, Escape, then normal-mode keys', async () => {
    await using app = await start({ command: ['vim', '-u', 'NONE', '-i', 'NONE', '-N', '-n'] });
    await app.type('ihello');
    await app.press('Escape');
    await app.type('yyp');
    await expect.poll(() => app.text().split('\n').slice(0, 2), { timeout: 5000 }).toEqual(['hello', 'hello']);
  });

  it('htop quits on F10', async () => {
    await using app = await start({ command: ['htop'], cols: 80, rows: 24 });
    await app.press('F10');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
  });

  it('micro (Go, tcell) takes typed text, then Ctrl+Q and n quit without saving', async () => {
    await using app = await start({ command: ['micro'], cols: 80, rows: 24 });
    await app.type('hi there');
    await app.waitForText(/^ *1 hi there/m);
    await app.press('C-q');
    await app.waitForText('Save changes');
    await app.press('n');
    await expect(app.waitForExit()).resolves.toEqual({ exitCode: 0, signal: null });
  });

  it('ptpython (prompt_toolkit) evaluates what is typed right after start', async () => {
    await using app = await start({ command: ['ptpython'], cols: 80, rows: 24, ...SLOW });
    await app.type('6 * 7\n');
    await app.waitForText(/^42$/m);
  });
});

describe('keys typed right after start are neither lost nor merged (5 runs each)', () => {
  it('a probe-then-raw app (cbreak probe, then tty.setraw with TCSAFLUSH) reads each key', async () => {
    for (let run = 0; run < 5; run++) {
      await using app = await start({ command: PROBE_THEN_RAW });
      await app.type('abc');
      expect(await reads(app, 3, 'probed>')).toEqual(['61', '62', '63']);
    }
  });

  it('Ink with ready: { text } of its first frame (drawn before raw mode) picks the third item', { timeout: 120_000 }, async () => {
    for (let run = 0; run < 5; run++) {
      await using app = await start({ command: node('ink-select.mjs'), ready: { text: 'One' }, ...SLOW });
      await app.press('Down', 'Down', 'Enter');
      await app.waitForText(/^Selected: /m, SLOW);
      expect(app.text().split('\n')[0]).toBe('Selected: Three');
    }
  });
});
