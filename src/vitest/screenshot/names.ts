/**
 * Screenshot names and where their files go, as Vitest's `toMatchScreenshot` has them. A name is
 * explicit, or the test's full name plus a counter (`menu > opens 1`, `menu > opens 2`…) that
 * starts again when Vitest retries or repeats the test, so a retry compares against the same
 * baselines. Two different names that would be one file of the test file are refused, never
 * shared, and so is an unnamed screenshot of a test whose full name another test of the file has
 * (Vitest allows such twins; Playwright refuses them). The baseline of a name is `<test dir>/__screenshots__/[<project>/]<test file>/<name>.png`,
 * without Vitest's `-<browser>-<platform>` suffix (our rendering is machine-independent); the images
 * of a failure go to the attachments folder.
 */
import { dirname, extname, join, posix } from 'node:path';
import type { RunnerTestFile } from 'vitest';
import { ConfigError } from '../../errors.js';
import { fileNameKey, sanitizeSegment } from '../../file-names.js';
import { attachmentFolder, fileTests, testFileFolder, twinTestsMessage } from '../paths.js';
import type { FileTest, TestFileRef } from '../paths.js';

/** The folder next to a test file that holds its baselines. */
const SCREENSHOT_DIRECTORY = '__screenshots__';

/**
 * A screenshot name made safe as a relative path: `/` keeps sub-folders, each segment is
 * sanitized, `..` and leading `/` cannot climb out of the test file's folder, and a trailing
 * `.png` is dropped (it is added back by {@link baselinePath}). May return `''`.
 */
export function sanitizeScreenshotName(name: string): string {
  const withoutExt = extname(name).toLowerCase() === '.png' ? name.slice(0, -4) : name;
  // Resolving against '/' removes '..' and leading separators before sanitizing.
  const contained = posix.relative('/', posix.join('/', withoutExt.replace(/\\/g, '/')));
  return contained
    .split('/')
    .map(sanitizeSegment)
    .filter((segment) => segment !== '')
    .join('/');
}

/** The folder holding every baseline of `file`: `<test dir>/__screenshots__/[<project>/]<test file name>`. */
export function baselineDirectory(file: TestFileRef): string {
  return testFileFolder(join(dirname(file.filepath), SCREENSHOT_DIRECTORY), file);
}

/** The baseline of screenshot `name` of `file`: `<baseline directory>/<sanitized name>.png`. */
export function baselinePath(file: TestFileRef, name: string): string {
  return join(baselineDirectory(file), `${sanitizeScreenshotName(name)}.png`);
}

/** The images a failed comparison leaves in the attachments folder. */
export interface AttachmentPaths {
  /** The screenshot taken now. */
  actual: string;
  /** The diff image (reference in grey, mismatches in red). */
  diff: string;
}

/** Where a failed comparison of screenshot `name` writes its images: `<attachment folder>/<name>-actual.png` (and `-diff.png`). */
export function attachmentPaths(file: TestFileRef, name: string): AttachmentPaths {
  const stem = join(attachmentFolder(file), sanitizeScreenshotName(name));
  return { actual: `${stem}-actual.png`, diff: `${stem}-diff.png` };
}

/** The test asking for a name. */
export interface NamedTest {
  /** Vitest's task id (stable across retries). */
  id: string;
  /** Full test name without the file: suites and test joined by ` > `. */
  fullName: string;
  /** Which run of the test this is: the retry and repeat counts, e.g. `'0:0'`. */
  attempt: string;
}

/** The names one test has asked for in its current attempt. */
interface TestNames {
  attempt: string;
  /** Auto-names handed out in this attempt. */
  count: number;
  explicit: Set<string>;
}

/** A file of the test file and the name (and test) that first asked for it. */
interface Claim {
  name: string;
  fullName: string;
}

/**
 * Hands out screenshot names for the tests of one test file. The same explicit name asked for by
 * two tests is one shared baseline; an unnamed screenshot of a test whose full name another test
 * has is refused, as the two would share (and `-u` would overwrite) one baseline.
 */
