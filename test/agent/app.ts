/**
 * The real app the agent tests drive: fixtures/menu.mjs in TmuxApp, on a tmux server of the test
 * file's own, plus a fresh output directory per test. The only fake in these tests is the model.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { screenshotsIn } from '../../src/agent-runner.js';
import type { Clock } from '../../src/wait.js';

const MENU = resolve(import.meta.dirname, '../../fixtures/menu.mjs');

/** The menu's first screen as read_text returns it: 12 rows, trailing blanks trimmed. */
export const FIRST_SCREEN = [
  '┌────────────────────────────┐',
  '│ Menu                       │',
  '├────────────────────────────┤',
  '│ > Open                     │',
  '│   Save                     │',
  '│   Settings                 │',
  '│   Help                     │',
  '│   Quit                     │',
  '└────────────────────────────┘',
  'Use arrows, Enter to choose, q to quit',
  '',
  '',
].join('\n');

/** What each test gets: the running menu app, an empty output directory, and a saver of screenshots into it. */
export interface MenuTestContext {
  app: TmuxApp;
  outDir: string;
  /** The agent option: `<outDir>/<name>.png`, never replacing a file, as the CLI and the fixture save them. */
  saveScreenshot: (name: string, png: Uint8Array) => Promise<string>;
}

/**
 * Registers hooks that start the menu (40×12, ready when its first paint has settled) before
 * each test and close it after; one tmux server per file, disposed at the end.
 */
export function useMenuApp(): MenuTestContext {
  const ctx = {} as MenuTestContext;
  let server: TmuxServer;
  beforeAll(async () => {
    server = await TmuxServer.create();
  });
  afterAll(async () => {
    await server.dispose();
  });
  beforeEach(async () => {
    ctx.outDir = await mkdtemp(join(tmpdir(), 'tmux-shot-agent-'));
    ctx.saveScreenshot = screenshotsIn(ctx.outDir);
    ctx.app = await TmuxApp.start({ command: ['node', MENU], server, cols: 40, rows: 12 });
  });
  afterEach(async () => {
    await ctx.app.close();
    await rm(ctx.outDir, { recursive: true, force: true });
  });
  return ctx;
}

/** Row `row` (0-based) of the app's screen text. */
export function screenRow(app: TmuxApp, row: number): string {
  return app.text().split('\n')[row] ?? '';
}

/**
 * A virtual clock for the agent's `clock` option: `sleep` returns at once, moving `now()` on by the
 * time asked (unless aborted), and notes each pause in `slept` — backoff, delays and waits cost no
 * real time.
 */
export function virtualClock(start = 0): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) return;
      slept.push(ms);
      now += ms;
    },
  };
}

/** The `saveScreenshot` of the CLI, the Vitest fixture and `outDir`, into a folder. */
export { screenshotsIn } from '../../src/agent-runner.js';
