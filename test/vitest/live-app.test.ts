// The fixtures' pure decisions about a test's apps: why pause() must not wait, and TMUX_SHOT_DEBUG.
import { describe, expect, it } from 'vitest';
import { debugMode, testTimeoutRefusal } from '../../src/vitest/fixtures/live-app.js';

describe('testTimeoutRefusal', () => {
  it.each<[string, { timeout: number } | undefined, string | undefined]>([
    [
      'a test with a timeout',
      { timeout: 5000 },
      'the test has a 5000 ms timeout, which Vitest cannot suspend: run with --test-timeout=0 (or give the test { timeout: 0 })',
    ],
    ['a test without one (0)', { timeout: 0 }, undefined],
    ['a test without one (Infinity)', { timeout: Number.POSITIVE_INFINITY }, undefined],
    ['no test', undefined, undefined],
  ])('%s', (_, task, refusal) => {
    expect(testTimeoutRefusal(task)).toBe(refusal);
  });
});

describe('debugMode', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', true],
    ['true', true],
  ])('TMUX_SHOT_DEBUG=%s is %s', (value, on) => {
    expect(debugMode({ TMUX_SHOT_DEBUG: value })).toBe(on);
  });
});
