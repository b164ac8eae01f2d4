// The mouse on real apps: mc, htop, vim, less and a python3 curses app, each in the mouse mode it
// turns on itself (asserted by replaying its output through a ScreenModel), clicked through locators or at cells.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { ScreenModel, findText } from '../../src/screen/index.js';
import type { MouseModes } from '../../src/snapshot.js';

const CURSES_MOUSE = resolve(import.meta.dirname, '../../fixtures/curses-mouse.py');

let home: string;
beforeAll(async () => {
  // HOME for the apps (mc and htop keep settings there) and the files they show.
  home = await mkdtemp(join(tmpdir(), 'tmux-shot-mouse-apps-'));
  for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt']) await writeFile(join(home, name), `${name}\n`);
  await writeFile(join(home, 'lines.txt'), Array.from({ length: 100 }, (_, n) => `line ${n + 1}\n`).join(''));
});
afterAll(() => rm(home, { recursive: true, force: true }));

function start(command: string[], cols = 80, rows = 24): Promise<TmuxApp> {
  return TmuxApp.start({ command, cwd: home, env: { HOME: home, TMPDIR: home }, cols, rows }); // mc makes $TMPDIR/mc-$USER
}

/** The mouse modes the app turned on, from its whole output replayed through a fresh screen model. */
function modesOf(app: TmuxApp): MouseModes {
  const model = new ScreenModel({ cols: app.screen().cols, rows: app.screen().rows });
  for (const event of app.timeline.events) if (event.kind === 'output') model.write(event.bytes);
  const modes = model.mouseModes();
  model.dispose();
  return modes;
}

/** Where `text` is on the screen now. */
function at(app: TmuxApp, text: string | RegExp): { col: number; row: number } {
  const found = findText(app.screen(), text);
  if (!found) throw new Error(`${String(text)} is not on the screen:\n${app.text()}`);
  return found;
}

describe('mc (button-event tracking, SGR)', () => {
  it('a click selects a file in the left panel; a click on File in the top bar opens its menu', async () => {
    await using app = await start(['mc', '--nosubshell']);
    await app.waitForText('gamma.txt');
    expect(modesOf(app)).toEqual({ tracking: 'button', encoding: 'sgr' });
    // The left panel's mini-status names the selected file: `..` (UP--DIR) at first.
    await app.waitForText(/^│UP--DIR +││UP--DIR/);
    // Both panels list the same folder: the left panel is the left half of the screen.
    const beta = app.region({ cols: 40 }).getByText('beta.txt');
    const { row, col } = await beta.boundingBox();
    await beta.click();
    await app.waitForText(/^│ beta\.txt +││UP--DIR/); // in the mini-status too, now
    const gamma = await app.region({ cols: 40 }).getByText('gamma.txt').boundingBox();
    expect(app.screen().cells[row]?.[col]?.bg).not.toEqual(app.screen().cells[gamma.row]?.[col]?.bg);

    await app.region({ rows: 1 }).getByText('File').click(); // the top bar's File, not a file named File
    await expect(app.waitForText('Filtered view')).resolves.toMatchObject({ row: 4 });
  });
});

describe('htop (normal tracking, default encoding)', () => {
  it('a click on the MEM% column header sorts by it: the sort mark and highlight move there', async () => {
    await using app = await start(['htop'], 100, 24);
    await app.waitForText('CPU%▽MEM%');
    expect(modesOf(app)).toEqual({ tracking: 'normal', encoding: 'default' });
    const header = at(app, 'CPU%▽MEM%');
    const highlight = app.screen().cells[header.row]?.[header.col]?.bg;
    await app.getByText('MEM%').click();
    const sorted = await app.waitForText(/CPU% +MEM%▽/);
    const cells = app.screen().cells[sorted.row] ?? [];
    const memCol = sorted.col + sorted.text.indexOf('MEM%');
    expect(cells[memCol]?.bg).toEqual(highlight);
    expect(cells[sorted.col]?.bg).not.toEqual(highlight);
  });
});

