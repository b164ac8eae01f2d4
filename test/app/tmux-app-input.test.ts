import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyNameError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const BYTE_LOGGER = resolve(import.meta.dirname, '../../fixtures/byte-logger.mjs');

let server: TmuxServer;
let scratch: string;
let app: TmuxApp;
let logFile: string;

beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-input-test-'));
  logFile = join(scratch, 'received.bin');
  app = await TmuxApp.start({ command: ['node', BYTE_LOGGER, logFile], server, rows: 40 });
});
afterAll(async () => {
  await app.close();
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** The bytes the app receives while `send` runs: waits for the logger's running total to reach `count` more. */
async function received(count: number, send: () => Promise<void>): Promise<string> {
  const before = (await readFile(logFile).catch(() => Buffer.alloc(0))).length;
  await send();
  await app.waitForText(new RegExp(`^total=${before + count} <`));
  return (await readFile(logFile)).subarray(before).toString('hex');
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe('TmuxApp.type', () => {
  it.each(['echo a;', 'x;y;', ';', '-----BEGIN', '-n', 'Enter', 'C-c', '\\;', '$HOME "quoted"', 'naïve 日本 😀', '\x1b[A\x00\x7f'])(
    'delivers %j byte-exact',
    async (text) => {
      expect(await received(Buffer.byteLength(text), () => app.type(text))).toBe(hex(text));
    },
  );

  it("sends '\\n' as CR (0x0d), what Enter sends, so it submits in raw mode", async () => {
    expect(await received(2, () => app.type('a\n'))).toBe('610d');
  });

  // insertText, the one-write path, is what splits text over send-keys commands (1024 bytes each);
  // type() sends a command per keystroke: 2500 of them outlasted the test's 30 s on a loaded machine.
  it('sends long text in several commands, still byte-exact (insertText)', async () => {
    const text = 'abcdefghij'.repeat(250);
    expect(await received(text.length, () => app.insertText(text))).toBe(hex(text));
  });
});

describe('TmuxApp.press', () => {
  it.each([
    ['S-Tab', '1b5b5a'],
    ['BTab', '1b5b5a'],
    ['Shift+Tab', '1b5b5a'],
    ['Enter', '0d'],
    ['Escape', '1b'],
    ['Tab', '09'],
    ['BSpace', '7f'],
    ['Backspace', '7f'],
    ['Space', '20'],
    ['C-c', '03'],
    ['Control+C', '03'],
    ['M-x', '1b78'],
    ['Alt+x', '1b78'],
    ['C-M-a', '1b01'],
    ['Up', '1b5b41'],
    ['ArrowDown', '1b5b42'],
    ['ArrowRight', '1b5b43'],
    ['Left', '1b5b44'],
    ['Home', '1b5b317e'],
    ['End', '1b5b347e'],
    ['PageUp', '1b5b357e'],
    ['PageDown', '1b5b367e'],
    ['Insert', '1b5b327e'],
    ['Delete', '1b5b337e'],
    ['S-Up', '1b5b313b3241'],
    ['C-Right', '1b5b313b3543'],
    [';', '3b'],
    ['-', '2d'],
  ])('%s reaches the app as %s', async (key, bytes) => {
    expect(await received(bytes.length / 2, () => app.press(key))).toBe(bytes);
  });

  // What tmux 3.3a sends for F1–F12 with TERM=tmux-256color (xterm's: SS3 P–S, then CSI n ~).
  it.each([
    ['F1', '1b4f50'],
    ['F2', '1b4f51'],
    ['F3', '1b4f52'],
    ['F4', '1b4f53'],
    ['F5', '1b5b31357e'],
    ['F6', '1b5b31377e'],
    ['F7', '1b5b31387e'],
    ['F8', '1b5b31397e'],
    ['F9', '1b5b32307e'],
    ['F10', '1b5b32317e'],
    ['F11', '1b5b32337e'],
    ['F12', '1b5b32347e'],
  ])('%s reaches the app as %s', async (key, bytes) => {
    expect(await received(bytes.length / 2, () => app.press(key))).toBe(bytes);
  });

  it('presses several keys in order', async () => {
    expect(await received(5, () => app.press('a', 'Enter', 'Up'))).toBe('610d1b5b41');
  });

  it("throws KeyNameError for 'enter', suggesting 'Enter', and sends nothing — not even the valid keys before it", async () => {
    let error: unknown;
    // One byte arrives in all, the marker's: a Down sent before the throw would be logged first.
    const bytes = await received(1, async () => {
      error = await app.press('Down', 'enter').catch((caught: unknown) => caught);
      await app.type('z');
    });
    expect(bytes).toBe('7a');
    expect(error).toBeInstanceOf(KeyNameError);
    expect((error as KeyNameError).key).toBe('enter');
    expect((error as KeyNameError).suggestions).toEqual(['Enter']);
    expect((error as Error).message).toBe(
      "Unknown key name 'enter'. Did you mean 'Enter'? Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style " +
        'names (Control+C, ArrowUp); send literal text with type().',
    );
  });
});
