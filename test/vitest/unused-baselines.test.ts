import type { RunnerTask } from 'vitest';
import { describe, expect, it } from 'vitest';
import { ranFully, unusedBaselines } from '../../src/vitest/unused-baselines.js';

const test = (mode: string, state?: string) => ({ type: 'test', mode, result: state ? { state } : undefined }) as unknown as RunnerTask;
const suite = (mode: string, tasks: RunnerTask[]) => ({ type: 'suite', mode, tasks }) as unknown as RunnerTask;

describe('ranFully', () => {
  it.each([
    ['all passed or failed', [test('run', 'pass'), suite('run', [test('run', 'fail')])], true],
    ['one skipped', [test('run', 'pass'), test('skip')], false],
    ['one todo in a suite', [suite('run', [test('todo')])], false],
    ['filtered by -t (skip, never run)', [test('skip'), test('run', 'pass')], false],
    ['a skipped suite', [suite('skip', [test('skip')])], false],
    ['a test still running', [test('run', 'run')], false],
  ])('%s -> %s', (_, tasks, expected) => {
    expect(ranFully(tasks as RunnerTask[])).toBe(expected);
  });
});

describe('unusedBaselines', () => {
  it('lists present baselines nobody used, sorted', () => {
    expect(unusedBaselines(['/s/c.png', '/s/a.png', '/s/b.png'], new Set(['/s/b.png']))).toEqual(['/s/a.png', '/s/c.png']);
  });
});
