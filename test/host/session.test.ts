import { mkdir } from 'node:fs/promises';
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, TmuxShotError } from '../../src/errors.js';
import { TmuxServer, TmuxSession } from '../../src/host/index.js';
import type { PaneStatus } from '../../src/host/index.js';
import { collectOutput } from './helpers/pane-text.js';
import { canUnsharePids, runInPidNamespace } from './helpers/pid-namespace.js';

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

async function waitForDeath(session: TmuxSession): Promise<PaneStatus> {
  return vi.waitFor(
    async () => {
      const status = await session.paneStatus();
      if (!status.dead) throw new Error('still running');
      return status;
    },
    { timeout: 5000, interval: 10 },
  );
}

describe('TmuxSession', () => {
  it('runs an argv exactly: no shell splitting, quoting, expansion or command separators', async () => {
    const session = await TmuxSession.create(server, { cols: 80, rows: 5 });
    const output = collectOutput(session);
    const args = ['a b', `it's "quoted"`, '$HOME', '`id`', 'x;', ';', '\\;', '#{pane_id}', '~', '-n', ''];
    // The app lingers after printing (until Enter): tmux can lose the output of a process that
    // exits in the instant after writing it (see pane-output.ts), which is not what this tests.
    await session.respawnPane({ command: ['sh', '-c', 'printf "[%s]" "$@"; read line', 'sh', ...args] });
    const expected = args.map((arg) => `[${arg}]`).join('');
    expect(await output.until((text) => text.length >= expected.length)).toBe(expected);
    await session.sendKeys(['Enter']);
    expect(await waitForDeath(session)).toEqual({ dead: true, exitCode: 0, signal: null });
    await session.kill();
  });

  it('runs a string with /bin/sh -c, with env (-e) and a cwd containing #', async () => {
    const cwd = join(server.directory, 'dir #{pane_id} ##');
    await mkdir(cwd);
    const session = await TmuxSession.create(server, { cols: 80, rows: 5 });
    const output = collectOutput(session);
    await session.respawnPane({ command: 'echo "$((6 * 7)) $GREETING $(pwd)"', env: { GREETING: 'hi there' }, cwd });
    expect(await output.until((text) => text.endsWith('\n'))).toBe(`42 hi there ${cwd}\r\n`);
    await session.kill();
  });

  it('refuses a cwd that is not a directory (tmux would silently use another)', async () => {
    const session = await TmuxSession.create(server, { cols: 80, rows: 5 });
    await expect(session.respawnPane({ command: ['true'], cwd: '/nonexistent/dir' })).rejects.toThrow(
      new ConfigError("The working directory '/nonexistent/dir' does not exist or is not a directory."),
    );
    await session.kill();
  });

  it('reads whether the terminal is in canonical mode: bash at its prompt is not, cat is, a dead pane is unknown', async () => {
    const bash = await TmuxSession.create(server, { cols: 40, rows: 5 });
    const prompt = collectOutput(bash);
    await bash.respawnPane({ command: ['bash', '--norc', '--noprofile'], env: { PS1: '$ ' } });
    await prompt.until((text) => text.endsWith('$ '));
    expect(await bash.isCanonical()).toBe(false);
    await bash.kill();
    const cat = await TmuxSession.create(server, { cols: 40, rows: 5 });
    await cat.respawnPane({ command: ['cat'] });
    expect(await cat.isCanonical()).toBe(true);
    await cat.respawnPane({ command: 'exit 0' });
    await waitForDeath(cat);
    expect(await cat.isCanonical()).toBeUndefined();
    await cat.kill();
  });

  it("says how to fix a PATH without mkfifo (for the pane output's FIFO) and leaves no session or pipe behind", async () => {
    // A server of its own: its shell starts with the first session, on the PATH of that moment.
    await using own = await TmuxServer.create();
    const bin = join(own.directory, 'bin-without-mkfifo');
    await mkdir(bin);
    const sessions = await own.command(['list-sessions', '-F', '#{session_id}']);
    const path = process.env['PATH'];
    process.env['PATH'] = bin;
    const created = TmuxSession.create(own, { cols: 20, rows: 5 }).catch((caught: unknown) => caught);
    const error = await created.finally(() => (process.env['PATH'] = path));
    expect(error).toBeInstanceOf(TmuxShotError);
    expect((error as Error).message).toBe("Could not run 'mkfifo' to make the pane's output FIFO (not found on PATH); put coreutils' mkfifo on PATH.");
    expect(await own.command(['list-sessions', '-F', '#{session_id}'])).toEqual(sessions);
    await vi.waitFor(async () => expect((await execa('pgrep', ['-f', `${own.directory}/pane-`], { reject: false })).stdout).toBe(''));
  });

  it("reads the pane's output on this thread, and spawns nothing for it from here: no cat needed on this process's PATH", async () => {
    await using own = await TmuxServer.create();
    await (await TmuxSession.create(own, { cols: 20, rows: 5 })).kill(); // its shell starts, with the PATH of now
    const path = process.env['PATH'];
    process.env['PATH'] = '/nonexistent';
    const created = TmuxSession.create(own, { cols: 20, rows: 5 });
    await created.finally(() => (process.env['PATH'] = path));
    const session = await created;
    const output = collectOutput(session);
    await session.respawnPane({ command: ['printf', 'read here'] });
    await output.until((text) => text === 'read here');
    await session.kill();
  });

  it('reports exit status and signals of the pane', async () => {
    const exited = await TmuxSession.create(server, { cols: 20, rows: 5 });
    await exited.respawnPane({ command: 'exit 3' });
    expect(await waitForDeath(exited)).toEqual({ dead: true, exitCode: 3, signal: null });
    const killed = await TmuxSession.create(server, { cols: 20, rows: 5 });
    await killed.respawnPane({ command: ['sh', '-c', 'kill -TERM $$'] });
    expect(await waitForDeath(killed)).toEqual({ dead: true, exitCode: null, signal: 'SIGTERM' });
    // sh's message, which it prints as it exits: on a loaded machine tmux 3.3a can lose the last
    // output of an app that exits at once (docs/internals/readiness-and-teardown.md, Quick exits),
    // so a round that got none is run again, three rounds at most. kill() returns once the output
    // stream has ended: every byte tmux read has been delivered by then.
    let message = '';
    for (let round = 0; round < 3 && message === ''; round++) {
      const missing = await TmuxSession.create(server, { cols: 40, rows: 5 });
      const output = collectOutput(missing);
      await missing.respawnPane({ command: ['no-such-command-xyz', 'arg'] });
      expect(await waitForDeath(missing)).toEqual({ dead: true, exitCode: 127, signal: null });
      await missing.kill();
      message = output.bytes().toString();
    }
    expect(message).toBe('sh: 1: exec: no-such-command-xyz: not found\r\n');
    await Promise.all([exited.kill(), killed.kill()]);
  });

  it('reports the exit status of a dead pane at once, even when tmux missed its SIGCHLD (30 quick exits)', async () => {
    for (let round = 0; round < 30; round++) {
      const session = await TmuxSession.create(server, { cols: 20, rows: 3 });
      await session.respawnPane({ command: ['true'] });
      // Wait for tmux's own dead flag only; it can come before tmux has reaped the process.
      await vi.waitFor(async () => expect(await server.command(['display-message', '-p', '-t', session.paneId, '#{pane_dead}'])).toEqual(['1']), {
        timeout: 5000,
        interval: 5,
      });
      await expect(session.paneStatus()).resolves.toEqual({ dead: true, exitCode: 0, signal: null });
      await session.kill();
    }
  });

  it('reports a live pane as not dead', async () => {
    const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
    await session.respawnPane({ command: ['sleep', '1000'] });
    await expect(session.paneStatus()).resolves.toEqual({ dead: false, exitCode: null, signal: null });
    await session.kill();
  });

  it('sends bytes exactly, keys by tmux name, and resizes the window exactly', async () => {
    const session = await TmuxSession.create(server, { cols: 30, rows: 6 });
    const output = collectOutput(session);
    // od shows what the tty delivers in raw mode; `stty size` what the app sees as its size.
    await session.respawnPane({ command: 'stty raw -echo opost; stty size; head -c 6 | od -An -tx1; stty size; sleep 1000' });
    await output.until((text) => text.startsWith('6 30'));
    // Resize first: the second `stty size` runs as soon as head has its 6 bytes.
    await session.resizeWindow({ cols: 50, rows: 9 });
    await session.sendBytes(Buffer.from([0x3b, 0x0a, 0x00, 0xc3, 0xa9]));
    await session.sendKeys(['Enter']);
    expect(await output.until((text) => text.includes('9 50'))).toBe('6 30\r\n 3b 0a 00 c3 a9 0d\r\n9 50\r\n');
    expect(await session.capturePane()).toEqual(['6 30', ' 3b 0a 00 c3 a9 0d', '9 50', '', '', '', '', '', '']);
    await session.kill();
  });

  it('pins its window to its size (window-size manual), leaving the lobby window alone', async () => {
    const session = await TmuxSession.create(server, { cols: 33, rows: 7 });
    await expect(server.command(['show-options', '-w', '-v', '-t', session.paneId, 'window-size'])).resolves.toEqual(['manual']);
    await expect(server.command(['display-message', '-p', '-t', session.paneId, '#{window_width}x#{window_height}'])).resolves.toEqual(['33x7']);
    await expect(server.command(['show-options', '-w', '-v', 'window-size'])).resolves.toEqual([]);
    await session.kill();
  });

  it('kills idempotently, ending the output stream', async () => {
    const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
    await session.respawnPane({ command: ['sleep', '1000'] });
    await Promise.all([session.kill(), session.kill()]);
    expect(session.killed).toBe(true);
    await expect(session.outputEnded).resolves.toBeUndefined();
  });
});

