import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxCommandError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { ControlClient } from '../../src/host/control-client.js';
import { runTmux } from '../../src/host/run-tmux.js';

let server: TmuxServer;
let client: ControlClient;
let sessionId: string;

beforeAll(async () => {
  server = await TmuxServer.create();
  sessionId = (await runTmux(server.connection, [['new-session', '-d', '-P', '-F', '#{session_id}', 'cat']])).trim();
  client = await ControlClient.attach(server.connection, sessionId);
});
afterAll(async () => {
  await client.close();
  await server.dispose();
});

describe('ControlClient', () => {
  it.each([
    'plain',
    'a b',
    'x;',
    ';',
    '$HOME and ${HOME}',
    '~/not-home',
    '#{pane_id} #(echo no)',
    'say "hi"',
    "it's",
    'back\\slash\\',
    'tab\there',
    'bell\x07 and esc\x1b[0m',
    'naïve 日本 😀',
    '{braces} %if',
    '-n',
    'two\nlines',
  ])('sends %j to tmux unchanged (set-buffer, then save-buffer to a file)', async (value) => {
    const file = join(server.directory, 'buffer');
    await client.command(['set-buffer', '-b', 'round-trip', '--', value]);
    await client.command(['save-buffer', '-b', 'round-trip', file]);
    await expect(readFile(file, 'utf8')).resolves.toBe(value);
  });

  it('answers commands sent together in order', async () => {
    const replies = await Promise.all(['1', '2', '3', '4', '5'].map((n) => client.command(['display-message', '-p', n])));
    expect(replies).toEqual([['1'], ['2'], ['3'], ['4'], ['5']]);
  });

  it("rejects on %error with tmux's message, and keeps answering", async () => {
    const error = await client.command(['kill-session', '-t', '$999']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxCommandError);
    expect((error as TmuxCommandError).message).toBe('tmux kill-session -t "\\$999" failed: can\'t find session: $999');
    expect((error as TmuxCommandError).stderr).toBe("can't find session: $999");
    await expect(client.command(['display-message', '-p', 'still here'])).resolves.toEqual(['still here']);
  });

  it('rejects a command that outlives its timeout; its late reply goes to no one else', async () => {
    process.kill(server.pid, 'SIGSTOP'); // a server that cannot answer
    try {
      const slow = client.command(['display-message', '-p', 'late'], { timeout: 50 });
      const next = client.command(['display-message', '-p', 'next']);
      await expect(slow).rejects.toThrow(TmuxCommandError);
      await expect(slow).rejects.toMatchObject({
        message: "tmux did not answer 'display-message -p late' within 50 ms",
        args: ['display-message', '-p', 'late'],
      });
      process.kill(server.pid, 'SIGCONT');
      await expect(next).resolves.toEqual(['next']);
    } finally {
      process.kill(server.pid, 'SIGCONT');
    }
  });

  it('runs commands given together as one line, each with its own reply', async () => {
    await expect(
      client.commands([
        ['display-message', '-p', 'a'],
        ['display-message', '-p', 'b;c'],
      ]),
    ).resolves.toEqual([['a'], ['b;c']]);
  });

  it('rejects commands given together at the first that fails: tmux skips the rest of the line, and the client keeps answering', async () => {
    const file = join(server.directory, 'skipped');
    const run = client.commands([
      ['display-message', '-p', 'a'],
      ['kill-session', '-t', '$999'],
      ['set-buffer', '-b', 'skipped', 'x'],
    ]);
    await expect(run).rejects.toThrow('tmux kill-session -t "\\$999" failed: can\'t find session: $999');
    await expect(client.command(['display-message', '-p', 'after'])).resolves.toEqual(['after']);
    await expect(client.command(['save-buffer', '-b', 'skipped', file])).rejects.toThrow('no buffer skipped');
  });

  it('refuses to attach to a session that does not exist', async () => {
    await expect(ControlClient.attach(server.connection, '$999')).rejects.toThrow(TmuxCommandError);
  });

  // A suite run once saw 'tmux control client exited' and nothing more: whether tmux let the client
  // go or something killed it is now in the message.
  it('says how the client ended when something kills it: later commands reject naming the signal', async () => {
    const other = await ControlClient.attach(server.connection, sessionId);
    // The newest control client this process started: `tmux -S <socket> -f <config> -C attach…`.
    const newest = spawnSync('pgrep', ['-n', '-P', String(process.pid), '-f', `${server.connection.socketPath} .* -C `], { encoding: 'utf8' });
    const pid = Number(newest.stdout);
    expect(pid).toBeGreaterThan(1);
    process.kill(pid, 'SIGKILL');
    await other.exited;
    await expect(other.command(['display-message', '-p', 'x'])).rejects.toThrow(/^tmux control client exited \(killed by SIGKILL\)$/);
  });

  it('closes: the process exits and later commands reject', async () => {
    const other = await ControlClient.attach(server.connection, sessionId);
    await other.close();
    await expect(other.exited).resolves.toBeUndefined();
    await expect(other.command(['display-message', '-p', 'x'])).rejects.toThrow(TmuxCommandError);
  });
});