describe('vim with mouse=a (normal tracking, default encoding)', () => {
  it('a click moves the cursor to the clicked cell; the wheel scrolls three lines a notch', async () => {
    await using app = await start(['vim', '-u', 'NONE', '-N', '-i', 'NONE', '-c', 'set mouse=a ruler', 'lines.txt']);
    await app.waitForText(/^line 23$/);
    expect(modesOf(app)).toEqual({ tracking: 'normal', encoding: 'default' });
    await app.mouse.click(4, 2);
    await app.waitForText(/3,5 +Top$/);
    expect(app.screen().cursor).toEqual({ col: 4, row: 2, visible: true, shape: 'block', blinking: false });

    // One notch at a time: vim 9 scrolled once for two notches that arrived in one read (1 run in ~20 here).
    await app.mouse.wheel(1);
    await app.waitForText(/^line 26$/);
    expect(app.text().split('\n')[0]).toBe('line 4');
    await app.mouse.wheel(1);
    await app.waitForText(/^line 29$/);
    expect(app.text().split('\n')[0]).toBe('line 7');
    await app.mouse.wheel(-1);
    await app.waitForText(/^line 4$/);
    expect(app.text().split('\n')[0]).toBe('line 4');
  });
});

describe('less --mouse (normal tracking, SGR)', () => {
  it('the wheel scrolls one line a notch, down and up', async () => {
    await using app = await start(['less', '--mouse', 'lines.txt']);
    await app.waitForText(/^line 23$/);
    expect(modesOf(app)).toEqual({ tracking: 'normal', encoding: 'sgr' });
    await app.mouse.wheel(1);
    await app.waitForText(/^line 24$/);
    expect(app.text().split('\n')[0]).toBe('line 2');
    await app.mouse.wheel(1);
    await app.waitForText(/^line 25$/);
    expect(app.text().split('\n')[0]).toBe('line 3');
    await app.mouse.wheel(-1);
    await app.waitForText(/^line 2$/);
    expect(app.text().split('\n').slice(0, 2)).toEqual(['line 2', 'line 3']);
  });
});

describe('a python3 curses app with mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION)', () => {
  it('reports the clicked cell, button and modifier; motion is not reported in the normal tracking ncurses turned on', async () => {
    await using app = await TmuxApp.start({ command: ['python3', CURSES_MOUSE], cols: 60, rows: 12, ready: { text: 'ready' } });
    expect(modesOf(app)).toEqual({ tracking: 'normal', encoding: 'default' });
    // Each report waits for the app's line: ncurses merges a press and a release it reads together
    // into BUTTON1_CLICKED even with mouseinterval(0), so sending both at once would race.
    await app.mouse.move(7, 5);
    await app.mouse.down();
    await app.waitForText('BUTTON1_PRESSED');
    await app.mouse.up();
    await app.waitForText('BUTTON1_RELEASED');
    await app.mouse.move(9, 6);
    await app.mouse.down({ button: 'right', modifiers: ['Control'] });
    await app.waitForText('BUTTON3_PRESSED');
    await app.mouse.up({ button: 'right', modifiers: ['Control'] });
    await app.waitForText('BUTTON3_RELEASED');
    await app.mouse.move(3, 3);
    await app.mouse.wheel(1);
    await app.waitForText('BUTTON5_PRESSED');
    expect(app.text().split('\n').slice(0, 6)).toEqual([
      'ready',
      'mouse col=7 row=5 BUTTON1_PRESSED',
      'mouse col=7 row=5 BUTTON1_RELEASED',
      'mouse col=9 row=6 BUTTON3_PRESSED BUTTON_CTRL',
      'mouse col=9 row=6 BUTTON3_RELEASED BUTTON_CTRL',
      'mouse col=3 row=3 BUTTON5_PRESSED',
    ]);
  });
});
