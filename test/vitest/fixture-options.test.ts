/**
 * The app's relative paths start at the Vitest project root, as the README says, also when Vitest
 * runs from another folder (`vitest --root <dir>`): projects/root run from `/`.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('root')));
afterAll(() => project.dispose());

test('relative commands and cwd start at the project root when Vitest runs from another folder', { timeout: 120_000 }, async () => {
  const run = await project.run([], {}, ['sh', '-c', 'cd / && exec "$@"', 'sh']);
  expect([...run.tests].map(([id, { state, errors }]) => [id, state, errors])).toEqual([
    ['cwd.test.js > a relative command runs from the project root', 'passed', []],
    ['cwd.test.js > a relative cwd is a folder of the project root', 'passed', []],
  ]);
});
