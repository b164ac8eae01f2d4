import { describe, expect, it } from 'vitest';
import { STEPS } from '../../src/defaults.js';
import { StepLog, firstLine, formatCall } from '../../src/app/steps.js';

describe('formatCall', () => {
  it.each([
    ['press', ['Down', 'Enter'], "press('Down', 'Enter')"],
    ['type', ['hello'], "type('hello')"],
    ['type', ["it's a\\b\n\r\t\x1b"], "type('it\\'s a\\\\b\\n\\r\\t\\x1b')"],
    ['type', ['x'.repeat(50)], `type('${'x'.repeat(39)}…')`],
    ['type', ['😀'.repeat(41)], `type('${'😀'.repeat(39)}…')`],
    ['waitForText', [/Saved/, undefined], 'waitForText(/Saved/)'],
    ['waitForText', ['Saved', { timeout: 100, scrollback: undefined }], "waitForText('Saved', { timeout: 100 })"],
    ['waitForStable', [{}], 'waitForStable({})'],
    ['waitForStable', [undefined], 'waitForStable()'],
    ['resize', [100, 30], 'resize(100, 30)'],
    ['start', [['node', 'menu.mjs']], "start(['node', 'menu.mjs'])"],
    [
      'mouse.drag',
      [
        { col: 1, row: 2 },
        { col: 3, row: 4 },
        { steps: 2, modifiers: ['Shift'] },
      ],
      'mouse.drag({ col: 1, row: 2 }, { col: 3, row: 4 }, { steps: 2, modifiers: […] })',
    ],
    ['waitForText', ['a', { signal: new AbortController().signal }], "waitForText('a', { signal: {…} })"],
    ['press', [42, null, () => 1], 'press(42, null, fn)'],
  ])('%s(%j) reads %s', (name, args, title) => {
    expect(formatCall(name, args)).toBe(title);
  });

  it(`cuts strings at STEPS.titleTextChars (${STEPS.titleTextChars}) characters`, () => {
    expect(formatCall('type', ['y'.repeat(STEPS.titleTextChars)])).toBe(`type('${'y'.repeat(STEPS.titleTextChars)}')`);
  });
});

describe('firstLine', () => {
  it.each([
    [new Error('Text did not appear.\n\n  screen'), 'Text did not appear.'],
    ['plain', 'plain'],
    [undefined, 'undefined'],
  ])('of %j is %j', (error, line) => {
    expect(firstLine(error)).toBe(line);
  });
});

/** A step log on a clock that advances 5 ms each time it is read. */
function logOnClock(): StepLog {
  let now = 0;
  return new StepLog(() => (now += 5));
}

