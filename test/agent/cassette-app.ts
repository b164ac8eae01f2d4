/**
 * What the cassette tests share: the menu fixture (or a copy with another title, to change its
 * output) in TmuxApp on a tmux server of the file's own, a temp folder for cassettes and
 * screenshots, and a CassetteAgent over a real file store. The only fake is the model.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { CassetteAgent, type CassetteAgentOptions, type SizedDriver } from '../../src/agent/cassette/agent.js';
import type { CassetteMode } from '../../src/agent/cassette/mode.js';
import type { CassetteSessionOptions } from '../../src/agent/cassette/options.js';
import { CassetteSession, type CassetteClose } from '../../src/agent/cassette/session.js';
import { emptyTally, type CassetteTally } from '../../src/agent/cassette/tally.js';
import type { ChatClient } from '../../src/agent/chat.js';
import { TmuxServer } from '../../src/host/index.js';
import { DEFAULT_TEXT_MASKS, normalizeText } from '../../src/screen/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { fileCassetteStore } from '../../src/vitest/fixtures/cassette-files.js';
import { screenshotsIn } from './app.js';

const MENU = resolve(import.meta.dirname, '../../fixtures/menu.mjs');

/** The re-record command the tests pass (what the Vitest fixture would print). */
export const RE_RECORD = "TMUX_SHOT_CASSETTES=record npx vitest run menu.test.ts -t 'menu'";

/** A client that fails the test if anything asks it for a reply: replay must never reach a model. */
export const offline: ChatClient = {
  chat: {
    completions: {
      create: () => {
        throw new Error('offline: a replay tried to call the model');
      },
    },
  },
};

/** Per test: a temp folder, the cassette path in it, and the apps started (closed after the test). */
export interface CassetteTestContext {
  dir: string;
  cassette: string;
  /**
   * Starts the menu (40×12); `title` replaces its title "Menu", and `edit` its source, to change
   * what it shows.
   */
  start(title?: string, edit?: (source: string) => string): Promise<TmuxApp>;
  /** A CassetteAgent on `app` for `mode`, talking to `model` when one is needed. */
  agent(
    app: TmuxApp,
    mode: CassetteMode,
    model: ChatClient,
    extra?: Partial<CassetteSessionOptions>,
    options?: Partial<CassetteAgentOptions>,
  ): Promise<CassetteAgent>;
  /** Ends the test of the last `agent()`, as the fixture's teardown does: closes its cassette session. */
  end(): Promise<CassetteClose>;
  /** The tally of the last `agent()`. */
  tally: CassetteTally;
  /** The cassette file as JSON. */
  read(): Promise<any>;
}

/** The app as a sized driver. */
export function sized(app: TmuxApp): SizedDriver {
  return Object.assign(app, { size: () => ({ cols: app.screen().cols, rows: app.screen().rows }) });
}

/** Registers the hooks; returns the context filled in before each test. */
export function useCassettes(): CassetteTestContext {
  const ctx = {} as CassetteTestContext;
  let server: TmuxServer;
  let apps: TmuxApp[] = [];
  beforeAll(async () => {
    server = await TmuxServer.create();
  });
  afterAll(async () => {
    await server.dispose();
  });
  beforeEach(async () => {
    ctx.dir = await mkdtemp(join(tmpdir(), 'tmux-shot-cassette-'));
    ctx.cassette = join(ctx.dir, '__cassettes__', 'menu.test.ts', 'menu.json');
    ctx.start = async (title, edit) => {
      let script = MENU;
      if (title !== undefined || edit) {
        script = join(ctx.dir, 'menu-copy.mjs');
        const source = (await readFile(MENU, 'utf8')).replace("' Menu'", JSON.stringify(` ${title ?? 'Menu'}`));
        await writeFile(script, edit ? edit(source) : source);
      }
      const app = await TmuxApp.start({ command: ['node', script], server, cols: 40, rows: 12 });
      apps.push(app);
      await app.waitForText('Quit');
      return app;
    };
    let last: CassetteAgent | undefined;
    ctx.end = () => last!.close();
    ctx.agent = async (app, mode, model, extra = {}, options = {}) => {
      ctx.tally = emptyTally();
      const session = await CassetteSession.open({
        path: ctx.cassette,
        testName: 'menu',
        store: fileCassetteStore,
        mode,
        connect: async () => ({ client: model, model: 'scripted', baseURL: 'http://127.0.0.1:9/v1' }),
        normalize: (text) => normalizeText(text, DEFAULT_TEXT_MASKS),
        reRecord: RE_RECORD,
        tally: ctx.tally,
        ...extra,
      });
      last = new CassetteAgent(sized(app), session, { saveScreenshot: screenshotsIn(join(ctx.dir, 'shots')), log: () => undefined, ...options });
      return last;
    };
    ctx.read = async () => JSON.parse(await readFile(ctx.cassette, 'utf8'));
  });
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await rm(ctx.dir, { recursive: true, force: true });
  });
  return ctx;
}
