/**
 * Where cassettes live and how they are written, following `__screenshots__`:
 * `<test dir>/__cassettes__/[<project>/]<test file name>/<sanitized full test name>.json`. The
 * file store injected into agent/ (which does no I/O) is here.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { CASSETTE } from '../defaults.js';
import type { CassetteStore } from '../agent/index.js';
import { writeOutputFile } from '../output-file.js';
import { testFileFolder, testNameStem, testNames } from './paths.js';
import type { TestRef } from './paths.js';

/**
 * The cassette of `test` (its full name `describe > test`), in the folder of its file and project.
 * @throws {ConfigError} when the test's name has no letter or digit, or another test of its file
 *   names its files the same (see `testNameStem`).
 */
export function cassettePath(test: TestRef): string {
  const stem = testNameStem(test.fullTestName, testNames(test.file.tasks));
  return join(testFileFolder(join(dirname(test.file.filepath), CASSETTE.directory), test.file), `${stem}.json`);
}

/**
 * The shell command that re-records one test's cassette, relative to the project `root`:
 * `TMUX_SHOT_CASSETTES=record npx vitest run <file> -t '<full name>'`.
 */
export function reRecordCommand(root: string, testPath: string, fullName: string): string {
  const quoted = `'${fullName.replace(/'/g, `'\\''`)}'`;
  return `${CASSETTE.modeVariable}=record npx vitest run ${relative(root, testPath) || testPath} -t ${quoted}`;
}

/** Cassettes on disk: missing files read as undefined; writes are atomic. */
export const fileCassetteStore: CassetteStore = {
  async read(path) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  write: (path, text) => writeOutputFile(path, text, 'cassette'),
};
