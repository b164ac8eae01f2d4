/**
 * Writes a generated test to its file (through the one writer, output-file.ts) and formats it with
 * the project's formatter: what `tmux-shot codegen` and an agent run's `emit` end with. The shells'
 * half of codegen: codegen/ turns steps into source text and does no I/O.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeOutputFile } from '../output-file.js';
import { type FormatResult, formatFile } from './format-file.js';
import { type GeneratedTest, writeTest } from '../codegen/index.js';

/** Where a generated test went and how its formatting went. */
export interface WrittenTest {
  /** The file written (as given). */
  path: string;
  /** The formatter run on it (see `formatFile`): `{ project }` when none was found, `{}` when the file is in no project; undefined when the path is not a regular file (`/dev/stdout`, a pipe), which is never formatted. */
  format?: FormatResult;
}

/**
 * Writes `writeTest(test)` to `path` (replacing a regular file there atomically; see
 * `writeOutputFile`), then, when it is a regular file, formats it (see `formatFile`; a formatter that
 * fails leaves it as written).
 * @throws {TmuxShotError} when the file cannot be written (its folder is missing or read-only, the path is a directory…).
 */
export async function writeTestFile(path: string, test: GeneratedTest): Promise<WrittenTest> {
  await writeOutputFile(path, writeTest(test), 'test file');
  const regular = await stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  );
  return regular ? { path, format: await formatFile(path) } : { path };
}

/**
 * How a written test reads in a status line, naming the formatter that ran by its path: `wrote
 * menu.test.ts (formatted with /…/node_modules/.bin/biome)`, or why it is unformatted.
 */
export function describeWrittenTest(written: WrittenTest, shown: string = written.path): string {
  if (!written.format) return `wrote ${shown}`;
  const { project, formatter, dir, error } = written.format;
  if (project === undefined) return `wrote ${shown} (no package.json in its folder or above, so no project formatter: left as written)`;
  if (!formatter || dir === undefined)
    return `wrote ${shown} (no biome or prettier in node_modules/.bin from its folder up to the project's root ${project}: left as written)`;
  const bin = join(dir, 'node_modules', '.bin', formatter);
  return error ? `wrote ${shown} (${bin} failed, left as written: ${error})` : `wrote ${shown} (formatted with ${bin})`;
}
