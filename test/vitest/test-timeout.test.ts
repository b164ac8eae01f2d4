import { describe, expect, it } from 'vitest';
import type { RunnerTestCase } from 'vitest';
import { attemptSignal, deadlineOf, formatTimedOut, inTestBody, markTestStart, testDeadline, trackWait, watchScreen } from '../../src/vitest/test-timeout.js';

/** A stand-in for Vitest's test task: what the module reads of it (timeout, result, context.signal), in its body. */
function fakeTask(timeout: number): { task: Readonly<RunnerTestCase>; timeOut: () => Error } {
  const controller = new AbortController();
  const task = { timeout, result: { state: 'run' }, context: { signal: controller.signal } } as unknown as Readonly<RunnerTestCase>;
  return {
    task,
    timeOut: () => {
      const error = new Error('Test timed out in 1500ms.');
      controller.abort(error);
      return error;
    },
  };
}

describe('deadlineOf', () => {
  it.each([
    { startedAt: 1000, testTimeout: 5000, margin: 500, want: { at: 5500, reason: "the test's 5000 ms timeout" } },
    { startedAt: 0, testTimeout: 30_000, margin: 500, want: { at: 29_500, reason: "the test's 30000 ms timeout" } },
    // Vitest runs a test without a timer when its timeout is 0 or Infinity.
    { startedAt: 0, testTimeout: 0, margin: 500, want: undefined },
    { startedAt: 0, testTimeout: Number.POSITIVE_INFINITY, margin: 500, want: undefined },
  ])('a test started at $startedAt with a $testTimeout ms timeout → $want', ({ startedAt, testTimeout, margin, want }) => {
    expect(deadlineOf(startedAt, testTimeout, margin)).toEqual(want);
  });

  it('counts from the start the fixture marked, else from now', () => {
    const { task } = fakeTask(5000);
    const before = performance.now();
    expect(testDeadline(task)!.at).toBeGreaterThanOrEqual(before + 4000);
    markTestStart(task);
    const marked = testDeadline(task)!.at;
    expect(testDeadline(task)!.at).toBe(marked);
    expect(testDeadline(undefined)).toBeUndefined();
  });

  // @vitest/runner's runTest: state 'run' until the body ends; hooks.beforeEach 'run' during those hooks.
  it.each([
    { where: 'the body', result: { state: 'run' }, inBody: true },
    { where: 'the body, after beforeEach hooks', result: { state: 'run', hooks: { beforeEach: 'pass' } }, inBody: true },
    { where: 'a beforeEach hook', result: { state: 'run', hooks: { beforeEach: 'run' } }, inBody: false },
    { where: 'an afterEach hook', result: { state: 'pass', hooks: { beforeEach: 'pass', afterEach: 'run' } }, inBody: false },
    { where: 'teardown after a failure', result: { state: 'fail' }, inBody: false },
  ])('in $where, waits have the deadline: $inBody', ({ result, inBody }) => {
    const { task } = fakeTask(5000);
    Object.assign(task, { result });
    expect(inTestBody(task)).toBe(inBody);
    expect(testDeadline(task) !== undefined).toBe(inBody);
  });

  it('counts from the first wait of the body when the fixture was set up in a beforeEach hook', () => {
    const { task } = fakeTask(5000);
    Object.assign(task, { result: { state: 'run', hooks: { beforeEach: 'run' } } });
    markTestStart(task);
    expect(testDeadline(task)).toBeUndefined();
    task.result!.hooks!.beforeEach = 'pass';
    const bodyStart = performance.now();
    const first = testDeadline(task)!.at;
    expect(first).toBeGreaterThanOrEqual(bodyStart + 4000);
    expect(testDeadline(task)!.at).toBe(first);
  });
});

describe('formatTimedOut', () => {
  it('lists the pending waits, then the screen', () => {
    const pending = [
      { what: "expect(tmuxApp).toShowText('Saved')", timeout: { ms: 20_000 }, waitedMs: 1203.4 },
      { what: 'tmuxApp.waitForExit()', timeout: { ms: 900, cutBy: "the test's 1500 ms timeout" }, waitedMs: 10 },
    ];
    expect(formatTimedOut(pending, 'Saving…\n\n')).toBe(
      [
        "Pending: expect(tmuxApp).toShowText('Saved'), waiting 1203 ms of 20000 ms.",
        "Pending: tmuxApp.waitForExit(), waiting 10 ms of 900 ms (what was left of the test's 1500 ms timeout).",
        '',
        'Screen:',
        '  0 │ Saving…',
        '      (rows 1-2 blank)',
      ].join('\n'),
    );
    expect(formatTimedOut([], 'x')).toBe('Screen:\n  0 │ x');
    expect(formatTimedOut([], undefined)).toBe('');
  });
});

describe('trackWait and a test that times out', () => {
  it('adds the pending waits and the screen of the first to the timeout error, not the waits they use inside', async () => {
    const { task, timeOut } = fakeTask(1500);
    watchScreen(task, () => 'fixture screen');
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const inner = { what: 'tmuxApp.waitForOutput()', timeout: { ms: 50 }, screenText: () => 'inner screen' };
    const outer = trackWait(task, { what: "expect(tmuxApp).toShowText('Saved')", timeout: { ms: 20_000 }, screenText: () => 'Saving…' }, () =>
      trackWait(task, inner, () => blocked),
    );
    const error = timeOut();
    release();
    await outer;
    expect(error.message.replace(/waiting \d+ ms/, 'waiting N ms')).toBe(
      "Test timed out in 1500ms.\n\nPending: expect(tmuxApp).toShowText('Saved'), waiting N ms of 20000 ms.\n\nScreen:\n  0 │ Saving…",
    );
  });

  it('with nothing pending shows the screen the fixture watches; a wait that ended is not pending', async () => {
    const { task, timeOut } = fakeTask(1500);
    watchScreen(task, () => 'last screen');
    await trackWait(task, { what: 'tmuxApp.waitForText(x)', timeout: { ms: 100 }, screenText: () => 'other' }, async () => 'done');
    expect(timeOut().message).toBe('Test timed out in 1500ms.\n\nScreen:\n  0 │ last screen');
  });

  it('leaves the error alone when there is nothing to say, and runs waits outside a test as they are', async () => {
    const { task, timeOut } = fakeTask(1500);
    await expect(trackWait(undefined, { what: 'w', timeout: { ms: 1 }, screenText: () => 's' }, async () => 42)).resolves.toBe(42);
    watchScreen(task, () => {
      throw new Error('closed');
    });
    expect(timeOut().message).toBe('Test timed out in 1500ms.');
  });
});

describe('attemptSignal', () => {
  it("is the test's signal, unless an earlier attempt's timeout aborted it already", () => {
    const { task, timeOut } = fakeTask(1500);
    expect(attemptSignal(task)).toBe(task.context.signal);
    timeOut();
    expect(attemptSignal(task)).toBeUndefined();
    expect(attemptSignal(undefined)).toBeUndefined();
  });
});