describe('TmuxSession with a spare session (spareSession)', () => {
  it('starts each app in a session prepared before it was asked for, fresh: its own size, env and cwd, nothing of the one before', async () => {
    const spared = await TmuxServer.create({ spareSession: true });
    const sessionIds = async () => (await spared.command(['list-sessions', '-F', '#{session_id}'])).sort();
    const first = await TmuxSession.create(spared, { cols: 80, rows: 24 });
    const firstOutput = collectOutput(first);
    await first.respawnPane({ command: 'export LEFT=over; cd /; stty size; echo "[$LEFT]"; exec sleep 1000', env: { ONLY_FIRST: 'yes' } });
    expect(await firstOutput.until((text) => text.includes(']'))).toBe('24 80\r\n[over]\r\n');
    // The spare exists before the next create() asks for it: create() takes it, of another size.
    await vi.waitFor(async () => expect((await sessionIds()).length).toBe(3)); // lobby, first, spare
    const before = await sessionIds();
    const second = await TmuxSession.create(spared, { cols: 40, rows: 10 });
    expect(before).toContain(second.sessionId);
    expect(second.sessionId).not.toBe(first.sessionId);
    const secondOutput = collectOutput(second);
    await second.respawnPane({ command: 'stty size; echo "[$LEFT|$ONLY_FIRST|$ONLY_SECOND]"; pwd', env: { ONLY_SECOND: 'yes' }, cwd: spared.directory });
    expect(await secondOutput.until((text) => text.endsWith(`${spared.directory}\r\n`))).toBe(`10 40\r\n[||yes]\r\n${spared.directory}\r\n`);
    expect(firstOutput.bytes().toString()).toBe('24 80\r\n[over]\r\n');
    await Promise.all([first.kill(), second.kill()]);
    await vi.waitFor(async () => expect((await sessionIds()).length).toBe(2)); // lobby and the next spare
    // The next spare is disposed with the server, its FIFO reader with it.
    await spared.dispose();
    await vi.waitFor(async () => expect((await execa('pgrep', ['-f', `${spared.directory}/pane-`], { reject: false })).stdout).toBe(''));
  });
});

