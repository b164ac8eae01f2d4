import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { pause, startTicker } from '../../src/agent/time.js';
import { systemClock } from '../../src/wait.js';
import { virtualClock } from './app.js';

describe('pause', () => {
  it('never ends before the requested time, fractional ms included', async () => {
    const early: number[] = [];
    for (let i = 0; i < 40; i++) {
      const ms = 2.7 + (i % 5) * 0.6;
      const start = performance.now();
      await pause(systemClock, ms);
      const waited = performance.now() - start;
      if (waited < ms) early.push(waited - ms);
    }
    expect(early).toEqual([]);
  });

  it('ends at once when aborted, before or during the wait', async () => {
    const abort = new AbortController();
    const start = performance.now();
    const waiting = pause(systemClock, 60_000, abort.signal);
    abort.abort();
    await waiting;
    await pause(systemClock, 60_000, abort.signal);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('startTicker', () => {
  it('shoots at start + n·interval while before the deadline', async () => {
    const clock = virtualClock(1000);
    const at: [number, number][] = [];
    const ticker = startTicker(async (n) => void at.push([n, clock.now()]), { start: 1000, interval: 200, deadline: 2200 }, clock);
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
    const ticker = startTicker(async (n) => void shots.push(n), timing, systemClock);
    const t0 = performance.now();
    await ticker.stop();
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(shots).toEqual([]);
  });

  it('stops after a failed frame and rethrows its error from stop()', async () => {
    const clock = virtualClock(1000);
    const broken = new Error('render failed');
    let calls = 0;
    const ticker = startTicker(
      async () => {
        calls++;
        throw broken;
      },
      { start: 1000, interval: 100, deadline: 5000 },
      clock,
    );
    await new Promise((resolve) => setImmediate(resolve));
    await expect(ticker.stop()).rejects.toBe(broken);
    expect(calls).toBe(1);
  });
});
