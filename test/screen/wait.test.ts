import { describe, expect, test } from 'vitest';
import { waitFor } from '../../src/screen/index.js';
import type { Clock } from '../../src/screen/index.js';

/** A clock that only moves when waited on, recording every sleep. */
function fakeClock(): Clock & { sleeps: number[] } {
  let now = 1000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('waitFor', () => {
  test('returns at once, without sleeping, when the probe answers on the first try', async () => {
    const clock = fakeClock();
    const value = await waitFor(() => 'ready', { timeout: 100, pollMs: 10, clock, onTimeout: () => new Error('late') });
    expect([value, clock.sleeps]).toEqual(['ready', []]);
  });

  test('polls every pollMs until the probe answers', async () => {
    const clock = fakeClock();
    let calls = 0;
    const value = await waitFor(() => (++calls === 4 ? calls : undefined), {
      timeout: 100,
      pollMs: 10,
      clock,
      onTimeout: () => new Error('late'),
    });
    expect([value, clock.sleeps, clock.now()]).toEqual([4, [10, 10, 10], 1030]);
  });

  test('a falsy answer other than undefined counts as found', async () => {
    const clock = fakeClock();
    expect(await waitFor(() => 0, { timeout: 100, pollMs: 10, clock, onTimeout: () => new Error('late') })).toBe(0);
  });

  test('times out with the onTimeout error after probing once more at the deadline', async () => {
    const clock = fakeClock();
    const probedAt: number[] = [];
    const wait = waitFor(
      () => {
        probedAt.push(clock.now());
        return undefined;
      },
      { timeout: 25, pollMs: 10, clock, onTimeout: () => new RangeError('no prompt within 25 ms') },
    );
    await expect(wait).rejects.toThrow(new RangeError('no prompt within 25 ms'));
    expect([probedAt, clock.sleeps]).toEqual([[1000, 1010, 1020, 1025], [10, 10, 5]]);
  });

  test('the timeout error carries the stack of the waitFor call, not of a timer', async () => {
    const clock = fakeClock();
    const error = await waitFor(() => undefined, { timeout: 1, pollMs: 1, clock, onTimeout: () => new Error('late') }).then(
      () => new Error('resolved'),
      (caught: unknown) => caught as Error,
    );
    const stack = error.stack ?? '';
    expect(stack.split('\n')[0]).toBe('Error: late');
    expect(stack).toContain('wait.test.ts');
    expect(stack).not.toContain('onTimeout');
  });

  test('an error thrown by the probe rejects at once', async () => {
    const clock = fakeClock();
    const wait = waitFor(
      () => {
        throw new TypeError('probe broke');
      },
      { timeout: 100, pollMs: 10, clock, onTimeout: () => new Error('late') },
    );
    await expect(wait).rejects.toThrow(new TypeError('probe broke'));
    expect(clock.sleeps).toEqual([]);
  });

  test('without a clock, real time passes', async () => {
    const start = performance.now();
    let calls = 0;
    await waitFor(() => (++calls === 3 ? true : undefined), { timeout: 1000, pollMs: 20, onTimeout: () => new Error('late') });
    expect(performance.now() - start).toBeGreaterThanOrEqual(39);
  });
});
