import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/wait.js';
import { settleScreen } from '../../../src/vitest/matchers/settle.js';
import { screen } from '../build-snapshot.js';

/** A clock that advances only when slept on, recording each sleep. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return { sleeps, now: () => now, sleep: async (ms) => void (sleeps.push(ms), (now += ms)) };
}

/** A screen that shows `frames[i]` from `at[i]` ms on the clock. */
function timed(clock: Clock, frames: readonly [number, string][]): () => ReturnType<typeof screen> {
  return () => screen([frames.filter(([at]) => at <= clock.now()).at(-1)![1]], 5);
}

describe('settleScreen', () => {
  it('re-reads on the widening schedule (100, 250, 500, 1000, 1000… ms) until two reads in a row are equal', async () => {
    const frames = [screen(['a'], 3), screen(['b'], 3), screen(['c'], 3), screen(['d'], 3), screen(['e'], 3), screen(['e'], 3)];
    const clock = fakeClock();
    const result = await settleScreen(() => frames.shift()!, { timeout: 10_000, clock });
    expect(result).toEqual({ settled: true, snapshot: screen(['e'], 3) });
    expect(clock.sleeps).toEqual([100, 250, 500, 1000, 1000]);
  });

  it('sees a redraw that comes 60 ms after a first change (two reads 50 ms apart took the old frame)', async () => {
    const clock = fakeClock();
    const read = timed(clock, [
      [0, 'old'],
      [60, 'new'],
    ]);
    expect(await settleScreen(read, { timeout: 5000, clock })).toEqual({ settled: true, snapshot: screen(['new'], 5) });
    expect(clock.sleeps).toEqual([100, 250]);
  });

  it('gives up at the timeout with the last two reads', async () => {
    let n = 0;
    const clock = fakeClock();
    const result = await settleScreen(() => screen([String(n++)], 3), { timeout: 500, clock });
    expect(result).toEqual({ settled: false, previous: screen(['2'], 3), last: screen(['3'], 3) });
    expect(clock.sleeps).toEqual([100, 250, 150]);
  });

  it('does not end on two reads closer than the first interval: a ticker read 10 ms before the deadline has not settled', async () => {
    const clock = fakeClock();
    const ticker = () => screen([`tick ${Math.floor(clock.now() / 40)}`], 10); // a new frame every 40 ms
    const result = await settleScreen(ticker, { timeout: 3860, clock });
    expect(result).toEqual({ settled: false, previous: screen(['tick 71'], 10), last: screen(['tick 96'], 10) });
    expect(clock.sleeps).toEqual([100, 250, 500, 1000, 1000, 1000]); // reads at 0, 100, 350, 850, 1850, 2850 and 3850 ms
  });

  it('waits without limit when the timeout is 0', async () => {
    let n = 0;
    const clock = fakeClock();
    const result = await settleScreen(() => screen([String(Math.min(n++, 40))], 3), { timeout: 0, intervals: [10], clock });
    expect(result.settled).toBe(true);
    expect(clock.sleeps.length).toBe(41);
  });
});

describe('settleScreen with accept (a baseline to match)', () => {
  it('takes the first read without any pause when accept takes it', async () => {
    const clock = fakeClock();
    const seen: string[] = [];
    const accept = (snapshot: ReturnType<typeof screen>) => (seen.push(snapshot.cells[0]![0]!.chars), 'match');
    expect(await settleScreen(() => screen(['a'], 3), { timeout: 5000, clock, accept })).toEqual({
      settled: true,
      snapshot: screen(['a'], 3),
      accepted: 'match',
    });
    expect(clock.sleeps).toEqual([]);
    expect(seen).toEqual(['a']);
  });

  it('asks about each read that differs from the one before, and ends at the first it takes', async () => {
    const clock = fakeClock();
    const read = timed(clock, [
      [0, 'a'],
      [50, 'b'],
      [200, 'c'],
      [800, 'd'],
    ]);
    const asked: string[] = [];
    const accept = (snapshot: ReturnType<typeof screen>) => {
      const text = snapshot.cells[0]![0]!.chars;
      asked.push(text);
      return text === 'd' ? text : undefined;
    };
    expect(await settleScreen(read, { timeout: 5000, clock, accept })).toEqual({ settled: true, snapshot: screen(['d'], 5), accepted: 'd' });
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    expect(clock.sleeps).toEqual([100, 250, 500]);
  });

  it('ends as soon as the screen is stable, even when accept took no read: stable but different', async () => {
    const clock = fakeClock();
    const asked: number[] = [];
    const result = await settleScreen(() => screen(['x'], 3), { timeout: 5000, clock, accept: () => void asked.push(clock.now()) });
    expect(result).toEqual({ settled: true, snapshot: screen(['x'], 3) });
    expect(asked).toEqual([0]); // the second, equal read is not asked about again
    expect(clock.sleeps).toEqual([100]);
  });
});

describe('settleScreen and the test signal', () => {
  it('stops after one more read once the signal is aborted', async () => {
    let n = 0;
    const clock = fakeClock();
    const controller = new AbortController();
    controller.abort();
    const result = await settleScreen(() => screen([String(n++)], 3), { timeout: 5000, clock, signal: controller.signal });
    expect(result).toEqual({ settled: false, previous: screen(['0'], 3), last: screen(['1'], 3) });
    expect(clock.sleeps).toEqual([100]);
  });
});