describe('TmuxSession and reused pids', () => {
  it.skipIf(!canUnsharePids)('signals no one once the pane process it looked up has died and its pid names another process', () => {
    const helpers = join(import.meta.dirname, 'helpers');
    const helper = [process.execPath, '--import', join(helpers, 'register-ts.mjs'), join(helpers, 'reused-pane-pid.ts')];
    const run = runInPidNamespace(helper, { timeout: 30_000 });
    const [pane, stranger, returned, state] = run.stdout.trim().split(' ');
    expect({ reused: stranger === pane, returned, state }, run.stderr).toEqual({ reused: true, returned: 'false', state: 'running' });
  });

  it.skipIf(!canUnsharePids)('signals no one when the pane process died before it was looked up and its pid names another process', () => {
    // Only tmux's #{pane_pid} is left to go by: a process with that pid that is no child of the
    // server is another's (a tmux server of another test took SIGTERM so, and ended mid-file).
    const helpers = join(import.meta.dirname, 'helpers');
    const helper = [process.execPath, '--import', join(helpers, 'register-ts.mjs'), join(helpers, 'reused-pane-pid.ts'), 'unlooked'];
    const run = runInPidNamespace(helper, { timeout: 30_000 });
    const [pane, stranger, returned, state] = run.stdout.trim().split(' ');
    expect({ reused: stranger === pane, returned, state }, run.stderr).toEqual({ reused: true, returned: 'false', state: 'running' });
  });
});
