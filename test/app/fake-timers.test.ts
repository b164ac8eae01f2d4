// The library keeps real time when a test fakes it: a real Vitest run of projects/fake-timers,
// whose tests call vi.useFakeTimers() and then start apps, wait, take screenshots and close.
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createProject } from '../vitest/run-vitest.js';
import type { FixtureProject } from '../vitest/run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('fake-timers', { projectsDir: resolve(import.meta.dirname, 'projects') })));
afterAll(() => project.dispose());

test('tests on fake timers start, wait, screenshot and close apps on real time', { timeout: 120_000 }, async () => {
  // A hang (the bug) ends with `timeout`'s status 124 instead of holding this test forever.
  const run = await project.run(['--testTimeout=20000'], {}, ['timeout', '-k', '5', '60']);
  const states = Object.fromEntries([...run.tests].map(([id, test]) => [id, [test.state, test.errors.map((error) => error.split('\n')[0])]]));
  expect(states).toEqual({
    'fake-timers.test.js > drives the tmuxApp fixture: start, keys, text and settle waits, a screenshot, exit': ['passed', []],
    'fake-timers.test.js > times out on real time, and starts and disposes a server of its own': ['passed', []],
  });
  expect(run.exitCode).toBe(0);
});
