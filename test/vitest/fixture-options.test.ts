/**
 * The fixture's options, from the outside (projects/fixture-options, run from `/`): the app's
 * relative paths start at the Vitest project root, as the README says, also when Vitest runs from
 * another folder (`vitest --root <dir>`); a misspelt or invalid option fails the test at once.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('fixture-options')));
afterAll(() => project.dispose());

test('relative commands and cwd start at the project root; misspelt options fail at once', { timeout: 120_000 }, async () => {
  const run = await project.run([], {}, ['sh', '-c', 'cd / && exec "$@"', 'sh']);
  const options = 'Options: command, cols, rows, scrollback, env, cwd, ready, timeout, theme, render, failureScreen, failureReport.';
  expect([...run.tests].map(([id, { state, errors }]) => [id, state, errors])).toEqual([
    ['cwd.test.js > a relative command runs from the project root', 'passed', []],
    ['cwd.test.js > a relative cwd is a folder of the project root', 'passed', []],
    [
      'options.test.js > tmuxOptions with a misspelt key > fails before the app starts',
      'failed',
      [`tmuxOptions: unknown option 'colz'. Did you mean 'cols'? ${options}`],
    ],
    [
      'options.test.js > tmuxOptions with a misspelt render option > fails before the app starts',
      'failed',
      [
        "tmuxOptions.render: unknown option 'fontSize'. Did you mean 'fontSizePx'? Options: theme, fontSizePx, scale, paddingPx, cursor, cursorStyle, boldIsBright.",
      ],
    ],
    [
      'options.test.js > an invalid tmuxRecording > fails before the app starts',
      'failed',
      ["tmuxRecording must be 'on-failure', 'always' or 'off'; got the string 'sometimes'."],
    ],
  ]);
});