export class ScreenshotNames {
  readonly #tests = new Map<string, TestNames>();
  /** Claims by {@link fileNameKey} of the file name. */
  readonly #files = new Map<string, Claim>();
  readonly #fileOf: (name: string) => string;
  readonly #fileName: string;
  /** How many tests of the file have each full name. */
  readonly #namesakes = new Map<string, number>();

  /**
   * @param fileOf - the file name (relative, without extension) a screenshot name is stored under.
   * @param fileName - the test file, for messages.
   * @param tests - every test of the file.
   */
  constructor(fileOf: (name: string) => string, fileName: string, tests: readonly FileTest[]) {
    this.#fileOf = fileOf;
    this.#fileName = fileName;
    for (const { fullTestName } of tests) this.#namesakes.set(fullTestName, (this.#namesakes.get(fullTestName) ?? 0) + 1);
  }

  /**
   * The name of the next screenshot of `test`: `explicit` as given, or `<fullName> <n>`.
   * @throws {ConfigError} when `explicit` was already used in this run of the test, when the name
   *   has no letter or digit to name a file after, when another name of this test file gives
   *   the same file name (also when they differ only in case: one file on macOS and Windows), or,
   *   for an unnamed screenshot, when another test of the file has the same full name.
   */
  next(test: NamedTest, explicit?: string): string {
    const names = this.#namesOf(test);
    if (explicit !== undefined) {
      if (names.explicit.has(explicit)) {
        throw new ConfigError(
          `The screenshot name '${explicit}' is used twice in test '${test.fullName}'. ` +
            `Give each toMatchScreenshot call in a test its own name, or omit names to number them.`,
        );
      }
      this.#claim(explicit, test.fullName);
      names.explicit.add(explicit);
      return explicit;
    }
    const namesakes = this.#namesakes.get(test.fullName) ?? 1;
    if (namesakes > 1) throw new ConfigError(twinTestsMessage(test.fullName, namesakes, this.#fileName));
    const name = `${test.fullName} ${names.count + 1}`;
    this.#claim(name, test.fullName);
    names.count += 1;
    return name;
  }

  /** Claims the file of `name` for it. */
  #claim(name: string, fullName: string): void {
    const file = this.#fileOf(name);
    if (file === '') {
      throw new ConfigError(`The screenshot name '${name}' of test '${fullName}' has no letter or digit to name its file after: give it a name with some.`);
    }
    const key = fileNameKey(file);
    const claim = this.#files.get(key);
    if (claim === undefined) this.#files.set(key, { name, fullName });
    else if (claim.name !== name) {
      throw new ConfigError(
        `The screenshot names '${claim.name}' (test '${claim.fullName}') and '${name}' (test '${fullName}') would share the baseline ${file}.png: ` +
          `file names keep only letters, digits, '_' and '-', and ignore case. Rename one of them.`,
      );
    }
  }

  #namesOf(test: NamedTest): TestNames {
    let names = this.#tests.get(test.id);
    if (!names) {
      names = { attempt: test.attempt, count: 0, explicit: new Set() };
      this.#tests.set(test.id, names);
    } else if (names.attempt !== test.attempt) {
      names.attempt = test.attempt;
      names.count = 0;
      names.explicit.clear();
    }
    return names;
  }
}

/** Names per run of a test file (a new file task each run, so watch-mode reruns start at 1). */
const namesByFile = new WeakMap<Readonly<RunnerTestFile>, ScreenshotNames>();

/** The {@link ScreenshotNames} of this run of `file`. */
export function screenshotNamesOf(file: Readonly<RunnerTestFile>): ScreenshotNames {
  let names = namesByFile.get(file);
  if (!names) namesByFile.set(file, (names = new ScreenshotNames(sanitizeScreenshotName, file.name, fileTests(file.tasks))));
  return names;
}
