// `tmux-shot watch` on an app that floods its terminal: its redraws are throttled, so it stays
// well under a core however fast the app writes (the screen model still reads every byte).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { TmuxApp } from '../../src/app/index.js';
import { LOBBY_NAME } from '../../src/host/argv.js';
import { registerLiveSession } from '../../src/host/live-sessions.js';
import { TmuxServer } from '../../src/host/server.js';
import { systemClock } from '../../src/wait.js';

const root = resolve(import.meta.dirname, '../..');
const base = mkdtempSync(join(tmpdir(), 'tmux-shot-watch-flood-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** User + system CPU time of `pid` so far, in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

it('stays well under a core while the app it shows floods its terminal', { timeout: 30_000 }, async () => {
  await using server = await TmuxServer.create();
  const live = join(base, 'live');
  // Colour changes and cursor moves as well as text, as a busy TUI writes them.
  const line = '\\033[31mred \\033[1;32mgreen\\033[0m \\033[7minverse\\033[0m \\033[H\\033[2Bhere: an app that never stops drawing';
  await using app = await TmuxApp.start({ command: ['sh', '-c', `yes "$(printf '${line}')"`], cols: 80, rows: 24, server, cwd: root, ready: 'none' });
  let written = 0;
  app.onOutput((bytes) => {
    written += bytes.length;
  });
  const [ids = ''] = (await server.command(['list-panes', '-a', '-F', '#{session_id} #{pane_id} #{session_name}'])).filter(
    (l) => !l.endsWith(` ${LOBBY_NAME}`),
  );
  const [session = '', pane = ''] = ids.split(' ');
  await registerLiveSession(
    { socketPath: server.connection.socketPath, session, pane, command: 'flood', cols: 80, rows: 24, pid: process.pid, startedAt: Date.now(), test: 'floods' },
    live,
  );
  const pidFile = join(base, 'watch.pid');
  const command = ['sh', '-c', `echo $$ > ${pidFile}; exec ${process.execPath} dist/cli/bin.js watch`];
  await using outer = await TmuxApp.start({ command, cols: 100, rows: 30, cwd: root, env: { TMUX_SHOT_LIVE_DIR: live }, ready: 'none' });
  await outer.waitForText('[1/1] floods', { timeout: 10_000 });
  const pid = Number(readFileSync(pidFile, 'utf8'));
  // The window of the measure: while the app writes another 20 MB, which watch reads all of.
  const [cpu0, t0, from] = [cpuMs(pid), systemClock.now(), written];
  await vi.waitFor(() => expect(written - from).toBeGreaterThan(20e6), { timeout: 20_000, interval: 50 });
  const share = (cpuMs(pid) - cpu0) / (systemClock.now() - t0);
  console.log(`watch used ${(share * 100).toFixed(0)} % of a core for ${systemClock.now() - t0} ms`);
  expect(share).toBeLessThan(0.5);
  await outer.press('q');
  expect(await outer.waitForExit()).toEqual({ exitCode: 0, signal: null });
});
