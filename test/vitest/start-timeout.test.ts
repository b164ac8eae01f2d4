// A test that times out inside tmuxApp.start() leaves nothing behind: the fixture owns the app
// from the moment its session exists and closes it (aborting start) when the test ends. Run on
// the fixture project projects/start-timeout, in a real child Vitest.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('start-timeout')));
afterAll(() => project.dispose());

test('tests that time out in start(), retried twice, leave no app, pane reader or FIFO', { timeout: 120_000 }, async () => {
  const run = await project.run();
  const states = Object.fromEntries([...run.tests].map(([id, test]) => [id, [test.state, test.retryCount, test.errors.map((error) => error.split('\n')[0])]]));
  expect(states, run.output).toEqual({
    "start-timeout.test.js > starts the worker's tmux server": ['passed', 0, []],
    'start-timeout.test.js > times out in start() called by the test': ['failed', 2, Array(3).fill('Test timed out in 500ms.')],
    'start-timeout.test.js > with the command in tmuxOptions > times out in start() called by the fixture': ['failed', 0, ['Test timed out in 500ms.']],
    'start-timeout.test.js > leaves no session, pane reader, FIFO or app behind, only the spare session': ['passed', 0, []],
  });
});
