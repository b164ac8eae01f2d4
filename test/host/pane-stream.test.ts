// A pane read from outside by a watching control client: its current screen first, then its output,
// into a screen model of our own that must show what the app's own TmuxApp shows, cell for cell.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TmuxApp } from '../../src/app/index.js';
import { TmuxServer } from '../../src/host/server.js';
import { LOBBY_NAME } from '../../src/host/argv.js';
import { type PaneFill, PaneStream, paneFillBytes, parsePaneFill } from '../../src/host/pane-stream.js';
import { ScreenModel } from '../../src/screen/index.js';

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

/** The session and pane ids of the one app running on the server (its only session but the lobby). */
async function target(): Promise<{ session: string; pane: string }> {
  const panes = await server.command(['list-panes', '-a', '-F', '#{session_name} #{session_id} #{pane_id}']);
  const apps = panes.filter((line) => !line.startsWith(`${LOBBY_NAME} `));
  expect(apps).toHaveLength(1);
  const [, session = '', pane = ''] = (apps[0] ?? '').split(' ');
  return { session, pane };
}

async function windowSize(session: string): Promise<string> {
  const [size = ''] = await server.command(['display-message', '-p', '-t', session, '#{window_width}x#{window_height}']);
  return size;
}

/** A stream of the app's pane into a model of its own; disposed with the stream. */
async function follow() {
  const ids = await target();
  let model: ScreenModel | undefined;
  const fills: PaneFill[] = [];
  const stream = await PaneStream.open(server.connection, ids, {
    fill: (fill) => {
      fills.push(fill);
      model ??= new ScreenModel(fill);
      model.resize(fill);
      model.write(paneFillBytes(fill));
    },
    output: (bytes) => model?.write(bytes),
  });
  return {
    ids,
    fills,
    stream,
    model: () => model!,
    async [Symbol.asyncDispose]() {
      await stream.close();
      model?.dispose();
    },
  };
}

/** Waits until the watched model shows exactly the app's screen (cells, cursor, alternate screen). */
async function showsTheApp(app: TmuxApp, model: () => ScreenModel): Promise<void> {
  await vi.waitFor(() => expect(model().snapshot()).toEqual(app.screen()), { timeout: 5_000, interval: 20 });
}

