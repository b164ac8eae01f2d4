import { describe, expect, it } from 'vitest';
import { formatStopLine, pause, untilAborted } from '../../src/cli/record.js';

/** A promise with its resolve and reject, settled by the test. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('untilAborted', () => {
  it('resolves with the value when the promise settles first', async () => {
    const controller = new AbortController();
    await expect(untilAborted(Promise.resolve(42), controller.signal)).resolves.toBe(42);
  });

  it('passes on a rejection that comes before the abort', async () => {
    const controller = new AbortController();
    await expect(untilAborted(Promise.reject(new Error('timed out')), controller.signal)).rejects.toThrow('timed out');
  });

  it('resolves undefined at the abort and swallows the abandoned promise rejecting later', async () => {
    const controller = new AbortController();
    const pending = deferred<number>();
    const waiting = untilAborted(pending.promise, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    pending.reject(new Error('closed while waiting')); // no unhandled rejection: Vitest would fail the run
  });

  it('resolves undefined at once when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const pending = deferred<number>();
    await expect(untilAborted(pending.promise, controller.signal)).resolves.toBeUndefined();
    pending.reject(new Error('closed while waiting'));
  });
});

describe('pause', () => {
  it('waits the given ms', async () => {
    const start = performance.now();
    await pause(30, new AbortController().signal);
    expect(performance.now() - start).toBeGreaterThanOrEqual(29);
  });

  it('ends at the abort, without an error, long before the ms have passed', async () => {
    const controller = new AbortController();
    const start = performance.now();
    const waiting = pause(60_000, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('formatStopLine', () => {
  it.each([
    [{ signal: 'SIGINT', at: 11_249 }, 1000, 'recording stopped by SIGINT after 10.2 s; saving it (a second SIGINT quits without saving)'],
    [{ signal: 'SIGTERM', at: 1_350 }, 1000, 'recording stopped by SIGTERM after 0.3 s; saving it (a second SIGTERM quits without saving)'],
    [{ signal: 'SIGINT', at: 61_000 }, 1000, 'recording stopped by SIGINT after 60.0 s; saving it (a second SIGINT quits without saving)'],
  ] as const)('%j, started at %d ms', (stop, startedAt, line) => {
    expect(formatStopLine(stop, startedAt)).toBe(`tmux-shot record: ${line}`);
  });
});
