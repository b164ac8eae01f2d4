import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, TmuxNotFoundError } from '../../src/errors.js';
import { TmuxServer, TmuxSession } from '../../src/host/index.js';
import { isProcessAlive, waitForProcessExit } from '../../src/host/process-exit.js';
import { createLobbyCommands, reapChildrenCommand } from '../../src/host/argv.js';
import { PANE_STATUS_FORMAT, isAwaitingReap } from '../../src/host/pane-status.js';
import { formatTmuxCommandLine } from '../../src/host/quote.js';
import { formatTmuxConfig } from '../../src/host/tmux-config.js';
import { collectOutput } from './helpers/pane-text.js';

const STUBBORN = join(import.meta.dirname, '../../fixtures/stubborn.py');

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-server-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Command lines of live processes that mention `text` (zombies have none). */
async function processesMentioning(text: string): Promise<string[]> {
  const { stdout } = await execa('pgrep', ['-a', '-f', text], { reject: false });
  return stdout.split('\n').filter((line) => line !== '' && !line.includes('pgrep'));
}

/** Runs `env` variables set for the duration of `body`, then restores them. */
async function withEnv<T>(vars: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  try {
    return await body();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Starts a child process that runs `TmuxServer.create()` with a slow tmux: a wrapper that holds
 * back the control client (`tmux -C`) for 20 s, as a loaded machine can. Returns once the server
 * runs and the client is held back: the child (its own process group) and the server's directory.
 */
async function createHeldBack(prefix: string): Promise<{ child: ReturnType<typeof execa>; directory: string }> {
  const tmpdir = await mkdtemp(join(scratch, prefix));
  const held = join(tmpdir, 'control-client-held');
  const wrapper = join(tmpdir, 'slow-tmux');
  await writeFile(wrapper, `#!/bin/sh\ncase " $* " in *" -C "*) : > '${held}'; sleep 20 ;; esac\nexec tmux "$@"\n`, { mode: 0o755 });
  const helpers = join(import.meta.dirname, 'helpers');
  const child = execa(process.execPath, ['--import', join(helpers, 'register-ts.mjs'), join(helpers, 'create-child.ts')], {
    env: { TMUX_SHOT_TMUX: wrapper, TMPDIR: tmpdir },
    detached: true,
    reject: false,
  });
  await vi.waitFor(() => expect(existsSync(held)).toBe(true), { timeout: 10_000, interval: 20 });
  const [directory = ''] = (await readdir(tmpdir)).filter((name) => name.startsWith('tmux-shot-')).map((name) => join(tmpdir, name));
  return { child, directory };
}

describe('TmuxServer', () => {
  it('runs in a private 0700 directory with our config, and leaves nothing behind when disposed', async () => {
    const server = await TmuxServer.create();
    expect(statSync(server.directory).mode & 0o777).toBe(0o700);
    expect(server.connection.socketPath).toBe(join(server.directory, 'socket'));
    const lobby = createLobbyCommands(process.pid, server.directory, server.connection).map((command) => `${formatTmuxCommandLine([command])}\n`);
    await expect(readFile(server.connection.configPath, 'utf8')).resolves.toBe(formatTmuxConfig() + lobby.join(''));
    expect(await server.command(['list-sessions', '-F', '#{session_name}'])).toEqual(['tmux-shot-lobby']);
    expect(isProcessAlive(server.pid)).toBe(true);
    expect(await processesMentioning(server.directory)).not.toEqual([]);

    await server.dispose();
    expect(isProcessAlive(server.pid)).toBe(false);
    expect(existsSync(server.directory)).toBe(false);
    expect(await processesMentioning(server.directory)).toEqual([]);
    await expect(server.dispose()).resolves.toBeUndefined();
  });

  it('disposes its sessions: their processes and control clients are gone', async () => {
    const server = await TmuxServer.create();
    const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
    // A duration no other process on the machine uses (other test runs start `sleep 1000`).
    const sleeper = ['sleep', `1000.${process.pid}`];
    await session.respawnPane({ command: sleeper });
    await vi.waitFor(async () => expect(await processesMentioning(sleeper.join(' '))).toHaveLength(1), { timeout: 5000, interval: 20 });
    await server.dispose();
    expect(session.killed).toBe(true);
    expect(await processesMentioning(server.directory)).toEqual([]);
    expect(await processesMentioning(sleeper.join(' '))).toEqual([]);
  });

  it("ignores the caller's ~/.tmux.conf, XDG config and environment (NO_COLOR)", async () => {
    const home = join(scratch, 'hostile-home');
    await mkdir(join(home, '.config', 'tmux'), { recursive: true });
    const hostile = 'set -g base-index 1\nset -gw pane-base-index 1\nset -g default-size 20x5\nset -g status on\n';
    await writeFile(join(home, '.tmux.conf'), hostile);
    await writeFile(join(home, '.config', 'tmux', 'tmux.conf'), hostile);
    const server = await withEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), NO_COLOR: '1' }, () => TmuxServer.create());
    try {
      const session = await TmuxSession.create(server, { cols: 80, rows: 24 });
      const output = collectOutput(session);
      const report =
        'printf "%s|%s|%s|%s\\n" "${NO_COLOR-unset}" "$HOME" "$(tput cols)x$(tput lines)" ' +
        '"$(tmux display -p -t "$TMUX_PANE" "#{window_index}.#{pane_index} #{window_width}x#{window_height} #{status}")"';
      await session.respawnPane({ command: report });
      expect(await output.until((text) => text.endsWith('\r\n'))).toBe(`unset|${home}|80x24|0.0 80x24 off\r\n`);
    } finally {
      await server.dispose();
    }
  });

  it('uses TMUX_SHOT_TMUX as the binary, and says how to install tmux when it is missing', async () => {
    const error = await withEnv({ TMUX_SHOT_TMUX: '/nonexistent/tmux' }, () => TmuxServer.create()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxNotFoundError);
    expect((error as TmuxNotFoundError).binary).toBe('/nonexistent/tmux');
    expect((error as Error).message).toBe(
      "tmux was not found (tried '/nonexistent/tmux'). Install it (Debian/Ubuntu: apt-get install -y tmux; macOS: brew install tmux) " +
        'or point TMUX_SHOT_TMUX at the binary.',
    );
  });

  it('refuses a TMPDIR so long that the socket path would exceed what a Unix socket allows, saying what to do, and leaves nothing', async () => {
    const deep = join(scratch, 'd'.repeat(60), 'e'.repeat(60));
    await mkdir(deep, { recursive: true });
    const error = await withEnv({ TMPDIR: deep }, () => TmuxServer.create()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    const socketPath = /^The tmux server's socket path '(.+)' is/.exec((error as Error).message)?.[1] ?? '';
    expect(socketPath).toMatch(new RegExp(`^${deep}/tmux-shot-\\w+/socket$`));
    expect((error as Error).message).toBe(
      `The tmux server's socket path '${socketPath}' is ${Buffer.byteLength(socketPath)} bytes, over the 107 a Unix socket path can have: ` +
        'set TMPDIR to a shorter directory (TMPDIR=/tmp), or pass a shorter socketPath to TmuxServer.create().',
    );
    await expect(readdir(deep)).resolves.toEqual([]);
    const explicit = await TmuxServer.create({ socketPath: join(deep, 'socket') }).catch((caught: unknown) => caught);
    expect((explicit as Error).message).toMatch(/^The tmux server's socket path '.+\/socket' is 1\d\d bytes, over the 107 a Unix socket path can have: /);
  });

  it('starts 20 servers in a row on the same socket path, each right after the last one was disposed', async () => {
    const socketPath = join(scratch, 'reused.sock');
    const pids = new Set<number>();
    for (let round = 0; round < 20; round++) {
      await using server = await TmuxServer.create({ socketPath });
      pids.add(server.pid);
      const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
      const output = collectOutput(session);
      // The app lingers: tmux 3.3a can lose a quick exit's output under load (README "Quick exits under load").
      await session.respawnPane({ command: ['sh', '-c', `echo round ${round}; exec cat`] });
      await output.until((text) => text === `round ${round}\r\n`);
    }
    expect(pids.size).toBe(20);
    expect(await processesMentioning(socketPath)).toEqual([]);
  });

  it('refuses a socket where a server not started by us is running', async () => {
    const socketPath = join(scratch, 'foreign.sock');
    await execa('tmux', ['-S', socketPath, '-f', '/dev/null', 'new-session', '-d', 'cat']);
    try {
      await expect(TmuxServer.create({ socketPath })).rejects.toThrow(
        new ConfigError(
          `A tmux server not started by tmux-shot already runs on ${socketPath} (it read '/dev/null'); choose another socketPath or stop that server.`,
        ),
      );
    } finally {
      await execa('tmux', ['-S', socketPath, 'kill-server']);
    }
  });

  it('ends what its panes started when disposed, SIGHUP and SIGTERM ignored, daemons and panes it did not create included', async () => {
    const server = await TmuxServer.create();
    const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
    const log = join(scratch, 'dispose.log');
    const output = collectOutput(session);
    await session.respawnPane({ command: ['python3', STUBBORN, log, '--daemon', 'HUP', 'TERM'] });
    await output.until((text) => text.includes('ready'));
    const foreign = join(scratch, 'dispose-foreign.log');
    await server.command(['new-session', '-d', `exec python3 ${STUBBORN} ${foreign} --daemon HUP TERM`]);
    await vi.waitFor(async () => expect(await processesMentioning(foreign)).toHaveLength(4), { timeout: 5000, interval: 20 });
    expect(await processesMentioning(log)).toHaveLength(4);
    await server.dispose();
    expect(await processesMentioning(log)).toEqual([]);
    expect(await processesMentioning(foreign)).toEqual([]);
    expect((await readFile(log, 'utf8')).split('\n').sort()).toEqual(['', 'app SIGHUP', 'app SIGTERM', 'daemon SIGTERM']);
  });

  it('is killed, and its directory removed, when its process is killed while create() runs, before the control client attaches', {
    timeout: 30_000,
  }, async () => {
    // The process group (the process and the held-back client) is killed meanwhile.
    const { child, directory } = await createHeldBack('create-');
    expect(await processesMentioning(`${directory}/socket`)).not.toEqual([]); // the server runs
    process.kill(-child.pid!, 'SIGKILL');
    await child;
    await vi.waitFor(async () => expect(await processesMentioning(directory)).toEqual([]), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(existsSync(directory)).toBe(false), { timeout: 5_000, interval: 50 });
  });

  it('is killed, and its directory removed, when its process dies and tmux never runs the lobby hooks (a lost SIGCHLD)', {
    timeout: 30_000,
  }, async () => {
    // tmux 3.3a once lost the SIGCHLD of the lobby pane (its `sh` stayed a zombie, `pane-died`
    // never fired) while the control client was held back, so no hook ran and the server outlived
    // its owner. Both hooks are unset here, as if neither fired: the lobby pane must clean up alone.
    const { child, directory } = await createHeldBack('no-hooks-');
    const socket = ['-S', join(directory, 'socket')];
    const lobby = '=tmux-shot-lobby:';
    for (const hook of ['pane-died', 'client-detached']) {
      expect((await execa('tmux', [...socket, 'show-hooks', '-t', lobby, hook])).stdout).toMatch(/^\S+\[0\] (run-shell -b |if-shell -F )/);
      await execa('tmux', [...socket, 'set-hook', '-u', '-t', lobby, hook]);
      expect((await execa('tmux', [...socket, 'show-hooks', '-t', lobby, hook])).stdout).toBe('');
    }
    process.kill(-child.pid!, 'SIGKILL');
    await child;
    await vi.waitFor(async () => expect(await processesMentioning(directory)).toEqual([]), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(existsSync(directory)).toBe(false), { timeout: 5_000, interval: 50 });
  });

  it("outlives the death of another session's pane that tmux handles after that session is gone", async () => {
    // tmux 3.3a handles an event whose session is gone in the context of our client's session,
    // the lobby, whose pane-died hook ended the server in the middle of a test file (CI, and 1 in 3
    // full runs here). A hook that waits (run-shell without -b) holds tmux's queue of events: the
    // app's pane dies behind it, and its session is killed meanwhile, as a test's close does.
    await using server = await TmuxServer.create();
    await server.command(['set-hook', '-g', 'session-created', 'run-shell "sleep 1"']);
    const closed = join(scratch, 'session-closed');
    await server.command(['set-hook', '-g', 'session-closed', `run-shell -b "touch ${closed}"`]);
    const [ids = ''] = await server.command(['new-session', '-d', '-P', '-F', '#{session_id} #{pane_id}', 'true']);
    const [session = '', pane = ''] = ids.split(' ');
    // Dead with its status read (SIGCHLD handled): only then is its pane-died queued; else the kill
    // below would end the pane before tmux knew it had died, and no pane-died would come.
    await expect.poll(() => server.command(['display-message', '-p', '-t', pane, '#{pane_dead}#{pane_dead_status}']), { timeout: 5000 }).toEqual(['10']);
    await server.command(['kill-session', '-t', session]);
    // The session's closing is queued after the pane's death: once its hook ran, the lobby's had.
    await vi.waitFor(() => expect(existsSync(closed)).toBe(true), { timeout: 5_000, interval: 20 });
    // The lobby's hook would start its reaper, which kills the server and removes its directory
    // at once (the server then waits for the reaper, its job, ≈ 1 s, before it exits).
    expect(await waitForProcessExit(server.pid, 1000)).toBe(false);
    expect(existsSync(server.directory)).toBe(true);
    expect(await server.command(['list-sessions', '-F', '#{session_name}'])).toEqual(['tmux-shot-lobby']);
  });

  it("is killed, and its directory removed, by the lobby's pane-died hook when the lobby's own pane dies", async () => {
    const server = await TmuxServer.create();
    // A short sleep in place of the loop that watches the owner, which would clean up itself: only
    // the hook is left.
    await server.command(['respawn-pane', '-k', '-t', '=tmux-shot-lobby:', 'sleep 0.2']);
    await vi.waitFor(
      async () => {
        // tmux 3.3a runs pane-died once it has reaped the pane's process, and misses its SIGCHLD
        // when it comes while libutempter's helper runs for the closed terminal (3 in 15 runs on a
        // loaded machine: see isAwaitingReap); another child's exit makes it reap, as paneStatus does.
        const [status = ''] = await server.command(['display-message', '-p', '-t', '=tmux-shot-lobby:', PANE_STATUS_FORMAT]).catch(() => []);
        if (isAwaitingReap(status)) await server.command(reapChildrenCommand()).catch(() => undefined);
        expect(existsSync(server.directory)).toBe(false);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(await waitForProcessExit(server.pid, 5000)).toBe(true);
    await server.dispose();
  });

  it.each([
    ['throw', 1, null],
    ['sigkill', null, 'SIGKILL'],
  ])('is killed, and its directory removed, when its process dies without disposing it (%s)', async (how, exitCode, signal) => {
    const helpers = join(import.meta.dirname, 'helpers');
    const log = join(scratch, `crash-${how}.log`);
    const app = ['python3', STUBBORN, log, '--daemon', 'HUP', 'TERM'];
    const child = await execa(process.execPath, ['--import', join(helpers, 'register-ts.mjs'), join(helpers, 'crash-child.ts'), how, ...app], {
      reject: false,
    });
    expect(child.exitCode ?? null).toBe(exitCode);
    expect(child.signal ?? null).toBe(signal);
    const { pid, directory } = JSON.parse(child.stdout) as { pid: number; directory: string };
    await expect(waitForProcessExit(pid, 5000)).resolves.toBe(true);
    await vi.waitFor(async () => expect(await processesMentioning(directory)).toEqual([]), { timeout: 5000, interval: 20 });
    expect(existsSync(directory)).toBe(false);
    // Its app, which ignores SIGHUP and SIGTERM, with its child, job and daemon: SIGKILLed at
    // once by the 'exit' hook, or by the server's own reaper after the grace periods.
    await vi.waitFor(async () => expect(await processesMentioning(log)).toEqual([]), { timeout: 5000, interval: 20 });
  });

  // `TMUX=` (natural when testing tmux-aware apps) takes away tmux's mark, `env -i` every mark,
  // setsid the pane's session: what is left are the pane's session, its terminal and descent.
  const unmarked = (tag: string) => {
    const sleepers = [1, 2, 3].map((n) => `sleep 2000.${process.pid}${tag}${n}`); // command lines no other process has
    const [orphan, nohup, foreground] = sleepers;
    const started = [orphan, nohup].map((sleeper) => `pgrep -f '^${sleeper}$' >/dev/null`).join(' && ');
    const script = `trap '' HUP; export TMUX=; (env -i setsid ${orphan} &); nohup ${nohup} >/dev/null 2>&1 & until ${started}; do :; done; echo ready; ${foreground}`;
    return { sleepers, script };
  };
  const allRunning = async (sleepers: string[]) => {
    for (const sleeper of sleepers) await expect.poll(() => processesMentioning(`^${sleeper}$`), { timeout: 5000 }).toHaveLength(1);
  };

  it("ends, when disposed, what a pane it did not create started with TMUX emptied, in a new session and holding the pane's terminal", async () => {
    const server = await TmuxServer.create();
    const { sleepers, script } = unmarked('1');
    await server.command(['new-session', '-d', script]);
    await allRunning(sleepers);
    await server.dispose();
    for (const sleeper of sleepers) expect(await processesMentioning(sleeper)).toEqual([]);
  });

  it.each([
    ['throw', 1, null, 0],
    // Killed outright, tmux's own reaper (a shell script) finds them by the mark and the panes' sessions
    // only: the job that left the session escapes there, as the README says (this test ends it).
    ['sigkill', null, 'SIGKILL', 1],
  ])('ends what its pane started with TMUX emptied when its process dies without disposing it (%s)', async (how, exitCode, signal, escaped) => {
    const helpers = join(import.meta.dirname, 'helpers');
    const { sleepers: all, script } = unmarked(how === 'throw' ? '2' : '3');
    const [orphan = '', ...sleepers] = escaped ? all : ['', ...all];
    const child = await execa(process.execPath, ['--import', join(helpers, 'register-ts.mjs'), join(helpers, 'crash-child.ts'), how, 'sh', '-c', script], {
      reject: false,
    });
    expect([child.exitCode ?? null, child.signal ?? null]).toEqual([exitCode, signal]);
    const { pid } = JSON.parse(child.stdout) as { pid: number };
    await expect(waitForProcessExit(pid, 5000)).resolves.toBe(true);
    for (const sleeper of sleepers) await vi.waitFor(async () => expect(await processesMentioning(sleeper)).toEqual([]), { timeout: 5000, interval: 20 });
    if (orphan === '') return;
    const left = await processesMentioning(`^${orphan}$`);
    for (const line of left) process.kill(Number.parseInt(line, 10), 'SIGKILL');
    expect(left).toHaveLength(1);
  });
});
