import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandShell, takeReply } from '../../src/host/command-shell.js';
import { isProcessRunning } from '../../src/host/process-exit.js';

const helpers = join(import.meta.dirname, 'helpers');

describe('takeReply', () => {
  const marker = '\x1eM:';
  it.each([
    ['output and its status', 'icanon\n\x1eM:0\n', { stdout: 'icanon', exitCode: 0, rest: '' }],
    ['no output', '\x1eM:127\n', { stdout: '', exitCode: 127, rest: '' }],
    ['output without a final newline', 'a b\x1eM:1\n', { stdout: 'a b', exitCode: 1, rest: '' }],
    ['only one final newline is cut', 'a\n\n\x1eM:0\n', { stdout: 'a\n', exitCode: 0, rest: '' }],
    ['the next reply is left', 'x\x1eM:0\ny\x1eM:2\n', { stdout: 'x', exitCode: 0, rest: 'y\x1eM:2\n' }],
    ['a status not yet ended', 'x\x1eM:12', undefined],
    ['no marker yet', 'half of the output', undefined],
  ] as const)('%s', (_, buffer, reply) => {
    expect(takeReply(buffer, marker)).toEqual(reply);
  });
});

describe('CommandShell', () => {
  const shell = new CommandShell();
  afterAll(() => shell.close());
  const run = (file: string, ...args: string[]) => shell.run(file, args, { timeout: 10_000 });

  it('runs a command with its arguments as given, and says its output and status', async () => {
    expect(await run('printf', '%s|', "it's", 'a b', '$HOME', '*')).toEqual({ exitCode: 0, stdout: "it's|a b|$HOME|*|", timedOut: false });
    expect(await run('sh', '-c', 'echo out; echo err >&2; exit 3')).toEqual({ exitCode: 3, stdout: 'out', timedOut: false });
    expect(await run('no-such-program-here')).toEqual({ exitCode: 127, stdout: '', timedOut: false });
  });

  it('answers commands sent together in their order, from one shell process', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => run('sh', '-c', `echo $PPID ${n}`)));
    const [shellPid] = results[0]!.stdout.split(' ');
    expect(results.map((result) => result.stdout)).toEqual(Array.from({ length: 20 }, (_, n) => `${shellPid} ${n}`));
  });

  it('gives commands no stdin: they cannot read the commands behind them', async () => {
    const [read, after] = await Promise.all([run('sh', '-c', 'cat; echo read'), run('echo', 'after')]);
    expect(read).toEqual({ exitCode: 0, stdout: 'read', timedOut: false });
    expect(after.stdout).toBe('after');
  });

  it('runs an argument with a newline as its own process (the shell reads a command a line)', async () => {
    expect(await run('printf', '%s', 'two\nlines')).toEqual({ exitCode: 0, stdout: 'two\nlines', timedOut: false });
  });

  it('past the timeout kills the shell and what it runs, ends what waited behind, and starts anew', async () => {
    const sleeper = `sleep 1000.${process.pid}3`;
    const stuck = shell.run('sh', ['-c', `exec ${sleeper}`], { timeout: 300 });
    const behind = run('echo', 'behind');
    expect(await stuck).toEqual({ exitCode: null, stdout: '', timedOut: true });
    expect(await behind).toEqual({ exitCode: null, stdout: '', timedOut: false });
    await expect.poll(async () => (await execa('pgrep', ['-f', `^${sleeper}$`], { reject: false })).stdout).toBe('');
    expect(await run('echo', 'again')).toEqual({ exitCode: 0, stdout: 'again', timedOut: false });
  });

  it('gives the next command its own reply, not the late one of a command that timed out', async () => {
    const late = shell.run('sh', ['-c', 'sleep 10; echo late-output'], { timeout: 100 }); // killed at 100 ms
    expect(await late).toEqual({ exitCode: null, stdout: '', timedOut: true });
    expect(await run('echo', 'next')).toEqual({ exitCode: 0, stdout: 'next', timedOut: false });
  });

  it('takes a reply that waits unread in its pipe when the timeout comes (Node was busy) as the reply, not a timeout', async () => {
    const answered = shell.run('echo', ['in-time'], { timeout: 200 });
    const end = performance.now() + 400;
    while (performance.now() < end); // Node busy past the timeout: the shell's reply came at once and waits in the pipe
    expect(await answered).toEqual({ exitCode: 0, stdout: 'in-time', timedOut: false });
    expect(await run('echo', 'next')).toEqual({ exitCode: 0, stdout: 'next', timedOut: false });
  });

  it('runs commands alone once closed', async () => {
    const closed = new CommandShell();
    expect((await closed.run('echo', ['open'], { timeout: 10_000 })).stdout).toBe('open');
    closed.close();
    expect(await closed.run('echo', ['closed'], { timeout: 10_000 })).toEqual({ exitCode: 0, stdout: 'closed', timedOut: false });
  });

  it('never keeps Node running while idle, and its shell ends with Node', async () => {
    const child = await execa(process.execPath, ['--import', join(helpers, 'register-ts.mjs'), join(helpers, 'idle-shell.ts')], { timeout: 10_000 });
    const shellPid = Number(child.stdout);
    expect(shellPid).toBeGreaterThan(1);
    await expect.poll(() => isProcessRunning(shellPid)).toBe(false); // exited (here PID 1 may leave it a zombie)
  });
});
