import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/screen/index.js';
import { settleScreen } from '../../src/vitest/settle.js';
import { screen } from './build-snapshot.js';

/** A clock that advances only when slept on, recording each sleep. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: async (ms) => void (sleeps.push(ms), (now += ms)) };
}

describe('settleScreen', () => {
  it('returns the screen once two reads an interval apart are equal', async () => {
    const frames = [screen(['a'], 3), screen(['b'], 3), screen(['c'], 3), screen(['c'], 3)];
    const clock = fakeClock();
    const result = await settleScreen(() => frames.shift()!, { timeout: 1000, interval: 50, clock });
    expect(result).toEqual({ settled: true, snapshot: screen(['c'], 3) });
    expect(clock.sleeps).toEqual([50, 50, 50]);
  });

  it('gives up at the timeout with the last two reads', async () => {
    let n = 0;
    const clock = fakeClock();
    const result = await settleScreen(() => screen([String(n++)], 3), { timeout: 120, interval: 50, clock });
    expect(result).toEqual({ settled: false, previous: screen(['2'], 3), last: screen(['3'], 3) });
    expect(clock.sleeps).toEqual([50, 50, 20]);
  });

  it('waits without limit when the timeout is 0', async () => {
    let n = 0;
    const clock = fakeClock();
    const result = await settleScreen(() => screen([String(Math.min(n++, 40))], 3), { timeout: 0, interval: 50, clock });
    expect(result.settled).toBe(true);
    expect(clock.sleeps.length).toBe(41);
  });
});

describe('settleScreen and the test signal', () => {
  it('stops after one more read once the signal is aborted', async () => {
    let n = 0;
    const clock = fakeClock();
    const controller = new AbortController();
    controller.abort();
    const result = await settleScreen(() => screen([String(n++)], 3), { timeout: 5000, interval: 50, clock, signal: controller.signal });
    expect(result).toEqual({ settled: false, previous: screen(['0'], 3), last: screen(['1'], 3) });
    expect(clock.sleeps).toEqual([50]);
  });
});
