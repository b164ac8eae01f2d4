/**
 * Issue 27's figures: what keystroke typing costs. A 1000-character `type()` and a 100-key
 * `press()` into a raw-mode app that shows each read (each key its own write, sent once the app
 * has read the one before), against the one-write path (`insertText`, what `type()` sent before)
 * and a `cat` in canonical (line) mode, where the line discipline takes the keys.
 */
import { resolve } from 'node:path';
import { test } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { median, printTable } from './measure.js';

const READ_HEX = ['/usr/bin/python3', resolve(import.meta.dirname, '../fixtures/tui-apps/read-hex.py')];
const TEXT = 'abcdefghij'.repeat(100);
const KEYS = Array.from({ length: 100 }, (_, index) => (index % 2 ? 'Up' : 'Down'));
const RUNS = 5;

test('keystrokes: type() of 1000 characters and press() of 100 keys, against one write', async () => {
  await using server = await TmuxServer.create();
  const time = async (command: string[], act: (app: TmuxApp) => Promise<void>, ready: 'output' | 'none' = 'output') => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await using app = await TmuxApp.start({ command, server, cols: 80, rows: 24, ready });
      const begun = performance.now();
      await act(app);
      times.push(performance.now() - begun);
    }
    return median(times);
  };
  const rows: (string | number)[][] = [];
  const typed = await time(READ_HEX, (app) => app.type(TEXT));
  rows.push(['type(1000 characters), raw-mode app', typed, typed / TEXT.length]);
  const pressed = await time(READ_HEX, (app) => app.press(...KEYS));
  rows.push(['press(100 keys), raw-mode app', pressed, pressed / KEYS.length]);
  const inserted = await time(READ_HEX, (app) => app.insertText(TEXT));
  rows.push(['insertText(1000 characters): one write (type() before)', inserted, inserted / TEXT.length]);
  const lineMode = await time(['cat'], (app) => app.type(TEXT), 'none'); // cat prints nothing until it reads a line
  rows.push(['type(1000 characters), cat in line mode', lineMode, lineMode / TEXT.length]);
  printTable(`Keystrokes, median of ${RUNS} runs (ms)`, ['what', 'total', 'per key'], rows);
});
