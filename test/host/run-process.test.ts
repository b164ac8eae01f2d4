import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/host/run-process.js';

describe('runProcess', () => {
  it('collects stdout and stderr as UTF-8 without one final newline, and the exit status', async () => {
    const result = await runProcess('sh', ['-c', "printf 'a é\\n\\n'; printf 'oops\\r\\n' >&2; exit 3"], { timeout: 5000 });
    expect(result).toEqual({ exitCode: 3, stdout: 'a é\n', stderr: 'oops', timedOut: false });
  });

  it('runs with exactly the given environment', async () => {
    const result = await runProcess('/usr/bin/env', [], { env: { ONLY: 'this' }, timeout: 5000 });
    expect(result.stdout).toBe('ONLY=this');
  });

  it('ends a process that runs past the timeout with SIGTERM', async () => {
    const result = await runProcess('sleep', ['10'], { timeout: 50 });
    expect(result).toEqual({ exitCode: null, stdout: '', stderr: '', timedOut: true });
  });

  it('kills a process that ignores SIGTERM with SIGKILL HOST.terminateGrace ms later, leaving nothing', async () => {
    // As a tmux that hangs and ignores SIGTERM would (the attack's fake tmux: trap "" TERM; exec sleep 60).
    const result = await runProcess('sh', ['-c', 'trap "" TERM; exec sleep 59.5'], { timeout: 50 });
    expect(result).toEqual({ exitCode: null, stdout: '', stderr: '', timedOut: true });
    expect(spawnSync('pgrep', ['-f', '^sleep 59.5$']).stdout.toString()).toBe('');
  });

  it('resolves with the spawn error of a program that does not exist', async () => {
    const result = await runProcess('/nonexistent/program', [], { timeout: 5000 });
    expect([result.exitCode, result.spawnError?.code, result.timedOut]).toEqual([null, 'ENOENT', false]);
  });
});
