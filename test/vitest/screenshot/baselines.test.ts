import type { RunnerTask } from 'vitest';
import { describe, expect, it } from 'vitest';
import { readUpdateMode, sweptTests, unusedBaselines } from '../../../src/vitest/screenshot/baselines.js';

const test = (fullTestName: string, mode: string, state?: string, fails?: boolean) =>
  ({ type: 'test', fullTestName, mode, fails, result: state ? { state } : undefined }) as unknown as RunnerTask;
const suite = (mode: string, tasks: RunnerTask[]) => ({ type: 'suite', mode, tasks }) as unknown as RunnerTask;
const prefix = (name: string) => `/s/${name.replace(/ > | /g, '-')}-`;

describe('sweptTests', () => {
  it.each([
    ['passed', test('a', 'run', 'pass'), true],
    ['failed or timed out', test('a', 'run', 'fail'), false],
    ['skipped, or filtered out by -t', test('a', 'skip'), false],
    ['todo', test('a', 'todo'), false],
    ['still running', test('a', 'run', 'run'), false],
    ['test.fails that failed as expected', test('a', 'run', 'pass', true), false],
  ])('a test %s -> passed %s', (_, task, passed) => {
    expect(sweptTests([task], prefix)).toEqual([{ autoPrefix: '/s/a-', passed }]);
  });

  it('walks suites', () => {
    expect(sweptTests([suite('run', [test('s > a', 'run', 'pass')]), test('b', 'skip')], prefix)).toEqual([
      { autoPrefix: '/s/s-a-', passed: true },
      { autoPrefix: '/s/b-', passed: false },
    ]);
  });
});

describe('unusedBaselines', () => {
  const passed = (name: string) => ({ autoPrefix: prefix(name), passed: true });
  const kept = (name: string) => ({ autoPrefix: prefix(name), passed: false });

  it.each([
    ['a used baseline', ['/s/a-1.png'], ['a-pass'], []],
    ['a passing test no longer asks for its second screenshot', ['/s/a-2.png'], ['a-pass'], ['/s/a-2.png']],
    ['a failed, timed-out, skipped or filtered test keeps its screenshots', ['/s/b-1.png', '/s/b-7.png'], ['a-pass', 'b-kept'], []],
    ['an explicit name (or a gone test) when every test passed', ['/s/dialog.png', '/s/gone-1.png'], ['a-pass'], ['/s/dialog.png', '/s/gone-1.png']],
    ['an explicit name (or a gone test) when some test did not pass', ['/s/dialog.png', '/s/gone-1.png'], ['a-pass', 'b-kept'], []],
    ['a name two tests could make, one of which did not pass', ['/s/a-b-1.png'], ['a-pass', 'a b-kept'], []],
    ['not a counter after the prefix', ['/s/a-x.png', '/s/a-1x.png'], ['a-pass', 'b-kept'], []],
  ])('%s', (_, present, tests, unused) => {
    const swept = tests.map((t) => (t.endsWith('-pass') ? passed(t.slice(0, -5)) : kept(t.slice(0, -5))));
    expect(unusedBaselines(present, new Set(['/s/a-1.png']), swept)).toEqual(unused);
  });

  it('sorts what it returns', () => {
    expect(unusedBaselines(['/s/c.png', '/s/a.png', '/s/b.png'], new Set(['/s/b.png']), [passed('t')])).toEqual(['/s/a.png', '/s/c.png']);
  });
});

describe('readUpdateMode', () => {
  it.each([
    [{ snapshotUpdateState: 'all' }, 'all'],
    [{ _updateSnapshot: 'none' }, 'none'],
    [undefined, 'new'],
  ])('%j -> %s', (snapshotState, mode) => {
    expect(readUpdateMode({ snapshotState } as never)).toBe(mode);
  });

  // The modes of real runs (new locally, none in CI, all with -u) are checked in plugin.test.ts.
});
