/**
 * Where cassettes live and how they are written, following `__screenshots__`:
 * `<test dir>/__cassettes__/[<project>/]<test file name>/<sanitized full test name>.json`. The
 * file store injected into agent/ (which does no I/O) is here.
 */
import { dirname, join, relative } from 'node:path';
import { CASSETTE } from '../defaults.js';
import type { CassetteStore } from '../agent/index.js';
import { writeOutputFile } from '../output-file.js';
import { projectRoot, readIfExists, testFileFolder, testNameStem, testNames } from './paths.js';
import type { TestRef } from './paths.js';

/**
 * The cassette of `test` (its full name `describe > test`), in the folder of its file and project.
 * @throws {ConfigError} when the test's name has no letter or digit, another test of its file has
 *   the same full name, or names its files the same (see `testNameStem`).
 */
export function cassettePath(test: TestRef): string {
  const stem = testNameStem(test.fullTestName, testNames(test.file.tasks), test.file.name);
  return join(testFileFolder(join(dirname(test.file.filepath), CASSETTE.directory), test.file), `${stem}.json`);
}

/** `text` quoted for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The shell command that re-records one test's cassette, relative to the project root:
 * `TMUX_SHOT_CASSETTES=record npx vitest run <file> -t '<full name>'`, with `--project '<name>'`
 * for a test of a named Vitest project (its cassette is that project's own).
 */
export function reRecordCommand(test: TestRef): string {
  const { filepath, projectName } = test.file;
  const file = relative(projectRoot(test.file), filepath) || filepath;
  const project = projectName ? ` --project ${shellQuote(projectName)}` : '';
  return `${CASSETTE.modeVariable}=record npx vitest run ${file}${project} -t ${shellQuote(test.fullTestName)}`;
}

/** Cassettes on disk: missing files read as undefined; writes are atomic. */
export const fileCassetteStore: CassetteStore = {
  read: async (path) => readIfExists(path, 'utf8'),
  write: (path, text) => writeOutputFile(path, text, 'cassette'),
};
