/**
 * Where the plugin's files live: a folder per test file (and per named Vitest project, so two
 * projects that run the same file never share a file) under `__screenshots__`, `__cassettes__` or
 * the attachments folder, and a test's full name as a file name. Screenshot names and their files
 * are in `screenshot/names.ts`. Besides, the one read of a file that may be missing.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { VITEST_CONSTANTS } from '../defaults.js';
import { ConfigError } from '../errors.js';
import { fileNameKey, sanitizeSegment } from '../file-names.js';

/** What places the files of a test file: Vitest's file task (`task.file`) has these fields. */
export interface TestFileRef {
  /** Absolute path of the test file. */
  filepath: string;
  /** Its path relative to the project root (`test/menu.test.ts`). */
  name: string;
  /** The Vitest project running it: `''` or undefined without `test.projects` (and without `test.name`). */
  projectName?: string;
}

/**
 * The folder of a named project, as one path segment; `[]` for the unnamed (single) project.
 * @throws {ConfigError} for a project name with no letter or digit.
 */
function projectFolder(projectName: string | undefined): string[] {
  if (!projectName) return [];
  const segment = sanitizeSegment(projectName);
  if (segment === '') {
    throw new ConfigError(`The Vitest project name '${projectName}' has no letter or digit to name its folder of screenshots and cassettes after: rename the project.`);
  }
  return [segment];
}

/**
 * The folder of one test file's files inside `folder` (`__screenshots__`, `__cassettes__` or an
 * attachments folder): `<folder>/<test file name>`, or `<folder>/<project>/<test file name>` for
 * a named project.
 */
export function testFileFolder(folder: string, file: TestFileRef): string {
  return join(folder, ...projectFolder(file.projectName), basename(file.filepath));
}

/**
 * The project root of a test file. Vitest names a file task by its path relative to the root
 * (`task.file.name`, e.g. `test/menu.test.ts`), so the root is the absolute path minus that suffix.
 */
export function projectRoot(file: { filepath: string; name: string }): string {
  const { filepath, name } = file;
  return filepath.endsWith(name) ? filepath.slice(0, filepath.length - name.length).replace(/\/$/, '') || '/' : dirname(filepath);
}

/**
 * The folder of `file`'s files in the attachments folder, mirroring Vitest's `resolveDiffPath`:
 * `<root>/.vitest-attachments/<test dir relative to root>/[<project>/]<test file name>`.
 */
export function attachmentFolder(file: TestFileRef): string {
  const root = projectRoot(file);
  return testFileFolder(join(root, VITEST_CONSTANTS.attachmentsDir, relative(root, dirname(file.filepath))), file);
}

/**
 * A test's full name as the file-name stem of its cassette and attachments, checked against the
 * full names of the other tests of its file (`siblings`), so two tests never share a file.
 * @throws {ConfigError} when the name has no letter or digit, or another test's name gives the
 *   same stem (also when they differ only in case: one file on macOS and Windows).
 */
export function testNameStem(fullName: string, siblings: Iterable<string>): string {
  const stem = sanitizeSegment(fullName);
  if (stem === '') {
    throw new ConfigError(`The test name '${fullName}' has no letter or digit to name its files (cassette, failure screen, GIF) after: rename the test.`);
  }
  for (const other of siblings) {
    if (other !== fullName && fileNameKey(sanitizeSegment(other)) === fileNameKey(stem)) {
      throw new ConfigError(
        `The tests '${other}' and '${fullName}' of one file both name their files (cassette, failure screen, GIF) ${stem}: ` +
          `file names keep only letters, digits, '_' and '-', and ignore case. Rename one of the tests.`,
      );
    }
  }
  return stem;
}

/** A test as far as its file names go: its full name, its file, and the full names of its file's tests. */
export interface TestRef {
  fullTestName: string;
  file: TestFileRef & { tasks: readonly TaskTree[] };
}

/** The part of Vitest's task tree needed to list a file's test names. */
export interface TaskTree {
  type: string;
  fullTestName?: string;
  tasks?: readonly TaskTree[];
}

/** The full names of every test under `tasks`. */
export function testNames(tasks: readonly TaskTree[]): string[] {
  return tasks.flatMap((task) => (task.type === 'suite' ? testNames(task.tasks ?? []) : task.fullTestName === undefined ? [] : [task.fullTestName]));
}

/**
 * Files of one run of `test` in the attachments folder: `<attachment folder>/<test name stem>`,
 * with `-retry-N` after the name for Vitest's retry N (so each attempt keeps its own evidence).
 * @throws {ConfigError} as {@link testNameStem}.
 */
export function testAttachmentStem(test: TestRef & { result?: { retryCount?: number } | undefined }): string {
  const stem = testNameStem(test.fullTestName, testNames(test.file.tasks));
  const retry = test.result?.retryCount ?? 0;
  return join(attachmentFolder(test.file), `${stem}${retry > 0 ? `-retry-${retry}` : ''}`);
}

/** The contents of the file at `path`, or undefined when there is none (any other error is thrown). */
export function readIfExists(path: string): Promise<Buffer | undefined>;
export function readIfExists(path: string, encoding: 'utf8'): Promise<string | undefined>;
export async function readIfExists(path: string, encoding?: 'utf8'): Promise<Buffer | string | undefined> {
  try {
    return await readFile(path, encoding);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
