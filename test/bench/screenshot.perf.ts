/**
 * Issue 2's figures: the median cost of each screenshot stage (grab, parse, render, PNG encode)
 * and of a whole screenshot of a settled screen to a file, at 80x24 and 200x50, against the
 * median cost of one `tmux capture-pane -p -e` process in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { encodePng, renderScreen } from '../../src/render/index.js';
import { ScreenModel } from '../../src/screen/index.js';
import { TmuxApp } from '../../src/tmux-app.js';
import { medianMs, printTable } from './measure.js';

const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('screenshot stages vs one capture-pane spawn', async () => {
  await using server = await TmuxServer.create();
  const rows: (string | number)[][] = [];
  let ratio80 = 0;
  for (const size of [{ cols: 80, rows: 24 }, { cols: 200, rows: 50 }]) {
    // vim with syntax colours on a real source file: a typical full-screen TUI.
    const output: Uint8Array[] = [];
    await using app = await TmuxApp.start({
      command: ['vim', '-u', 'NONE', '-c', 'syntax on', '-c', 'set number', 'src/tmux-app.ts'],
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
  process.stdout.write(`target: whole screenshot at 80x24 ≤ 3x one capture-pane spawn → ${ratio80 <= 3 ? 'met' : 'NOT met'} (${ratio80.toFixed(2)}x)\n`);
});
