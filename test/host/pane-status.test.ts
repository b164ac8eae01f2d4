import { describe, expect, it } from 'vitest';
import { PANE_STATUS_FORMAT, describeExit, isAwaitingReap, parsePaneStatus } from '../../src/host/pane-status.js';

describe('parsePaneStatus', () => {
  it('reads the format tmux expands', () => {
    expect(PANE_STATUS_FORMAT).toBe('#{pane_dead} #{pane_dead_status} #{pane_dead_signal}');
  });

  it.each([
    ['0  ', { dead: false, exitCode: null, signal: null }],
    ['1 0 ', { dead: true, exitCode: 0, signal: null }],
    ['1 127 ', { dead: true, exitCode: 127, signal: null }],
    ['1  15', { dead: true, exitCode: null, signal: 'SIGTERM' }],
    ['1  9', { dead: true, exitCode: null, signal: 'SIGKILL' }],
    ['1  99', { dead: true, exitCode: null, signal: 'SIG99' }],
    // dead but not yet reaped: no status yet, so not reported as exited
    ['1  ', { dead: false, exitCode: null, signal: null }],
    ['', { dead: false, exitCode: null, signal: null }],
  ])('%j → %j', (line, status) => {
    expect(parsePaneStatus(line)).toEqual(status);
  });
});

describe('isAwaitingReap', () => {
  it.each([
    ['1  ', true],
    ['1 0 ', false],
    ['1  15', false],
    ['0  ', false],
  ])('%j → %s', (line, awaiting) => {
    expect(isAwaitingReap(line)).toBe(awaiting);
  });
});

describe('describeExit: how a process ended, for messages', () => {
  it.each([
    [{ exitCode: 3, signal: null }, 'exit status 3'],
    [{ exitCode: 0, signal: null }, 'exit status 0'],
    [{ exitCode: null, signal: 'SIGSEGV' }, 'SIGSEGV'],
  ])('%o → %s', (exit, text) => {
    expect(describeExit(exit)).toBe(text);
  });
});
