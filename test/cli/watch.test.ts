// `tmux-shot watch` end to end, as a user sees it: the built bin (dist/cli/bin.js: run `npm run
// build` first) runs in a terminal of ours (an outer TmuxApp), and shows apps of "tests" that this
// file starts on a server of their own and registers in a private live sessions folder, as the
// Vitest fixtures do.
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TmuxApp } from '../../src/app/index.js';
import { WATCH_KEYS } from '../../src/cli/watch-view.js';
import { LOBBY_NAME } from '../../src/host/argv.js';
import { recordLiveResult, registerLiveSession } from '../../src/host/live-sessions.js';
import { TmuxServer } from '../../src/host/server.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/bin.js');
const base = mkdtempSync(join(tmpdir(), 'tmux-shot-watch-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The server of the watched apps, as a Vitest worker's. */
let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

/** The outer terminal's width: the header's keys fit at its right. */
const COLS = 100;
const ROWS = 20;

/** An app on `server`, registered in `live` as a test's; closing it removes its entry, as the fixture does. */
async function startApp(live: string, command: string[], test: string, size = { cols: 40, rows: 12 }) {
  const before = await sessions();
  const app = await TmuxApp.start({ command, ...size, server, cwd: root });
  const [session = '', pane = ''] = ((await sessions()).find((line) => !before.includes(line)) ?? '').split(' ');
  const unregister = await registerLiveSession(
    {
      socketPath: server.connection.socketPath,
      session,
      pane,
      command: command.join(' '),
      ...size,
      pid: process.pid,
      startedAt: Date.now(),
      test,
      file: 'menu.test.ts',
    },
    live,
  );
  return {
    app,
    session,
    async [Symbol.asyncDispose]() {
      await app.close();
      await unregister();
    },
  };
}

async function sessions(): Promise<string[]> {
  const panes = await server.command(['list-panes', '-a', '-F', '#{session_id} #{pane_id} #{session_name}']);
  return panes.filter((line) => !line.endsWith(` ${LOBBY_NAME}`));
}

/** The clients attached to `session` (watch's, while it watches it). */
function clientsOf(session: string): Promise<string[]> {
  return server.command(['list-clients', '-t', session, '-F', '#{client_flags}']);
}

function windowSize(session: string): Promise<string[]> {
  return server.command(['display-message', '-p', '-t', session, '#{window_width}x#{window_height}']);
}

/** `tmux-shot watch` in a terminal of ours, reading `live`. */
function startWatch(live: string, size = { cols: COLS, rows: ROWS }): Promise<TmuxApp> {
  return TmuxApp.start({ command: [process.execPath, bin, 'watch'], ...size, cwd: root, env: { TMUX_SHOT_LIVE_DIR: live }, ready: 'none' });
}

/** The header row: the text at the left, the keys at the right. */
function header(text: string): string {
  return `${text}${' '.repeat(COLS - [...text].length - WATCH_KEYS.length)}${WATCH_KEYS}`;
}

/** The outer screen as watch must draw `app` under `title`: header, the app's rows, then blank rows (the last one `footer`). */
function drawn(title: string, app: TmuxApp, footer = ''): string {
  const rows = app.text().split('\n');
  return [header(title), ...rows, ...Array<string>(ROWS - 2 - rows.length).fill(''), footer].join('\n');
}

/** Waits until the outer terminal shows exactly `text` (a frame can reach it in more than one read). */
function shows(outer: TmuxApp, text: () => string): Promise<void> {
  return vi.waitFor(() => expect(outer.text()).toBe(text()), { timeout: 5_000, interval: 20 });
}

const liveDir = () => mkdtempSync(join(base, 'live-'));

describe('tmux-shot watch', () => {
  it("shows the running app under its header and follows its keys, never changing the app's size; q gives the terminal back", async () => {
    const live = liveDir();
    await using menu = await startApp(live, ['node', 'fixtures/menu.mjs'], 'opens the menu');
    await menu.app.waitForText('> Open');
    await using outer = await startWatch(live);
    const title = '[1/1] opens the menu · menu.test.ts · node fixtures/menu.mjs';
    await outer.waitForText('> Open', { timeout: 10_000 });
    await shows(outer, () => drawn(title, menu.app));
    expect(outer.screen().alternateScreen).toBe(true);
    await menu.app.press('Down');
    await menu.app.waitForText('> Save');
    await outer.waitForText('> Save');
    await shows(outer, () => drawn(title, menu.app));
    expect(outer.screen().cells[5]?.[1]?.inverse).toBe(true); // the highlight, as the app draws it
    expect(await clientsOf(menu.session)).toEqual(['attached,focused,control-mode,ignore-size,read-only,UTF-8']);
    expect(await windowSize(menu.session)).toEqual(['40x12']);

    await outer.press('q');
    expect(await outer.waitForExit()).toEqual({ exitCode: 0, signal: null });
    expect(outer.screen().alternateScreen).toBe(false);
    expect(outer.screen().cursor.visible).toBe(true);
    expect(outer.text().trim()).toBe('');
    expect(await clientsOf(menu.session)).toEqual([]);
    await menu.app.press('Down');
    await menu.app.waitForText('> Settings');
    expect(await windowSize(menu.session)).toEqual(['40x12']);
  });

  it('waits while no test runs; apps appear and go, Tab/n and p switch; a failed test shows where its report is', async () => {
    const live = liveDir();
    await using outer = await startWatch(live);
    const waiting = header('tmux-shot watch: no tests running; waiting…');
    await outer.waitForText('no tests running; waiting…', { timeout: 10_000 });
    await shows(outer, () => [waiting, ...Array<string>(ROWS - 1).fill('')].join('\n'));

    const first = await startApp(live, ['node', 'fixtures/menu.mjs'], 'first');
    await outer.waitForText('[1/1] first · menu.test.ts · node fixtures/menu.mjs');
    await outer.waitForText('> Open');
    await using second = await startApp(live, ['sh', '-c', 'echo hello from two; exec cat'], 'second', { cols: 30, rows: 5 });
    await second.app.waitForText('hello from two');
    // The shown app stays; the count grows.
    await outer.waitForText('[1/2] first · menu.test.ts · node fixtures/menu.mjs');
    await outer.press('Tab');
    await outer.waitForText(/^hello from two/m);
    await shows(outer, () => drawn('[2/2] second · menu.test.ts · sh -c echo hello from two; exec cat', second.app));
    await outer.press('p');
    await outer.waitForText('> Open');
    await outer.press('n');
    await outer.waitForText('[2/2] second');
    await outer.press('n');
    await outer.waitForText('[1/2] first');
    await outer.press('BTab');
    await outer.waitForText('[2/2] second');
    await outer.press('Tab');
    await outer.waitForText('[1/2] first');

    // The shown app closes: the other one comes; its test failed and says where its report is.
    await first[Symbol.asyncDispose]();
    const report = join(base, 'first-report.html');
    await recordLiveResult({ test: 'first', file: 'menu.test.ts', outcome: 'failed', report, endedAt: Date.now(), pid: process.pid }, live);
    const failed = `✗ failed: first · menu.test.ts · report: ${report}`;
    await outer.waitForText(failed);
    await shows(outer, () => drawn('[1/1] second · menu.test.ts · sh -c echo hello from two; exec cat', second.app, failed));

    await second[Symbol.asyncDispose]();
    await outer.waitForText('no tests running; waiting…');
    await shows(outer, () => [waiting, '', 'Ended in the last minutes:', failed, ...Array<string>(ROWS - 4).fill('')].join('\n'));
    await outer.press('q');
    expect(await outer.waitForExit()).toEqual({ exitCode: 0, signal: null });
    expect(outer.screen().alternateScreen).toBe(false);
  });

  it("in a terminal smaller than the app: the app's screen cut to it, the app's size unchanged", async () => {
    const live = liveDir();
    await using menu = await startApp(live, ['node', 'fixtures/menu.mjs'], 'opens the menu');
    await menu.app.waitForText('> Open');
    await using outer = await startWatch(live, { cols: 20, rows: 6 });
    await outer.waitForText('> Open', { timeout: 10_000 });
    await shows(outer, () =>
      [
        '[1/1] opens the men…',
        ...menu.app
          .text()
          .split('\n')
          .slice(0, 4)
          .map((row) => row.slice(0, 20).trimEnd()),
        '',
      ].join('\n'),
    );
    expect(await windowSize(menu.session)).toEqual(['40x12']);
    await outer.press('q');
    expect(await outer.waitForExit()).toEqual({ exitCode: 0, signal: null });
  });

  it.each([
    ['Ctrl-C', async (outer: TmuxApp) => outer.press('C-c'), 0],
    ['SIGTERM', async (outer: TmuxApp) => outer.kill('SIGTERM'), 143],
    ['SIGHUP (the terminal closed)', async (outer: TmuxApp) => outer.kill('SIGHUP'), 129],
    ['SIGINT', async (outer: TmuxApp) => outer.kill('SIGINT'), 130],
  ])('%s ends it: the terminal back, no client left on the app', async (_, stop, exitCode) => {
    const live = liveDir();
    await using menu = await startApp(live, ['node', 'fixtures/menu.mjs'], 'opens the menu');
    await menu.app.waitForText('> Open');
    await using outer = await startWatch(live);
    await outer.waitForText('> Open', { timeout: 10_000 });
    expect(await clientsOf(menu.session)).toHaveLength(1);
    await stop(outer);
    expect(await outer.waitForExit()).toEqual({ exitCode, signal: null });
    if (exitCode !== 129) {
      expect(outer.screen().alternateScreen).toBe(false);
      expect(outer.screen().cursor.visible).toBe(true);
    }
    expect(await clientsOf(menu.session)).toEqual([]);
    expect(await menu.app.exitStatus()).toBeUndefined();
  });

  it('an error (the live sessions folder opened to others) ends it: the terminal back, then the error', async () => {
    const live = liveDir();
    await using menu = await startApp(live, ['node', 'fixtures/menu.mjs'], 'opens the menu');
    await menu.app.waitForText('> Open');
    await using outer = await startWatch(live);
    await outer.waitForText('> Open', { timeout: 10_000 });
    chmodSync(live, 0o755);
    expect(await outer.waitForExit()).toEqual({ exitCode: 1, signal: null });
    expect(outer.screen().alternateScreen).toBe(false);
    const message =
      `tmux-shot watch: The live sessions folder ${live} lets other users in (mode 755): its entries name the sockets your terminal attaches to, so it must be yours alone. ` +
      'Remove it (tmux-shot creates it again, 0700) or set TMUX_SHOT_LIVE_DIR to a private folder.';
    // Printed on the main screen once watch has left the alternate one, wrapped at the terminal's width.
    const wrapped = (message.match(new RegExp(`.{1,${COLS}}`, 'g')) ?? []).map((row) => row.trimEnd());
    expect(outer.text().trimEnd()).toBe(wrapped.join('\n'));
    expect(await clientsOf(menu.session)).toEqual([]);
  });
});

describe('tmux-shot watch --once', () => {
  const run = (live: string, args = ['watch', '--once']) =>
    promisify(execFile)(process.execPath, [bin, ...args], { env: { ...process.env, TMUX_SHOT_LIVE_DIR: live } }).catch(
      (error: { code: number; stdout: string; stderr: string }) => ({ ...error, exitCode: error.code }),
    );

  it('prints the running apps with their screens, and the tests that ended, then exits', async () => {
    const live = liveDir();
    await using menu = await startApp(live, ['node', 'fixtures/menu.mjs'], 'opens the menu');
    await menu.app.waitForText('> Open');
    await recordLiveResult(
      { test: 'saves', file: 'menu.test.ts', outcome: 'failed', report: '/p/saves-report.html', endedAt: Date.now(), pid: process.pid },
      live,
    );
    const { stdout, stderr } = await run(live);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      `1 app running:\n\n[1/1] opens the menu · menu.test.ts · node fixtures/menu.mjs\n${menu.app.text().replace(/\n+$/, '')}\n\n` +
        'Ended in the last minutes:\n✗ failed: saves · menu.test.ts · report: /p/saves-report.html\n',
    );
    expect(await clientsOf(menu.session)).toEqual([]);
    expect(await windowSize(menu.session)).toEqual(['40x12']);
  });

  it('says when no test runs', async () => {
    expect((await run(liveDir())).stdout).toBe('no tests running\n');
  });

  it('without --once, outside a terminal, says to run it in one (status 1)', async () => {
    const result = await run(liveDir(), ['watch']);
    expect(result).toMatchObject({
      exitCode: 1,
      stdout: '',
      stderr: 'tmux-shot watch: it draws in your terminal, and its stdin or stdout is not a terminal: run it in one, or use --once.\n',
    });
  });
});
