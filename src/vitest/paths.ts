/**
 * Where the plugin's files live: a folder per test file (and per named Vitest project, so two
 * projects that run the same file never share a file) under `__screenshots__`, `__cassettes__` or
 * the attachments folder, and a test's full name as a file name. Screenshot names and their files
 * are in `screenshot/names.ts`. Besides, the one read of a file that may be missing.
 */
import type { Dirent } from 'node:fs';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { VITEST_CONSTANTS } from '../defaults.js';
import { ConfigError } from '../errors.js';
import { distinctStems, fileNameKey, projectFolderName, sanitizeSegment } from '../file-names.js';

/** What places the files of a test file: Vitest's file task (`task.file`) has these fields. */
export interface TestFileRef {
  /** Absolute path of the test file. */
  filepath: string;
  /** Its path relative to the project root (`test/menu.test.ts`). */
  name: string;
  /** The Vitest project running it: `''` or undefined without `test.projects` (and without `test.name`). */
  projectName?: string;
}

/** Project folders seen on disk with their own spelling: checked once per worker. */
const checkedProjectFolders = new Set<string>();

/**
 * The folder of a named project in `parent`, as one path segment ({@link projectFolderName}: distinct
 * names, distinct folders); `[]` for the unnamed (single) project. A worker sees only its own
 * project, but it sees the folders in `parent`: one whose name differs from this one's only in
 * case (or Unicode form) is refused, as macOS and Windows make the two one folder.
 * @throws {ConfigError} when such a folder is in `parent`.
 */
function projectFolder(parent: string, projectName: string | undefined): string[] {
  if (!projectName) return [];
  const folder = projectFolderName(projectName);
  const path = join(parent, folder);
  if (checkedProjectFolders.has(path)) return [folder];
  const entries = listFolder(parent);
  const twin = entries.find((entry) => entry.isDirectory() && entry.name !== folder && fileNameKey(entry.name) === fileNameKey(folder));
  if (twin) {
    throw new ConfigError(
      `The Vitest project '${projectName}' keeps its files in ${path}, but ${join(parent, twin.name)} is there: ` +
        'on macOS and Windows, names that differ only in case are one folder, so two projects would share their files. ' +
        'Rename one of the projects (after renaming a project, rename its folders too).',
    );
  }
  if (entries.some((entry) => entry.name === folder)) checkedProjectFolders.add(path);
  return [folder];
}

/** The entries of `folder`; none when it does not exist. */
function listFolder(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}

/**
 * The folder of one test file's files inside `folder` (`__screenshots__`, `__cassettes__` or an
 * attachments folder): `<folder>/<test file name>`, or `<folder>/<project>/<test file name>` for
 * a named project.
 * @throws {ConfigError} as `projectFolder`: a folder of another project differs only in case.
 */
export function testFileFolder(folder: string, file: TestFileRef): string {
  return join(folder, ...projectFolder(folder, file.projectName), basename(file.filepath));
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
 * The message for `count` tests of one file (`fileName`) with one full name (Vitest allows it;
 * `test.for` and `test.each` make them from a name without a placeholder).
 */
export function twinTestsMessage(fullName: string, count: number, fileName: string): string {
  const own = fullName.split(' > ').at(-1)!;
  return (
    `${count} tests of ${fileName} are named '${fullName}' (test.for and test.each name their tests so when the name has no %s, %i or $field): ` +
    `unnamed screenshots and cassettes are named after their test, so these tests would share them. Give each test its own name, e.g. test.for([…])('${own} %s', …).`
  );
}

/**
 * A test's full name as the file-name stem of its cassette, checked against the full names of the
 * tests of its file (`siblings`, itself included), so two tests never share a file.
 * @param fileName - the test file, for messages. @default 'the test file'
 * @throws {ConfigError} when the name has no letter or digit, when another test has the same full
 *   name, or when another test's name gives the same stem (also when they differ only in case: one
 *   file on macOS and Windows).
 */
export function testNameStem(fullName: string, siblings: Iterable<string>, fileName = 'the test file'): string {
  const stem = sanitizeSegment(fullName);
  if (stem === '') {
    throw new ConfigError(`The test name '${fullName}' has no letter or digit to name its files (cassette, failure screen, GIF) after: rename the test.`);
  }
  let twins = 0;
  for (const other of siblings) {
    if (other === fullName) twins += 1;
    else if (fileNameKey(sanitizeSegment(other)) === fileNameKey(stem)) {
      throw new ConfigError(
        `The tests '${other}' and '${fullName}' of one file both name their files (cassette, failure screen, GIF) ${stem}: ` +
          `file names keep only letters, digits, '_' and '-', and ignore case. Rename one of the tests.`,
      );
    }
  }
  if (twins > 1) throw new ConfigError(twinTestsMessage(fullName, twins, fileName));
  return stem;
}

/** A test as far as its file names go: its full name, its file, and the tests of its file. */
export interface TestRef {
  fullTestName: string;
  file: TestFileRef & { tasks: readonly TaskTree[] };
}

/** The part of Vitest's task tree needed to list a file's tests. */
export interface TaskTree {
  type: string;
  id?: string;
  fullTestName?: string;
  tasks?: readonly TaskTree[];
}

/** A test of a file: its id and full name. */
export interface FileTest {
  id: string;
  fullTestName: string;
}

/** Every test under `tasks`, in file order. */
export function fileTests(tasks: readonly TaskTree[]): FileTest[] {
  return tasks.flatMap((task): FileTest[] =>
    task.type === 'suite' ? fileTests(task.tasks ?? []) : task.fullTestName === undefined ? [] : [{ id: task.id ?? '', fullTestName: task.fullTestName }],
  );
}

/** The full names of every test under `tasks`, in file order. */
export function testNames(tasks: readonly TaskTree[]): string[] {
  return fileTests(tasks).map((test) => test.fullTestName);
}

/**
 * Files of one run of `test` in the attachments folder (failure screen, GIF, the agent's
 * screenshots): `<attachment folder>/<test name stem>`, with `--retry-N` after it for Vitest's
 * retry N (so each attempt keeps its own evidence). Never refuses a name — these files are written
 * after a failure, where an error would hide the test's own: the stems of the file's tests are
 * made distinct in file order (`distinctStems`: `menu-item`, then `menu-item--2` for a second
 * test of that name; `unnamed` for a name without letters or digits).
 * @throws {ConfigError} only as `testFileFolder`, for a project folder.
 */
export function testAttachmentStem(test: TestRef & { id: string; result?: { retryCount?: number } | undefined }): string {
  const tests = fileTests(test.file.tasks);
  const index = tests.findIndex((other) => other.id === test.id);
  const stem = distinctStems(index === -1 ? [test.fullTestName] : tests.map((other) => other.fullTestName))[Math.max(index, 0)]!;
  const retry = test.result?.retryCount ?? 0;
  return join(attachmentFolder(test.file), `${stem}${retry > 0 ? `--retry-${retry}` : ''}`);
}

/**
 * The contents of the file at `path`, or undefined when there is none (any other error is thrown).
 * Read synchronously: baselines and cassettes are tens of kB, and `fs.promises.readFile` waits for
 * the thread pool four times (open, stat, read, close), which on a busy machine cost more than the
 * read itself (a fifth of an unchanged screen's `toMatchScreenshot`).
 */
export function readIfExists(path: string): Buffer | undefined;
export function readIfExists(path: string, encoding: 'utf8'): string | undefined;
export function readIfExists(path: string, encoding?: 'utf8'): Buffer | string | undefined {
  try {
    return readFileSync(path, encoding);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
