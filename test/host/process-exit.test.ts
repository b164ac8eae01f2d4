// isProcessRunning: alive and not in exit(), as /proc shows it.
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { isProcessRunning } from '../../src/host/process-exit.js';

it('counts this process as running', () => {
  expect(isProcessRunning(process.pid)).toBe(true);
});

it('counts a process that has exited and been reaped as not running', () => {
  const { pid } = spawnSync('true');
  expect(pid).toBeGreaterThan(0);
  expect(isProcessRunning(pid as number)).toBe(false);
});
