import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../src/errors.js';
import { formatTimeout, poll, resolveTimeout, startTimer, systemClock } from '../src/wait.js';
import type { Clock } from '../src/wait.js';

const deadline = { at: 4000, reason: "the test's 5000 ms timeout" };

describe('resolveTimeout', () => {
  it.each([
    { explicit: undefined, deadline: undefined, now: 0, want: { ms: 5000 } },
    { explicit: undefined, deadline, now: 0, want: { ms: 4000, cutBy: "the test's 5000 ms timeout" } },
    { explicit: undefined, deadline, now: 1234.6, want: { ms: 2765, cutBy: "the test's 5000 ms timeout" } },
    // Past the deadline a wait still looks once.
    { explicit: undefined, deadline, now: 9000, want: { ms: 1, cutBy: "the test's 5000 ms timeout" } },
    // A deadline further away than the default changes nothing.
    { explicit: undefined, deadline: { at: 60_000, reason: 'x' }, now: 0, want: { ms: 5000 } },
    // An explicit timeout is never cut, 0 included (no limit, for settling).
    { explicit: 20_000, deadline, now: 0, want: { ms: 20_000 } },
    { explicit: 0, deadline, now: 0, want: { ms: 0 } },
  ])('$explicit with deadline $deadline.at at $now → $want', ({ explicit, deadline, now, want }) => {
    expect(resolveTimeout(explicit, 5000, deadline, now)).toEqual(want);
  });

  it.each([
    ['5s', 'timeout', "timeout must be a number of ms, 0 or more; got the string '5s'."],
    [-1, 'timeout', 'timeout must be a number of ms, 0 or more; got -1.'],
    [Number.POSITIVE_INFINITY, 'timeout', 'timeout must be a number of ms, 0 or more; got Infinity.'],
    [null, 'quietMs', 'quietMs must be a number of ms, 0 or more; got null.'],
  ])('refuses %o as %s', (explicit, name, message) => {
    expect(() => resolveTimeout(explicit, 5000, undefined, 0, name)).toThrow(new ConfigError(message));
  });
});

describe('formatTimeout', () => {
  it('says why a timeout was cut short', () => {
    expect(formatTimeout({ ms: 5000 })).toBe('5000 ms');
    expect(formatTimeout({ ms: 4129, cutBy: "the test's 5000 ms timeout" })).toBe("4129 ms (what was left of the test's 5000 ms timeout)");
  });
});

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

/** A probe that answers `value` on its `nth` call (1-based), recording when it was called. */
function answersOn<T>(nth: number, value: T, clock: Clock): (() => T | undefined) & { at: number[] } {
  const at: number[] = [];
  return Object.assign(() => (at.push(clock.now()) === nth ? value : undefined), { at });
}

