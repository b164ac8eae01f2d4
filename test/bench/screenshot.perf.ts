/**
 * Issue 2's figures: the median cost of each screenshot stage (grab, parse, render, PNG encode)
 * and of a whole screenshot of a settled screen to a file, at 80x24 and 200x50, against the
 * median cost of one `tmux capture-pane -p -e` process in the same run; and the grab's worst
 * case (a different truecolor cell everywhere) against a plain-text screen of the same size.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { encodePng, renderScreen } from '../../src/render/index.js';
import { ScreenModel } from '../../src/screen/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { medianMs, printTable, printTarget } from './measure.js';

const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('screenshot stages vs one capture-pane spawn', async () => {
  await using server = await TmuxServer.create();
  const rows: (string | number)[][] = [];
  let ratio80 = 0;
  for (const size of [
    { cols: 80, rows: 24 },
    { cols: 200, rows: 50 },
  ]) {
    // vim with syntax colours on a real source file: a typical full-screen TUI.
    const output: Uint8Array[] = [];
    await using app = await TmuxApp.start({
      command: ['vim', '-u', 'NONE', '-c', 'syntax on', '-c', 'set number', 'src/app/tmux-app.ts'],
      ...size,
      server,
    });
    app.onOutput((bytes) => output.push(Uint8Array.from(bytes)));
    await app.press('C-l'); // vim repaints the whole screen: those bytes are the parse workload
    await app.waitForStable();
    const repaint = Buffer.concat(output);
    const snapshot = app.screen();
    const image = renderScreen(snapshot);
    const model = new ScreenModel(size);
    const file = join(dir, `shot-${size.cols}.png`);
    const socket = server.connection.socketPath;

    const grab = await medianMs(() => app.screen());
    const parse = await medianMs(() => model.write(repaint));
    const render = await medianMs(() => renderScreen(snapshot));
    const encode = await medianMs(() => encodePng(image));
    const whole = await medianMs(async () => writeFileSync(file, await app.screenshot()));
    const spawn = await medianMs(() => execFileSync('tmux', ['-S', socket, 'capture-pane', '-p', '-e'], { stdio: 'pipe' }));
    model.dispose();
    if (size.cols === 80) ratio80 = whole / spawn;
    rows.push([`${size.cols}x${size.rows}`, grab, parse, render, encode, whole, spawn, `${(whole / spawn).toFixed(2)}x`]);
  }
  printTable(
    'Screenshot stages, median ms (whole = screenshot of a settled screen written to a file)',
    ['size', 'grab', 'parse', 'render', 'encode', 'whole', 'capture-pane spawn', 'whole/spawn'],
    rows,
  );
  printTarget('whole 80x24 screenshot to file ≤ 1x one capture-pane process', ratio80 <= 1, `${ratio80.toFixed(2)}x`);
});

test('grab: a different truecolor cell everywhere vs plain text, 200x50', async () => {
  const E = '\x1b';
  let styled = '';
  let plain = '';
  for (let i = 0; i < 200 * 50; i++) {
    const char = String.fromCharCode(33 + (i % 90));
    styled += `${E}[38;2;${i % 256};${(i >> 8) % 256};7;48;5;${i % 256}m${char}`;
    plain += char;
  }
  const grab = async (bytes: string) => {
    const model = new ScreenModel({ cols: 200, rows: 50 });
    await model.write(new TextEncoder().encode(bytes));
    const ms = await medianMs(() => model.snapshot());
    model.dispose();
    return ms;
  };
  const [worst, reference] = [await grab(styled), await grab(plain)];
  printTable(
    'Screen snapshot (grab), median ms',
    ['screen 200x50', 'grab', 'vs plain'],
    [
      ['plain text', reference, '1.00x'],
      ['truecolor everywhere', worst, `${(worst / reference).toFixed(2)}x`],
    ],
  );
});
