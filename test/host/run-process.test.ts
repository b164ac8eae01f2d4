import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST } from '../../src/defaults.js';
import { runProcess } from '../../src/host/run-process.js';
import { canUnsharePids, runInPidNamespace } from './helpers/pid-namespace.js';

// A sleep's seconds end in this process's pid: pgrep and pkill find only ours (another suite may run the same test).
const pid = process.pid;

describe('runProcess', () => {
  it('collects stdout and stderr as UTF-8 without one final newline, and the exit status', async () => {
    const result = await runProcess('sh', ['-c', "printf 'a é\\n\\n'; printf 'oops\\r\\n' >&2; exit 3"], { timeout: 5000 });
    expect(result).toEqual({ exitCode: 3, signal: null, stdout: 'a é\n', stderr: 'oops', timedOut: false });
  });

  it('runs with exactly the given environment', async () => {
    const result = await runProcess('/usr/bin/env', [], { env: { ONLY: 'this' }, timeout: 5000 });
    expect(result.stdout).toBe('ONLY=this');
  });

  it('ends a process that runs past the timeout with SIGTERM', async () => {
    const result = await runProcess('sleep', ['10'], { timeout: 50 });
    expect(result).toEqual({ exitCode: null, signal: 'SIGTERM', stdout: '', stderr: '', timedOut: true });
  });

  it('kills a process that ignores SIGTERM with SIGKILL HOST.terminateGrace ms later, leaving nothing', async () => {
    // As a tmux that hangs and ignores SIGTERM would (the attack's fake tmux: trap "" TERM; exec sleep 60).
    const result = await runProcess('sh', ['-c', `trap "" TERM; exec sleep 59.5${pid}`], { timeout: 50 });
    expect(result).toEqual({ exitCode: null, signal: 'SIGKILL', stdout: '', stderr: '', timedOut: true });
    expect(spawnSync('pgrep', ['-f', `^sleep 59.5${pid}$`]).stdout.toString()).toBe('');
  });

  it('ends at its timeout when a grandchild holds stdout after the child exited, and ends that grandchild too', async () => {
    // The attack: a 10 s timeout took 30 or 60 s while a background job kept the pipe open.
    const started = performance.now();
    const result = await runProcess('sh', ['-c', `echo hi; sleep 59.25${pid} & exit 0`], { timeout: 300 });
    expect(performance.now() - started).toBeLessThan(300 + HOST.terminateGrace + 1000);
    expect(result).toEqual({ exitCode: 0, signal: null, stdout: 'hi', stderr: '', timedOut: true });
    expect(spawnSync('pgrep', ['-f', `^sleep 59.25${pid}$`]).stdout.toString()).toBe('');
  });

  it('ends at its timeout when a grandchild that ignores SIGTERM holds stderr, killing it HOST.terminateGrace ms later', async () => {
    const result = await runProcess('sh', ['-c', `(trap "" TERM; exec sleep 59.75${pid}) & sleep 60`], { timeout: 100 });
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGTERM', timedOut: true });
    expect(spawnSync('pgrep', ['-f', `^sleep 59.75${pid}$`]).stdout.toString()).toBe('');
  });

  it('lets go of output held by a process that left its group (setsid) 2 × HOST.terminateGrace ms after the timeout', async () => {
    const started = performance.now();
    const result = await runProcess('sh', ['-c', `setsid sleep 58.5${pid} & exit 0`], { timeout: 100 });
    try {
      expect(performance.now() - started).toBeLessThan(100 + 2 * HOST.terminateGrace + 1000);
      expect(result).toEqual({ exitCode: 0, signal: null, stdout: '', stderr: '', timedOut: true });
    } finally {
      spawnSync('pkill', ['-f', `^sleep 58.5${pid}$`]);
    }
  });

  it.skipIf(!canUnsharePids)('spares a new group that Linux gave the id of the timed-out group after it emptied (a new pane leads one)', () => {
    const helper = [
      process.execPath,
      '--import',
      join(import.meta.dirname, 'helpers/register-ts.mjs'),
      join(import.meta.dirname, 'helpers/reused-group-id.ts'),
    ];
    const run = runInPidNamespace(helper, { timeout: 20_000 });
    const [leader, stranger, state, inTime] = run.stdout.trim().split(' ');
    expect({ reused: stranger === leader, inTime, state }, run.stderr).toEqual({ reused: true, inTime: 'true', state: 'running' });
  });

  it('names the signal that ended a process', async () => {
    const result = await runProcess('sh', ['-c', 'kill -SEGV $$'], { timeout: 5000 });
    expect(result).toEqual({ exitCode: null, signal: 'SIGSEGV', stdout: '', stderr: '', timedOut: false });
  });

  it('resolves with the spawn error of a program that does not exist', async () => {
    const result = await runProcess('/nonexistent/program', [], { timeout: 5000 });
    expect([result.exitCode, result.spawnError?.code, result.timedOut]).toEqual([null, 'ENOENT', false]);
  });
});
