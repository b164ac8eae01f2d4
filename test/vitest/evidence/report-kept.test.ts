/**
 * The screenshot failures kept for a test's report: per run (a retry starts with none), and the
 * names Vitest's `-t` matches, from a test's suites.
 */
import type { RunnerTestCase } from 'vitest';
import { describe, expect, test } from 'vitest';
import type { ReportScreenshot } from '../../../src/report/data.js';
import {
  acceptCommandOf,
  forgetRun,
  keepScreenshotFailure,
  keepTranscripts,
  keptAppsOf,
  markRunStart,
  runErrorsOf,
  screenshotFailuresOf,
  testNamesOf,
  transcriptsOf,
} from '../../../src/vitest/evidence/report-kept.js';

function failure(name: string): ReportScreenshot {
  return {
    name,
    baseline: `__screenshots__/a.test.ts/${name}.png`,
    kind: 'mismatch',
    message: name,
    actual: { png: new Uint8Array(), widthPx: 1, heightPx: 1 },
    changedCells: [],
  };
}

function task(fields: object): RunnerTestCase {
  return {
    name: 'opens',
    file: { name: 'test/a.test.ts', projectName: '' },
    result: { retryCount: 0, repeatCount: 0 },
    ...fields,
  } as unknown as RunnerTestCase;
}

describe('kept screenshot failures', () => {
  test('are those of the current run, in order', () => {
    const retried = task({});
    expect(screenshotFailuresOf(retried)).toEqual([]);
    keepScreenshotFailure(retried, failure('one'));
    keepScreenshotFailure(retried, failure('two'));
    expect(screenshotFailuresOf(retried).map(({ name }) => name)).toEqual(['one', 'two']);
    retried.result!.retryCount = 1;
    expect(screenshotFailuresOf(retried)).toEqual([]);
    keepScreenshotFailure(retried, failure('three'));
    expect(screenshotFailuresOf(retried).map(({ name }) => name)).toEqual(['three']);
  });

  test('belong to their own test', () => {
    const [a, b] = [task({}), task({})];
    keepScreenshotFailure(a, failure('a'));
    expect(screenshotFailuresOf(b)).toEqual([]);
  });
});

describe("a run's errors and apps", () => {
  test("are the current attempt's: Vitest keeps every attempt's errors in one list", () => {
    const retried = task({ result: { retryCount: 0, repeatCount: 0, errors: [] } });
    const errors = retried.result!.errors!;
    markRunStart(retried);
    errors.push({ message: 'first attempt' });
    expect(runErrorsOf(retried)).toEqual([{ message: 'first attempt' }]);
    keptAppsOf(retried).siblings.push({ label: 'GIF', path: '/a.gif' });
    retried.result!.retryCount = 1;
    expect(keptAppsOf(retried)).toEqual({ recordings: [], siblings: [], recorded: false });
    markRunStart(retried);
    markRunStart(retried); // a second app of the run: the first mark counts
    errors.push({ message: 'retry' });
    expect(runErrorsOf(retried)).toEqual([{ message: 'retry' }]);
  });

  test('are all the errors when the run start was not marked', () => {
    expect(runErrorsOf(task({ result: { retryCount: 1, errors: [{ message: 'a' }] } }))).toEqual([{ message: 'a' }]);
  });
});

describe('forgetRun', () => {
  test("lets go of what the run kept (its report is written): failures, transcripts, apps' recordings", () => {
    const done = task({});
    const other = task({});
    keepScreenshotFailure(done, failure('one'));
    keepScreenshotFailure(other, failure('other'));
    keepTranscripts(done, [{ kind: 'run', prompt: 'open', turns: [], outcome: 'finished', summary: 'opened' }]);
    keptAppsOf(done).siblings.push({ label: 'GIF', path: '/a.gif' });
    forgetRun(done);
    expect([screenshotFailuresOf(done), transcriptsOf(done), keptAppsOf(done)]).toEqual([[], [], { recordings: [], siblings: [], recorded: false }]);
    expect(screenshotFailuresOf(other).map(({ name }) => name)).toEqual(['other']);
  });
});

describe('testNamesOf', () => {
  test.each([
    [{ name: 'opens' }, ['opens']],
    [{ name: 'opens', suite: { name: 'menu' } }, ['menu', 'opens']],
    [{ name: 'c', suite: { name: 'b', suite: { name: 'a' } } }, ['a', 'b', 'c']],
  ])('%j', (task, names) => {
    expect(testNamesOf(task as RunnerTestCase)).toEqual(names);
  });
});

describe('acceptCommandOf', () => {
  test.each([
    [task({ suite: { name: 'menu' } }), "TMUX_SHOT_ACCEPT=a.png npx vitest run test/a.test.ts -t '^menu opens$'"],
    [task({ file: { name: 'test/a.test.ts', projectName: 'unit' } }), "TMUX_SHOT_ACCEPT=a.png npx vitest run test/a.test.ts --project unit -t '^opens$'"],
  ])('%#', (task, command) => {
    expect(acceptCommandOf(task, 'a.png')).toBe(command);
  });
});
