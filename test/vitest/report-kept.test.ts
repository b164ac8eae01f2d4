/**
 * The screenshot failures kept for a test's report: per run (a retry starts with none), and the
 * names Vitest's `-t` matches, from a test's suites.
 */
import type { RunnerTestCase } from 'vitest';
import { describe, expect, test } from 'vitest';
import type { ReportScreenshot } from '../../src/report/data.js';
import { acceptCommandOf, keepScreenshotFailure, screenshotFailuresOf, testNamesOf } from '../../src/vitest/report-kept.js';

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
    [task({ suite: { name: 'menu' } }), "npx vitest run test/a.test.ts -t '^menu opens$' -u"],
    [task({ file: { name: 'test/a.test.ts', projectName: 'unit' } }), "npx vitest run test/a.test.ts --project unit -t '^opens$' -u"],
  ])('%#', (task, command) => {
    expect(acceptCommandOf(task)).toBe(command);
  });
});