describe('StepLog', () => {
  it('logs a step with when it began, how long it took, and the first line of its error', async () => {
    const log = logOnClock();
    await log.run(
      'press',
      () => 'press(a)',
      async () => undefined,
    );
    await expect(
      log.run(
        'wait',
        () => 'waitForText(b)',
        async () => Promise.reject(new Error('no b\nscreen')),
      ),
    ).rejects.toThrow('no b');
    await log.run(
      'wait',
      () => 'waitForStable()',
      async () => false,
      (settled) => (settled ? undefined : 'not settled'),
    );
    expect(log.steps).toEqual([
      { kind: 'press', title: 'press(a)', atMs: 5, durationMs: 5 },
      { kind: 'wait', title: 'waitForText(b)', atMs: 15, durationMs: 5, error: 'no b' },
      { kind: 'wait', title: 'waitForStable()', atMs: 25, durationMs: 5, error: 'not settled' },
    ]);
  });

  it('returns a synchronous result at once, logged, and logs a synchronous throw', () => {
    const log = logOnClock();
    expect(
      log.run(
        'expect',
        () => 'sync',
        () => ({ pass: false }),
        (result) => (result.pass ? undefined : 'failed'),
      ),
    ).toEqual({ pass: false });
    expect(() =>
      log.run(
        'expect',
        () => 'throws',
        () => {
          throw new Error('bad\nmore');
        },
      ),
    ).toThrow('bad');
    expect(log.steps).toEqual([
      { kind: 'expect', title: 'sync', atMs: 5, durationMs: 5, error: 'failed' },
      { kind: 'expect', title: 'throws', atMs: 15, durationMs: 5, error: 'bad' },
    ]);
  });

  it('logs a step inside another as part of it, and steps running side by side each', async () => {
    const log = logOnClock();
    await log.run(
      'expect',
      () => 'expect(tmuxApp).toShowText(a)',
      () =>
        log.run(
          'wait',
          () => 'inner',
          async () => 1,
        ),
    );
    await Promise.all([
      log.run(
        'wait',
        () => 'one',
        async () => 1,
      ),
      log.run(
        'wait',
        () => 'two',
        async () => 2,
      ),
    ]);
    expect(log.steps.map((step) => step.title)).toEqual(['expect(tmuxApp).toShowText(a)', 'one', 'two']);
  });

  it("logs a step of one app's log inside a step of another's: only a log's own steps nest", async () => {
    const outer = logOnClock();
    const inner = logOnClock();
    await outer.run(
      'agent',
      () => 'agent goal',
      () =>
        inner.run(
          'press',
          () => "press('Enter')",
          () =>
            inner.run(
              'wait',
              () => 'nested in its own',
              async () => 1,
            ),
        ),
    );
    expect(outer.steps.map((step) => step.title)).toEqual(['agent goal']);
    expect(inner.steps.map((step) => step.title)).toEqual(["press('Enter')"]);
  });

  it(`keeps the newest STEPS.maxSteps (${STEPS.maxSteps}) steps and counts the dropped ones`, () => {
    const log = logOnClock();
    for (let n = 0; n < STEPS.maxSteps + 3; n++) log.add({ kind: 'press', title: `press(${n})`, atMs: n, durationMs: 0 });
    expect(log.steps.length).toBe(STEPS.maxSteps);
    expect(log.steps[0]!.title).toBe('press(3)');
    expect(log.steps.at(-1)!.title).toBe(`press(${STEPS.maxSteps + 2})`);
    expect(log.dropped).toBe(3);
  });

  it('keeps steps in order of when they began, though a wait is logged as it ends', () => {
    const log = logOnClock();
    for (const atMs of [0, 10, 30, 20, 20, 5]) log.add({ kind: 'press', title: `at ${atMs}`, atMs, durationMs: 0 });
    expect(log.steps.map((step) => step.title)).toEqual(['at 0', 'at 5', 'at 10', 'at 20', 'at 20', 'at 30']);
  });

  it('hands out a copy of frozen steps', () => {
    const log = logOnClock();
    log.add({ kind: 'close', title: 'close()', atMs: 1, durationMs: 0 });
    (log.steps as unknown[]).pop();
    expect(log.steps.length).toBe(1);
    expect(Object.isFrozen(log.steps[0])).toBe(true);
  });
});

describe('StepLog.extend', () => {
  it('makes an action the rest of the newest step of its kind: the steps inside it unlogged, its end and error that step’s', async () => {
    const log = logOnClock();
    log.add({ kind: 'start', title: 'start(a)', atMs: 0, durationMs: 3 });
    await log.extend('start', () =>
      log.run(
        'wait',
        () => 'waitForOutput()',
        async () => false,
        () => 'no output',
      ),
    );
    expect(log.steps).toEqual([{ kind: 'start', title: 'start(a)', atMs: 0, durationMs: 5 }]);
    await expect(log.extend('start', async () => Promise.reject(new Error('no prompt\nscreen')))).rejects.toThrow('no prompt');
    expect(log.steps).toEqual([{ kind: 'start', title: 'start(a)', atMs: 0, durationMs: 10, error: 'no prompt' }]);
    expect(Object.isFrozen(log.steps[0])).toBe(true);
  });

  it('runs unlogged when no step of its kind is kept, or inside another step', async () => {
    const log = logOnClock();
    expect(
      await log.extend('start', async () =>
        log.run(
          'press',
          () => 'press(a)',
          async () => 1,
        ),
      ),
    ).toBe(1);
    expect(log.steps).toEqual([]);
    log.add({ kind: 'start', title: 'start(a)', atMs: 0, durationMs: 3 });
    await log.run(
      'run',
      () => "run('x')",
      () => log.extend('start', async () => 2),
    );
    expect(log.steps.map(({ title, durationMs }) => [title, durationMs])).toEqual([
      ['start(a)', 3],
      ["run('x')", 5],
    ]);
  });
});
