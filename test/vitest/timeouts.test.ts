/**
 * Failing with the screen, not with Vitest's timeout: Vitest runs the fixture project
 * projects/timeouts with its default 5000 ms test timeout. Waits and matchers left at their
 * default timeouts must fail (or give up) on their own before it, naming what they waited for and
 * showing the screen; when Vitest's timeout wins anyway (a longer explicit timeout, a step that
 * hangs), its error still shows the pending wait and the last screen.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject, RunResult, TestReport } from './run-vitest.js';

let project: FixtureProject;
let run: RunResult;
beforeAll(async () => {
  project = await createProject('timeouts', { vitestTimeouts: true });
  run = await project.run();
}, 180_000);
afterAll(() => project.dispose());

function report(id: string): TestReport {
  const found = run.tests.get(id);
  if (!found) throw new Error(`no result for '${id}'; got ${[...run.tests.keys()].join(', ')}\n${run.output}`);
  return found;
}

/** The one error of a failed test. */
function errorOf(id: string): string {
  const { state, errors } = report(id);
  expect({ id, state, count: errors.length }, run.output).toEqual({ id, state: 'failed', count: 1 });
  return errors[0]!;
}

const CUT = /within (\d+) ms \(what was left of the test's 5000 ms timeout\)/;
const STATUS_BLOCK = ['Screen:', '  0 │ Build status', '  1 │', '  2 │ All 12 checks passed', '      (rows 3-4 blank)'];

/**
 * The cut timeout a message names: the test's 5000 ms, less the 1000 ms margin, less what the test
 * had spent before the wait began (the app's start: 1.7 s on a loaded CI machine).
 */
function cutMs(message: string): number {
  const ms = Number(CUT.exec(message)?.[1]);
  expect(ms).toBeGreaterThan(1000);
  expect(ms).toBeLessThanOrEqual(4000);
  return ms;
}

describe('under Vitest’s default 5000 ms test timeout', () => {
  test('no test fails with "Test timed out in 5000ms"', () => {
    expect(run.exitCode).toBe(1);
    expect(run.output).not.toContain('Test timed out in 5000ms');
  });

  test('toShowText of a text that never shows fails with its own message and the screen', () => {
    const message = errorOf('waits.test.js > toShowText of a text that never shows');
    cutMs(message);
    expect(message.replace(CUT, 'within N ms (…)').split('\n')).toEqual([
      "expect(tmuxApp).toShowText('deploy finished')",
      '',
      "Expected the screen to show 'deploy finished' within N ms (…), but it did not.",
      '',
      ...STATUS_BLOCK,
    ]);
  });

  test('waitForText and waitForExit throw WaitTimeoutError with the screen', () => {
    const text = errorOf('waits.test.js > waitForText of a text that never shows');
    cutMs(text);
    expect(text.replace(CUT, 'within N ms (…)')).toBe(["Text 'deploy finished' did not appear within N ms (…).", '', ...STATUS_BLOCK].join('\n'));
    const exit = errorOf('waits.test.js > waitForExit of an app that keeps running');
    cutMs(exit);
    expect(exit.replace(CUT, 'within N ms (…)')).toBe([`'node ${project.dir}/status.mjs' did not exit within N ms (…).`, '', ...STATUS_BLOCK].join('\n'));
  });

  test("the fixture's start fails with the readiness error", () => {
    const message = errorOf('ready.test.js > an app that never prints');
    cutMs(message);
    expect(message.replace(CUT, 'within N ms (…)')).toBe(
      "'sleep 30' printed nothing within N ms (…); pass ready: 'none' (CLI: --ready none) for an app that waits silently.\n\nScreen:\n  (every row blank)",
    );
  });

  test('waitForStable gives up in time, and the test goes on to pass', () => {
    expect(report('settle.test.js > waitForStable gives up in time and the test goes on'), run.output).toMatchObject({
      state: 'passed',
      annotations: [{ type: 'result', message: 'settled: false' }],
    });
  });

  test('toMatchScreenshot and toMatchScreenText of a screen that never settles fail with the last two reads', () => {
    const shot = errorOf('settle.test.js > toMatchScreenshot of a screen that never settles');
    cutMs(shot);
    expect(shot.replace(CUT, 'within N ms (…)')).toMatch(
      /^expect\(tmuxApp\)\.toMatchScreenshot\('ticker'\)\n\nThe screen did not settle within N ms \(…\): two consecutive reads still differed\.\n\d+ cells? differs? on row 1\n/,
    );
    expect(shot).toContain(`Last screen:\n  ${project.dir}/.vitest-attachments/settle.test.js/ticker-actual.png`);
    const text = errorOf('settle.test.js > toMatchScreenText of a screen that never settles');
    cutMs(text);
    expect(text.replace(CUT, 'within N ms (…)')).toMatch(
      /^expect\(tmuxApp\)\.toMatchScreenText\(\)\n\nThe screen did not settle within N ms \(…\): two consecutive reads still differed\.\n\d+ cells? differs? on row 1\n/,
    );
  });
});

describe('in hooks, which have a timeout of their own', () => {
  test.each([
    'hooks.test.js > a wait of the app in afterEach > after a body that used most of the test time',
    'hooks.test.js > toShowText in afterEach > after a body that used most of the test time',
    'hooks.test.js > a wait in beforeEach > may take the default 5000 ms, and the body still has its own time',
  ])('a wait is not cut to what the body left of the test: %s', (id) => {
    expect(report(id)).toMatchObject({ state: 'passed', errors: [] });
  });
});

describe('when Vitest’s timeout wins', () => {
  const TIMED_OUT = [
    'Test timed out in 2500ms.',
    'If this is a long-running test, pass a timeout value as the last argument or configure it globally with "testTimeout".',
    '',
  ];
  const PENDING = /^(Pending: .*, waiting )\d+( ms of 20000 ms\.)$/;

  test('the error shows the pending matcher and the last screen', () => {
    const lines = errorOf('late.test.js > toShowText with a timeout longer than the test').split('\n');
    expect(lines.map((line) => line.replace(PENDING, '$1N$2'))).toEqual([
      ...TIMED_OUT,
      "Pending: expect(tmuxApp).toShowText('deploy finished'), waiting N ms of 20000 ms.",
      '',
      ...STATUS_BLOCK,
    ]);
  });

  test('the error shows the pending wait of the app and the last screen, also in the console', () => {
    const lines = errorOf('late.test.js > waitForText with a timeout longer than the test').split('\n');
    expect(lines.map((line) => line.replace(PENDING, '$1N$2'))).toEqual([
      ...TIMED_OUT,
      "Pending: tmuxApp.waitForText('deploy finished'), waiting N ms of 20000 ms.",
      '',
      ...STATUS_BLOCK,
    ]);
    expect(run.output).toMatch(/Pending: tmuxApp\.waitForText\('deploy finished'\), waiting \d+ ms of 20000 ms\.\n\nScreen:\n  0 │ Build status\n/);
  });

  test('a retry after an attempt that timed out waits again (Vitest keeps the test signal aborted)', () => {
    expect(report('late.test.js > after a first attempt that timed out > a retry waits again')).toMatchObject({ state: 'passed', retryCount: 1 });
  });

  test('with no wait pending, the error shows the last screen', () => {
    expect(errorOf('late.test.js > a step of its own that hangs').split('\n')).toEqual([...TIMED_OUT, ...STATUS_BLOCK]);
  });
});