describe('PaneStream', () => {
  it("shows an app that is already running as it is, then follows its keys; the app's size never changes", async () => {
    await using app = await TmuxApp.start({ command: ['node', 'fixtures/menu.mjs'], cols: 40, rows: 12, server });
    await app.waitForText('> Open');
    await using watched = await follow();
    expect(watched.model().text()).toBe(app.text());
    await showsTheApp(app, watched.model);
    expect(watched.model().snapshot().alternateScreen).toBe(true);
    await app.press('Down');
    await app.waitForText('> Save');
    await showsTheApp(app, watched.model);
    expect(watched.fills).toHaveLength(1);
    expect(await windowSize(watched.ids.session)).toBe('40x12');
    const clients = await server.command(['list-clients', '-t', watched.ids.session, '-F', '#{client_flags}']);
    expect(clients).toEqual(['attached,focused,control-mode,ignore-size,read-only,UTF-8']);
  });

  it('colours and attributes come through the first read (capture-pane -e) and the output alike', async () => {
    const script =
      "printf '\\033[1;31mred\\033[0m \\033[42;3mgreen\\033[0m \\033[38;2;1;2;3mrgb\\033[0m\\n'; read x; printf '\\033[4munder\\033[0m\\n'; exec cat";
    await using app = await TmuxApp.start({ command: ['sh', '-c', script], cols: 30, rows: 5, server });
    await app.waitForText('rgb');
    await using watched = await follow();
    await showsTheApp(app, watched.model);
    await app.press('Enter');
    await app.waitForText('under');
    await showsTheApp(app, watched.model);
  });

  it('reads the main screen under an alternate one, so leaving it shows the right text', async () => {
    const script = "printf 'main line\\n'; printf '\\033[?1049h\\033[Halt screen'; read x; printf '\\033[?1049l'; exec cat";
    await using app = await TmuxApp.start({ command: ['sh', '-c', script], cols: 30, rows: 5, server });
    await app.waitForText('alt screen');
    await using watched = await follow();
    expect(watched.model().snapshot().alternateScreen).toBe(true);
    await app.press('Enter');
    await app.waitForText('main line');
    await showsTheApp(app, watched.model);
    expect(watched.model().text().split('\n')[0]).toBe('main line');
  });

  it("reads the screen again when the app's window is resized", async () => {
    await using app = await TmuxApp.start({ command: ['node', 'fixtures/menu.mjs'], cols: 40, rows: 12, server });
    await app.waitForText('> Open');
    await using watched = await follow();
    await app.resize(50, 14);
    await vi.waitFor(() => expect(watched.fills.map((f) => `${f.cols}x${f.rows}`)).toEqual(['40x12', '50x14']));
    await showsTheApp(app, watched.model);
  });

  it('ends when the app closes; closing detaches its client and leaves the app running', async () => {
    await using app = await TmuxApp.start({ command: ['node', 'fixtures/menu.mjs'], cols: 40, rows: 12, server });
    await app.waitForText('> Open');
    const watched = await follow();
    await watched[Symbol.asyncDispose]();
    expect(await server.command(['list-clients', '-t', watched.ids.session, '-F', '#{client_name}'])).toEqual([]);
    await app.press('Down');
    await app.waitForText('> Save');
    const again = await follow();
    await app.close();
    await expect(again.stream.ended).resolves.toBeUndefined();
    await again[Symbol.asyncDispose]();
    // Its client was detached by the session's end: the lobby's hook must not take that for its own client leaving.
    expect(await server.command(['display-message', '-p', 'still running'])).toEqual(['still running']);
  });

  it('refuses a session that does not exist', async () => {
    await expect(PaneStream.open(server.connection, { session: '$999', pane: '%999' }, { fill: () => undefined, output: () => undefined })).rejects.toThrow(
      "tmux refused to attach: can't find session: $999",
    );
  });
});

describe('the fill', () => {
  it.each([
    [
      'the main screen',
      [['80 24 3 4 1 0 0 23 0 0'], [], ['a', 'b']],
      {
        cols: 80,
        rows: 24,
        cursor: { col: 3, row: 4, visible: true },
        alternate: false,
        mainCursor: { col: 0, row: 0 },
        scrollRegion: { top: 0, bottom: 23 },
        lines: ['a', 'b'],
        main: [],
      },
      '\x1bc\x1b)0\x1b[1;1Ha\x1b[2;1Hb\x1b[0m\x0f\x1b[5;4H',
    ],
    [
      'an alternate screen, cursor hidden, a scroll region',
      [['10 3 0 2 0 1 1 2 1 0'], ['m'], ['x', '', 'z']],
      {
        cols: 10,
        rows: 3,
        cursor: { col: 0, row: 2, visible: false },
        alternate: true,
        mainCursor: { col: 1, row: 0 },
        scrollRegion: { top: 1, bottom: 2 },
        lines: ['x', '', 'z'],
        main: ['m'],
      },
      '\x1bc\x1b)0\x1b[1;1Hm\x1b[0m\x0f\x1b[1;2H\x1b[?1049h\x1b[1;1Hx\x1b[2;1H\x1b[3;1Hz\x1b[0m\x0f\x1b[2;3r\x1b[3;1H\x1b[?25l',
    ],
  ])('%s', (_, replies, fill, bytes) => {
    expect(parsePaneFill(replies)).toEqual(fill);
    expect(paneFillBytes(fill).toString('utf8')).toBe(bytes);
  });

  it('refuses a reply that is not the fill format', () => {
    expect(() => parsePaneFill([['80 24'], [], []])).toThrow("tmux answered '80 24' for the pane's size and cursor");
  });
});
