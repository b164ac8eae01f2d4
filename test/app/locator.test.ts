import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { ConfigError, StrictModeError, WaitTimeoutError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';

const MENU = resolve(import.meta.dirname, '../../fixtures/menu.mjs');
const VIM = ['vim', '-n', '-u', 'NONE', '-i', 'NONE', '-N', '--noplugin', 'notes.txt'];

let server: TmuxServer;
let scratch: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-locator-test-'));
  await mkdir(join(scratch, 'home'));
  await mkdir(join(scratch, 'dir'));
  await writeFile(join(scratch, 'dir', 'File'), '');
});
afterAll(async () => {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

const startMenu = () => TmuxApp.start({ command: ['node', MENU], server, cols: 40, rows: 12 });

describe('locators on the menu fixture', () => {
  it('read the one match: its box, text and cells', async () => {
    await using app = await startMenu();
    const save = app.getByText('Save');
    expect(await save.boundingBox()).toEqual({ row: 4, col: 4, rows: 1, cols: 4 });
    expect(await save.text()).toBe('Save');
    expect((await save.cells()).map((row) => row.map((cell) => cell.chars).join(''))).toEqual(['Save']);
    expect(await save.isVisible()).toBe(true);
    expect(await save.count()).toBe(1);
    expect(await app.region({ row: 3, col: 1, rows: 5, cols: 12 }).text()).toBe(' > Open\n   Save\n   Settings\n   Help\n   Quit');
    expect(String(app.region({ row: 3, rows: 5 }).getByText('Help', { exact: true }).first())).toBe(
      "region({ row: 3, rows: 5 }).getByText('Help', { exact: true }).first()",
    );
  });

  it('re-resolve on the live screen after the app redraws elsewhere', async () => {
    await using app = await startMenu();
    const highlighted = app.getByText(/> \w+/);
    expect(await highlighted.boundingBox()).toEqual({ row: 3, col: 2, rows: 1, cols: 6 });
    await app.press('Down');
    await app.waitForText('> Save');
    expect(await highlighted.boundingBox()).toEqual({ row: 4, col: 2, rows: 1, cols: 6 });
    expect(await highlighted.text()).toBe('> Save');
    // Auto-wait: the status line shows the choice only after Enter.
    const status = app.getByText('Selected: Save');
    expect(await status.count()).toBe(0);
    const box = status.boundingBox();
    await app.press('Enter');
    expect(await box).toEqual({ row: 9, col: 0, rows: 1, cols: 14 });
  });

  it('are strict: several matches throw a StrictModeError at once, listing them; first/last/nth/all choose', async () => {
    await using app = await startMenu();
    await app.press('Down', 'Enter');
    await app.waitForText('Selected: Save');
    const save = app.getByText('Save');
    const error = await save.boundingBox({ timeout: 60_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StrictModeError);
    expect((error as StrictModeError).matches).toEqual([
      { row: 4, col: 4, rows: 1, cols: 4 },
      { row: 9, col: 10, rows: 1, cols: 4 },
    ]);
    expect((error as StrictModeError).message).toBe(
      [
        "Strict mode violation: getByText('Save') matches 2 places (row 4 col 4, row 9 col 10); one was needed. Choose with .first(), .last() or .nth(i), or narrow it with region() or { exact: true }.",
        '',
        'Screen:',
        '   0 │ ┌────────────────────────────┐',
        '   1 │ │ Menu                       │',
        '   2 │ ├────────────────────────────┤',
        '   3 │ │   Open                     │',
        '   4 │ │ > Save                     │',
        '     │     ^^^^',
        '   5 │ │   Settings                 │',
        '   6 │ │   Help                     │',
        '   7 │ │   Quit                     │',
        '   8 │ └────────────────────────────┘',
        '   9 │ Selected: Save',
        '     │           ^^^^',
        '       (rows 10-11 blank)',
      ].join('\n'),
    );
    await expect(save.isVisible()).rejects.toThrow(StrictModeError);
    await expect(save.text()).rejects.toThrow(StrictModeError);
    expect(await save.count()).toBe(2);
    expect(await save.first().boundingBox()).toEqual({ row: 4, col: 4, rows: 1, cols: 4 });
    expect(await save.last().text()).toBe('Save');
    expect(await save.nth(-1).boundingBox()).toEqual({ row: 9, col: 10, rows: 1, cols: 4 });
    expect(await Promise.all((await app.getByText(/^│ . \w+/).all()).map((item) => item.text()))).toEqual([
      '│   Open',
      '│ > Save',
      '│   Settings',
      '│   Help',
      '│   Quit',
    ]);
    expect(await app.region({ rows: 9 }).getByText('Save').text()).toBe('Save');
  });

  it('time out with the screen, the scope searched marked', async () => {
    await using app = await startMenu();
    const exit = app.region({ row: 3, col: 1, rows: 5, cols: 12 }).getByText('Exit');
    const error = await exit.boundingBox({ timeout: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const [message, log] = (error as WaitTimeoutError).message.split('\n\nCall log:\n');
    expect(log).toMatch(/^ {2}- (\d+ × )?matched nothing$/);
    expect(message).toBe(
      [
        "region({ row: 3, col: 1, rows: 5, cols: 12 }).getByText('Exit') matched nothing within 100 ms. ^ marks where it searched: region({ row: 3, col: 1, rows: 5, cols: 12 }).",
        '',
        'Screen:',
        '   0 │ ┌────────────────────────────┐',
        '   1 │ │ Menu                       │',
        '   2 │ ├────────────────────────────┤',
        '   3 │ │ > Open                     │',
        '     │  ^^^^^^^^^^^^',
        '   4 │ │   Save                     │',
        '     │  ^^^^^^^^^^^^',
        '   5 │ │   Settings                 │',
        '     │  ^^^^^^^^^^^^',
        '   6 │ │   Help                     │',
        '     │  ^^^^^^^^^^^^',
        '   7 │ │   Quit                     │',
        '     │  ^^^^^^^^^^^^',
        '   8 │ └────────────────────────────┘',
        '   9 │ Use arrows, Enter to choose, q to quit',
        '       (rows 10-11 blank)',
      ].join('\n'),
    );
    expect(await exit.isVisible()).toBe(false);
    await expect(app.getByText('Exit').text({ timeout: 50 })).rejects.toThrow(/^getByText\('Exit'\) matched nothing within 50 ms\.\n\nScreen:\n   0 │ ┌/);
  });

  it('refuse bad arguments with a ConfigError', async () => {
    await using app = await startMenu();
    expect(() => app.getByText('')).toThrow(
      new ConfigError("getByText() needs text to find; '' would match everywhere. Use region() for a part of the screen."),
    );
    expect(() => app.getByText(42 as unknown as string)).toThrow(new ConfigError('getByText() takes the text to find as a string or a RegExp; got 42.'));
    expect(() => app.getByText('Save').nth(1.5)).toThrow(new ConfigError('nth() takes a whole number (negative counts from the end); got 1.5.'));
    expect(() => app.region({ rows: -1 })).toThrow(ConfigError);
    await expect(app.getByText('Open').boundingBox({ timeoutt: 5 } as never)).rejects.toThrow(
      new ConfigError("boundingBox() has no option 'timeoutt'; it takes { timeout }."),
    );
    expect(() => app.getByText('Open', { exakt: true } as never)).toThrow(
      new ConfigError("getByText() has no option 'exakt'; it takes { exact, scrollback }."),
    );
    expect(() => app.getByText('Open\nSave')).toThrow(
      new ConfigError(
        "getByText() matches within one row, and 'Open\\nSave' spans rows. Find each row's text on its own, or read a region: region({ row, rows }).text().",
      ),
    );
    await expect(app.getByText('Save').boundingBox({ timeout: -1 })).rejects.toThrow(new ConfigError('timeout must be a number of ms, 0 or more; got -1.'));
  });
});

describe('locators on real apps', () => {
  it("mc: the menu bar's File, not the panels' file named File", async () => {
    await using app = await TmuxApp.start({
      command: ['mc', '-u', '-d'],
      cwd: join(scratch, 'dir'),
      env: { HOME: join(scratch, 'home') },
      server,
      cols: 80,
      rows: 24,
    });
    const menuFile = app.region({ rows: 1 }).getByText('File');
    expect(await menuFile.boundingBox()).toEqual({ row: 0, col: 11, rows: 1, cols: 4 });
    expect(await app.getByText('File', { exact: true }).count()).toBe(3);
    expect(await app.getByText('File', { exact: true }).nth(1).boundingBox()).toEqual({ row: 4, col: 2, rows: 1, cols: 4 });
    expect(await app.region({ row: 1, col: 40 }).getByText('File').boundingBox()).toEqual({ row: 4, col: 42, rows: 1, cols: 4 });
  });

  it("vim: the status line's mode, case-sensitive, waited for", async () => {
    await using app = await TmuxApp.start({ command: VIM, cwd: join(scratch, 'dir'), server, cols: 50, rows: 10 });
    const mode = app.region({ row: 9 }).getByText('-- INSERT --');
    expect(await mode.count()).toBe(0);
    await app.type('i');
    expect(await mode.boundingBox()).toEqual({ row: 9, col: 0, rows: 1, cols: 12 });
    expect(await app.getByText('-- insert --').count()).toBe(0);
    expect(await app.getByText(/-- insert --/i).text()).toBe('-- INSERT --');
  });

  it("htop: the columns of its header, found inside the header's row", async () => {
    await using app = await TmuxApp.start({ command: ['htop'], env: { HOME: join(scratch, 'home') }, server, cols: 100, rows: 24 });
    const header = app.getByText(/PID +USER.*Command/);
    const { row } = await header.boundingBox();
    const titles = await app.region({ row, rows: 1 }).getByText(/\S+/).all();
    expect(await Promise.all(titles.map((title) => title.text()))).toEqual([
      'PID',
      'USER',
      'PRI',
      'NI',
      'VIRT',
      'RES',
      'SHR',
      'S',
      'CPU%▽MEM%',
      'TIME+',
      'Command',
    ]);
    const cpu = await header.getByText('CPU%').boundingBox();
    expect(cpu).toMatchObject({ row, rows: 1, cols: 4 });
    expect(await app.getByText('F6SortBy').text()).toBe('F6SortBy');
  });

  it('a wide-character screen: boxes in cells, cells of a wide character', async () => {
    await using app = await TmuxApp.start({ command: "printf '名前: 漢字 😀 OK\\n'; exec sleep 60", server, cols: 30, rows: 4 });
    expect(await app.getByText('OK').boundingBox()).toEqual({ row: 0, col: 14, rows: 1, cols: 2 });
    expect(await app.getByText('漢字').boundingBox()).toEqual({ row: 0, col: 6, rows: 1, cols: 4 });
    expect(await app.getByText('😀').boundingBox()).toEqual({ row: 0, col: 11, rows: 1, cols: 2 });
    expect((await app.getByText('😀').cells())[0]?.map((cell) => [cell.chars, cell.width])).toEqual([
      ['😀', 2],
      ['', 0],
    ]);
    expect(await app.region({ col: 7, cols: 6, rows: 1 }).text()).toBe(' 字 😀');
    expect(await app.region({ col: 7, cols: 5, rows: 1 }).text()).toBe(' 字');
  });
});
