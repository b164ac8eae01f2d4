import { describe, expect, it } from 'vitest';
import { startTicker } from '../../src/agent/ticker.js';
import { realSleep, type Sleep } from '../../src/agent/sleep.js';

/** A virtual clock whose sleep advances time at once (resolving early when aborted). */
function virtualTime() {
  let now = 1000;
  const sleep: Sleep = async (ms, signal) => {
    if (!signal?.aborted) now += ms;
  };
  return { clock: () => now, sleep };
}

describe('startTicker', () => {
  it('shoots at start + n·interval while before the deadline', async () => {
    const { clock, sleep } = virtualTime();
    const at: [number, number][] = [];
    const ticker = startTicker(async (n) => void at.push([n, clock()]), { start: 1000, interval: 200, deadline: 2200 }, clock, sleep);
    await new Promise((resolve) => setImmediate(resolve)); // virtual time: every frame is taken by now
    await ticker.stop();
    expect(at).toEqual([
      [1, 1200],
      [2, 1400],
      [3, 1600],
      [4, 1800],
      [5, 2000],
    ]);
  });

  it('stops at once when stopped, mid-wait, on real timers', async () => {
    const shots: number[] = [];
    const timing = { start: performance.now(), interval: 60_000, deadline: Infinity };
    const ticker = startTicker(async (n) => void shots.push(n), timing, () => performance.now(), realSleep);
    const t0 = performance.now();
    await ticker.stop();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(shots).toEqual([]);
  });

  it('stops after a failed frame and rethrows its error from stop()', async () => {
    const { clock, sleep } = virtualTime();
    const broken = new Error('render failed');
    let calls = 0;
    const ticker = startTicker(
      async () => {
        calls++;
        throw broken;
      },
      { start: 1000, interval: 100, deadline: 5000 },
      clock,
      sleep,
    );
    await new Promise((resolve) => setImmediate(resolve));
    await expect(ticker.stop()).rejects.toBe(broken);
    expect(calls).toBe(1);
  });
});
