// isProcessRunning: alive and not in exit(), as /proc shows it; the 'exit' hook and reused pids.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { isProcessRunning } from '../../src/host/process-exit.js';
import { canUnsharePids, runInPidNamespace } from './helpers/pid-namespace.js';

it('counts this process as running', () => {
  expect(isProcessRunning(process.pid)).toBe(true);
});

it('counts a process that has exited and been reaped as not running', () => {
  const { pid } = spawnSync('true');
  expect(pid).toBeGreaterThan(0);
  expect(isProcessRunning(pid as number)).toBe(false);
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
