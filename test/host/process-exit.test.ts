// isProcessRunning: alive and not in exit(), as /proc shows it; the 'exit' hook and reused pids.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { isProcessRunning } from '../../src/host/process-exit.js';
import { isProcessGoneError } from '../../src/host/process-table.js';
import { canUnsharePids, runInPidNamespace } from './helpers/pid-namespace.js';

it('counts this process as running', () => {
  expect(isProcessRunning(process.pid)).toBe(true);
});

it('counts a process that has exited and been reaped as not running', () => {
  const { pid } = spawnSync('true');
  expect(pid).toBeGreaterThan(0);
  expect(isProcessRunning(pid as number)).toBe(false);
});

// tmux reaps a pane's process whenever its event loop gets to it: a check of the process that had
// opened its stat just before then read ESRCH, and counted that as running (a dead pane reported
// alive, once in a full run).
it.runIf(process.platform === 'linux')('counts a process reaped between the open and the read of its /proc stat as gone (ESRCH)', async () => {
  // python3 leaves its child a zombie until it reaps it (os.waitpid), once it reads a line.
  const reaper = 'import os, sys\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\nsys.stdin.readline()\nos.waitpid(pid, 0)';
  const parent = spawn('python3', ['-c', reaper], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [chunk] = (await once(parent.stdout, 'data')) as [Buffer];
  const pid = Number(chunk.toString());
  const fd = openSync(`/proc/${pid}/stat`, 'r');
  try {
    // A zombie once the child has exited (state Z, the third field), and not yet reaped.
    await vi.waitFor(() => expect(readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.[0]).toBe('Z'), { timeout: 5000, interval: 5 });
    expect(isProcessRunning(pid)).toBe(false);
    parent.stdin.end('reap\n');
    await once(parent, 'exit');
    const error = (() => {
      try {
        readSync(fd, Buffer.alloc(1024));
      } catch (thrown) {
        return thrown;
      }
    })();
    expect((error as NodeJS.ErrnoException | undefined)?.code).toBe('ESRCH');
    expect(isProcessGoneError(error, 'linux')).toBe(true);
  } finally {
    closeSync(fd);
  }
});

it.skipIf(!canUnsharePids)('leaves alone, at exit, a process that was handed the pid of a server that died unnoticed', () => {
  // sh is the namespace's pid 1: it outlives the helper, and reads the state of the pid's new owner after the 'exit' hook ran.
  const helpers = join(import.meta.dirname, 'helpers');
  const script = 'pids=$("$@"); set -- $pids; echo "$1 $2 $(cut -d" " -f3 "/proc/$2/stat")"';
  const helper = [process.execPath, '--import', join(helpers, 'register-ts.mjs'), join(helpers, 'reused-server-pid.ts')];
  const run = runInPidNamespace(['sh', '-c', script, 'sh', ...helper], { timeout: 20_000 });
  const [server, stranger, state] = run.stdout.trim().split(' ');
  expect({ reused: stranger === server, state }, run.stderr).toEqual({ reused: true, state: 'S' });
});
