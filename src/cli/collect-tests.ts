/**
 * The tests of a project as Vitest collects them: `cassettes check` runs the project's own Vitest
 * (resolved from the project folder, never ours) in a child process (host/'s `runNodeScript`) with its node API —
 * `createVitest` then `collect(files)`, which imports each test file and runs no test, as
 * `vitest list` does — and reads every test's full name, skipped and todo ones included (`vitest
 * list --json` leaves those out, and a stray `.only` would leave out all the others). cli/ never
 * imports `vitest` itself: the child is the project's Vitest process.
 */
import { TmuxShotError } from '../errors.js';
import { runNodeScript } from '../host/index.js';

/** One test file as one Vitest project collected it. */
export interface CollectedModule {
  /** Absolute path of the test file. */
  file: string;
  /** The Vitest project that collected it (`''` without `test.projects`). */
  project: string;
  /** Why it could not be collected (an error while importing it); empty when it was. */
  errors: string[];
  /** Full names of its tests (`describe > test`), skipped and todo ones included. */
  tests: string[];
}

/**
 * Runs in the child: collects the files given as JSON in argv[1] and writes `{ modules }` or
 * `{ error }` as JSON to fd 3. Vitest sets a failing exit status when a file cannot be imported,
 * so the answer on fd 3, not the status, says whether collecting worked.
 */
const COLLECT_SCRIPT = `
import { writeSync } from 'node:fs';
let answer;
try {
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest('test', { watch: false, reporters: [] });
  try {
    const { testModules } = await vitest.collect(JSON.parse(process.argv[1]));
    answer = { modules: testModules.map((module) => ({
      file: module.moduleId,
      project: module.project.name,
      errors: module.errors().map((error) => error.message),
      tests: [...module.children.allTests()].map((test) => test.fullName),
    })) };
  } finally {
    await vitest.close();
  }
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
writeSync(3, JSON.stringify(answer));
`;

/**
 * Collects `files` with the Vitest of the project in `cwd` (its config, its projects); files
 * Vitest does not run there are left out of the answer.
 * @returns One entry per test file and project that collected it.
 * @throws {TmuxShotError} when Vitest cannot be started in `cwd` (not installed, a broken config),
 *   with its error.
 */
export async function collectTests(files: readonly string[], cwd: string): Promise<CollectedModule[]> {
  const { stdout: output, stderr: errors, answer: json } = await runNodeScript(COLLECT_SCRIPT, [JSON.stringify(files)], cwd);
  const answer = (json === '' ? {} : JSON.parse(json)) as { modules?: CollectedModule[]; error?: string };
  if (answer.modules) return answer.modules;
  const said = answer.error ?? `${output}\n${errors}`.trim().split('\n').slice(-10).join('\n');
  throw new TmuxShotError(
    `Could not collect the tests with the project's Vitest in ${cwd}: ${said}\nRun tmux-shot cassettes in the project folder, where npx vitest runs.`,
  );
}