describe('poll', () => {
  it('returns at once, without pausing, when the probe answers on the first try', async () => {
    const clock = fakeClock();
    expect(await poll(() => 'ready', { timeout: 100, interval: 10, clock })).toBe('ready');
    expect(clock.sleeps).toEqual([]);
  });

  it.each([
    { interval: 10, sleeps: [10, 10, 10] },
    // A widening schedule (Playwright's toHaveScreenshot): the last pause repeats.
    { interval: [100, 250, 500, 1000], sleeps: [100, 250, 500] },
    { interval: [20], sleeps: [20, 20, 20] },
    // A function gives each pause (a quiet period's end).
    { interval: () => 7, sleeps: [7, 7, 7] },
  ])('pauses $interval between probes: $sleeps', async ({ interval, sleeps }) => {
    const clock = fakeClock();
    expect(await poll(answersOn(4, 'found', clock), { timeout: 10_000, interval, clock })).toBe('found');
    expect(clock.sleeps).toEqual(sleeps);
  });

  it('a falsy answer other than undefined counts as found', async () => {
    expect(await poll(() => 0, { timeout: 100, interval: 10, clock: fakeClock() })).toBe(0);
    expect(await poll(() => null, { timeout: 100, interval: 10, clock: fakeClock() })).toBe(null);
  });

  it('probes once more at the deadline (no pause runs past it), then resolves undefined', async () => {
    const clock = fakeClock();
    const probe = answersOn(99, 'never', clock);
    expect(await poll(probe, { timeout: 25, interval: 10, clock })).toBeUndefined();
    expect([probe.at, clock.sleeps]).toEqual([
      [1000, 1010, 1020, 1025],
      [10, 10, 5],
    ]);
  });

  it('with onTimeout, throws its error carrying the stack of the wait’s caller, not of a timer', async () => {
    const clock = fakeClock();
    function waitForPrompt(): Promise<string> {
      return poll<string>(() => undefined, {
        timeout: 25,
        interval: 10,
        clock,
        onTimeout: () => new RangeError('no prompt within 25 ms'),
        caller: waitForPrompt,
      });
    }
    const error = await waitForPrompt().then(
      () => new Error('resolved'),
      (caught: unknown) => caught as Error,
    );
    expect(error).toEqual(new RangeError('no prompt within 25 ms'));
    const stack = error.stack?.split('\n') ?? [];
    expect(stack[0]).toBe('RangeError: no prompt within 25 ms');
    expect(stack[1]).toContain('wait.test.ts'); // the line that called waitForPrompt
    expect(error.stack).not.toContain('onTimeout');
    expect(error.stack).not.toContain('waitForPrompt');
  });

  it('an error thrown by the probe rejects at once', async () => {
    const clock = fakeClock();
    const probe = () => {
      throw new TypeError('probe broke');
    };
    await expect(poll(probe, { timeout: 100, interval: 10, clock, onTimeout: () => new Error('late') })).rejects.toThrow(new TypeError('probe broke'));
    expect(clock.sleeps).toEqual([]);
  });

  it('wake ends pauses instead of the clock: a live screen re-read on new output', async () => {
    const clock = fakeClock();
    const woken: number[] = [];
    const wake = async (ms: number) => {
      woken.push(ms);
      await clock.sleep(1); // output arrived after 1 ms
    };
    expect(await poll(answersOn(3, 'shown', clock), { timeout: 100, interval: 50, wake, clock })).toBe('shown');
    expect([woken, clock.sleeps]).toEqual([
      [50, 50],
      [1, 1],
    ]);
  });

  it('an aborted signal ends the wait as if its time had run out', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    const probe = () => {
      if (clock.now() >= 1020) controller.abort(new Error('test timed out'));
      return undefined;
    };
    expect(await poll(probe, { timeout: 10_000, interval: 10, clock, signal: controller.signal })).toBeUndefined();
    expect(clock.sleeps).toEqual([10, 10]);
    await expect(
      poll(() => undefined, { timeout: 10_000, interval: 10, clock, signal: controller.signal, onTimeout: () => new Error('closed while waiting') }),
    ).rejects.toThrow('closed while waiting');
  });

  it('an abort during a pause of the system clock ends the pause at once', async () => {
    const controller = new AbortController();
    const start = performance.now();
    setTimeout(() => controller.abort(), 20);
    expect(await poll(() => undefined, { timeout: 60_000, interval: 60_000, signal: controller.signal })).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('without a clock, real time passes', async () => {
    const start = performance.now();
    let calls = 0;
    await poll(() => (++calls === 3 ? true : undefined), { timeout: 1000, interval: 20 });
    expect(performance.now() - start).toBeGreaterThanOrEqual(39);
  });
});

describe('systemClock and startTimer: real time, whatever the test fakes', () => {
  afterEach(() => void vi.useRealTimers());

  it('sleeps and reads the time on real timers under vi.useFakeTimers()', async () => {
    vi.useFakeTimers();
    const fakeStart = performance.now();
    const start = systemClock.now();
    await systemClock.sleep(30);
    expect(systemClock.now() - start).toBeGreaterThanOrEqual(29);
    expect(performance.now()).toBe(fakeStart); // the test's own clock stood still
    expect(systemClock.epochNow()).toBeGreaterThan(Date.now() + 1); // Date is the fake one, taken at useFakeTimers()
  });

  /** A connected pair of Unix sockets in a temporary folder, for output that arrives at a chosen moment. */
  async function socketPair(): Promise<{ writer: Socket; reader: Socket } & AsyncDisposable> {
    const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-wait-'));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'socket'), resolve));
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const writer = createConnection(join(dir, 'socket'));
    await new Promise((resolve) => writer.once('connect', resolve));
    const reader = await accepted;
    return {
      writer,
      reader,
      [Symbol.asyncDispose]: async () => {
        writer.destroy();
        reader.destroy();
        await new Promise((resolve) => server.close(resolve));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  /** Blocks the event loop for `ms`: the timers due by then run in one go, after the loop's poll for I/O. */
  function block(ms: number): void {
    const until = performance.now() + ms;
    while (performance.now() < until);
  }

  // Each turn of Node's event loop polls for I/O, then runs the timers that are due. Output that
  // arrives after the poll (here written by a timer due just before; under load, while the process
  // waits for a core) must be read before a sleep ends or a timeout fires.
  it('a sleep ends after the output that came just before its timer fired has been read', async () => {
    await using pair = await socketPair();
    const received: string[] = [];
    pair.reader.on('data', (bytes: Buffer) => received.push(bytes.toString()));
    setTimeout(() => pair.writer.write('output'), 5);
    const seen = systemClock.sleep(5).then(() => [...received]);
    block(30);
    expect(await seen).toEqual(['output']);
  });

  it('a reply that came just before its timeout and cancels it wins: startTimer does not fire', async () => {
    await using pair = await socketPair();
    const fired: string[] = [];
    setTimeout(() => pair.writer.write('reply'), 5);
    const cancel = startTimer(5, () => fired.push('timeout'));
    pair.reader.on('data', () => cancel());
    block(30);
    await systemClock.sleep(20);
    expect(fired).toEqual([]);
  });

  it('startTimer fires once after its time, and not at all once cancelled, on fake timers too', async () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    startTimer(10, () => fired.push('kept'));
    const cancel = startTimer(10, () => fired.push('cancelled'));
    cancel();
    cancel();
    await systemClock.sleep(40);
    expect(fired).toEqual(['kept']);
  });
});
