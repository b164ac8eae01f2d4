// close() ends the whole process tree of the app's pane: tmux's hangup (SIGHUP to the session
// leader, and to its process group once it exits), then SIGTERM after HOST.hangupGrace, then
// SIGKILL after HOST.terminateGrace, including daemons that left the pane's session.
// fixtures/stubborn.py (an app, a child, a background job, a daemon) logs the signals its app and
// daemon catch.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST } from '../../src/defaults.js';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const STUBBORN = resolve(import.meta.dirname, '../../fixtures/stubborn.py');

let server: TmuxServer;
let scratch: string;
beforeAll(async () => {
  server = await TmuxServer.create();
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-teardown-test-'));
});
afterAll(async () => {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** Live processes whose command line matches `text` (a regular expression, as for pgrep -f; a path no other process has). */
async function processesMentioning(text: string): Promise<string[]> {
  const { stdout } = await execa('pgrep', ['-a', '-f', text], { reject: false });
  return stdout.split('\n').filter((line) => line !== '' && !line.includes('pgrep'));
}

/** The signals each process of the app caught, one `<role> <signal>` line each, sorted. */
async function caught(log: string): Promise<string[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).sort();
}

describe('TmuxApp.close() ends the whole process tree of the pane', () => {
  it.each([
    ['an app that exits on SIGHUP: SIGTERM ends its job', [], 3, []],
    ['an app that ignores SIGHUP: SIGTERM ends it', ['HUP'], 3, ['app SIGHUP']],
    ['an app that ignores SIGHUP and SIGTERM: SIGKILL ends it', ['HUP', 'TERM'], 3, ['app SIGHUP', 'app SIGTERM']],
    ['a daemon (forked twice, setsid), which no hangup reaches: SIGTERM ends it', ['--daemon', 'HUP'], 4, ['app SIGHUP']],
    ['a daemon that ignores SIGTERM: SIGKILL ends it', ['--daemon', 'HUP', 'TERM'], 4, ['app SIGHUP', 'app SIGTERM', 'daemon SIGTERM']],
  ])('%s', async (_, args, processes, signals) => {
    const log = join(scratch, `${args.join('-') || 'none'}.log`);
    const app = await TmuxApp.start({ command: ['python3', STUBBORN, log, ...args], server, ready: { text: 'ready' } });
    expect(await processesMentioning(log)).toHaveLength(processes);
    await app.close();
    expect(await processesMentioning(log)).toEqual([]);
    expect(await caught(log)).toEqual(signals);
  });
});

describe('TmuxApp.close() finds the processes of the pane', () => {
  it('by their session when they cleared their environment (no TMUX_PANE)', async () => {
    const sleeper = `sleep 1000.${process.pid}1`; // a command line no other process has
    const app = await TmuxApp.start({ command: `trap '' HUP; env -i ${sleeper} & echo ready; wait`, server, ready: { text: 'ready' } });
    expect(await processesMentioning(`^${sleeper}$`)).toHaveLength(1);
    await app.close();
    expect(await processesMentioning(sleeper)).toEqual([]);
  });

  it('and resolves without a grace period when the app and its children exit on the hangup', async () => {
    const sleeper = `sleep 1000.${process.pid}2`;
    const app = await TmuxApp.start({ command: `${sleeper} & echo ready; wait`, server, ready: { text: 'ready' } });
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(HOST.hangupGrace);
    expect(await processesMentioning(sleeper)).toEqual([]);
  });
});

describe('TmuxApp.close() finds the processes of the pane by what an app cannot unset', () => {
  // `env: { TMUX: '' }` (natural when testing tmux-aware apps) takes away tmux's mark; `env -i`
  // every mark; setsid the pane's session. Each process here has a command line no other has.
  const sleeper = (n: number) => `sleep 1000.${process.pid}${n}`;
  it.each([
    ["an app that ignores SIGHUP, with env { TMUX: '' }", { TMUX: '' }, `trap '' HUP; echo ready; ${sleeper(3)}`, 3],
    ["its nohup'ed job, with env { TMUX: '' }", { TMUX: '' }, `nohup ${sleeper(4)} >/dev/null 2>&1 & echo ready; wait`, 4],
    ['a job that cleared its environment and left the session (env -i setsid)', {}, `env -i setsid ${sleeper(5)} & echo ready; wait`, 5],
    ["the same, orphaned at once (its parent exited), with env { TMUX: '' }", { TMUX: '' }, `(env -i setsid ${sleeper(6)} &); echo ready; read line`, 6],
  ])('%s', async (_, env, command, n) => {
    const app = await TmuxApp.start({ command, env, server, ready: { text: 'ready' } });
    await expect.poll(() => processesMentioning(`^${sleeper(n)}$`)).toHaveLength(1); // a job may start after 'ready'
    await app.close();
    expect(await processesMentioning(sleeper(n))).toEqual([]);
  });

  it('and when the app has exited, a job it left that cleared its environment and left the session (a dead pane)', async () => {
    const job = sleeper(7);
    const app = await TmuxApp.start({ command: `(trap '' HUP; env -i setsid ${job} &); until pgrep -f '^${job}$' >/dev/null; do :; done; echo ready`, server });
    expect(await app.waitForExit()).toEqual({ exitCode: 0, signal: null });
    expect(await processesMentioning(job)).toEqual([]);
    await app.close();
  });
});
