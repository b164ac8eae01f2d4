/**
 * Where cassettes live and how they are written, following `__screenshots__`:
 * `<test dir>/__cassettes__/<test file name>/<sanitized full test name>.json`. The file store
 * injected into agent/ (which does no I/O) is here.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { CASSETTE } from '../defaults.js';
import type { CassetteStore } from '../agent/index.js';
import { writeOutputFile } from '../output-file.js';
import { sanitizeSegment } from './paths.js';

/** The cassette of test `fullName` (`describe > test`) in `testPath`. */
export function cassettePath(testPath: string, fullName: string): string {
  return join(dirname(testPath), CASSETTE.directory, basename(testPath), `${sanitizeSegment(fullName)}.json`);
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
