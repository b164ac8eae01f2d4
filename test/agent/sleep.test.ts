import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { realSleep } from '../../src/agent/sleep.js';

describe('realSleep', () => {
  it('never ends before the requested time, fractional ms included', async () => {
    const early: number[] = [];
    for (let i = 0; i < 40; i++) {
      const ms = 2.7 + (i % 5) * 0.6;
      const start = performance.now();
      await realSleep(ms);
      const waited = performance.now() - start;
      if (waited < ms) early.push(waited - ms);
    }
    expect(early).toEqual([]);
  });

  it('ends at once when aborted, before or during the wait', async () => {
    const abort = new AbortController();
    const start = performance.now();
    const waiting = realSleep(60_000, abort.signal);
    abort.abort();
    await waiting;
    await realSleep(60_000, abort.signal);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
