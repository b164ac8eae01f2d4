import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/wait.js';
import { findText } from '../../src/screen/index.js';
import { pollScreen } from '../../src/vitest/poll-screen.js';
import { screen } from './build-snapshot.js';

function fakeClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: async (ms) => void (sleeps.push(ms), (now += ms)) };
}

describe('pollScreen', () => {
  it('returns the first value the condition gives, with the screen it saw', async () => {
    const frames = [screen(['loading'], 10), screen(['loading'], 10), screen(['ready'], 10)];
    const clock = fakeClock();
    const result = await pollScreen(() => frames.shift()!, (s) => findText(s, 'ready'), { timeout: 1000, interval: 50, clock });
    expect(result).toEqual({ met: true, value: { row: 0, col: 0, text: 'ready' }, snapshot: screen(['ready'], 10) });
    expect(clock.sleeps).toEqual([50, 50]);
  });

  it('pauses with wake when given (a live app ends it when output arrives), never with the clock', async () => {
    const frames = [screen(['loading'], 10), screen(['ready'], 10)];
    const clock = fakeClock();
    const wakes: number[] = [];
    const wake = async (ms: number) => void wakes.push(ms);
    const result = await pollScreen(() => frames.shift()!, (s) => findText(s, 'ready'), { timeout: 1000, interval: 50, clock, wake });
    expect(result.met).toBe(true);
    expect(wakes).toEqual([50]);
    expect(clock.sleeps).toEqual([]);
  });

  it('checks once more at the deadline, then gives the last screen', async () => {
    const clock = fakeClock();
    const result = await pollScreen(() => screen(['x'], 3), () => undefined, { timeout: 120, interval: 50, clock });
    expect(result).toEqual({ met: false, snapshot: screen(['x'], 3) });
    expect(clock.sleeps).toEqual([50, 50, 20]);
  });

  it('checks once and stops when the timeout is 0 or the signal is aborted', async () => {
    const clock = fakeClock();
    expect((await pollScreen(() => screen(['x'], 3), () => undefined, { timeout: 0, interval: 50, clock })).met).toBe(false);
    const aborted = AbortSignal.abort();
    expect((await pollScreen(() => screen(['x'], 3), () => undefined, { timeout: 5000, interval: 50, clock, signal: aborted })).met).toBe(false);
    expect(clock.sleeps).toEqual([]);
  });
});
