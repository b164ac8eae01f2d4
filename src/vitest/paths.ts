/**
 * Where screenshots live, following Vitest's browser `toMatchScreenshot` layout without the
 * `-<browser>-<platform>` suffix (our rendering is machine-independent). Pure string work.
 */
import { basename, dirname, extname, join, posix, relative } from 'node:path';

/** The folder next to a test file that holds its baselines. */
export const SCREENSHOT_DIRECTORY = '__screenshots__';

/**
 * One path segment made safe for a file name, as Vitest sanitizes screenshot names: whitespace
 * runs become `-`, characters other than `[A-Za-z0-9_-]` are dropped, `-` runs collapse to one.
 * @example sanitizeSegment('menu > opens it 1') === 'menu-opens-it-1'
 */
export function sanitizeSegment(input: string): string {
  return input
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-');
}

/**
 * A screenshot name made safe as a relative path: `/` keeps sub-folders, each segment is
 * sanitized, `..` and leading `/` cannot climb out of the test file's folder, and a trailing
 * `.png` is dropped (it is added back by {@link baselinePath}).
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

/**
 * The baseline of screenshot `name` of `testPath`:
 * `<test dir>/__screenshots__/<test file name>/<sanitized name>.png`.
 */
export function baselinePath(testPath: string, name: string): string {
  return join(baselineDirectory(testPath), `${sanitizeScreenshotName(name)}.png`);
}

/** The folder holding every baseline of `testPath`: `<test dir>/__screenshots__/<test file name>`. */
export function baselineDirectory(testPath: string): string {
  return join(dirname(testPath), SCREENSHOT_DIRECTORY, basename(testPath));
}

/** The images a failed comparison leaves in the attachments folder. */
export interface AttachmentPaths {
  /** The screenshot taken now. */
  actual: string;
  /** The diff image (reference in grey, mismatches in red). */
  diff: string;
}

/**
 * Where a failed comparison writes its images, mirroring Vitest's `resolveDiffPath`:
 * `<attachmentsDir>/<test dir relative to root>/<test file name>/<name>-actual.png` (and
 * `-diff.png`).
 */
export function attachmentPaths(root: string, attachmentsDir: string, testPath: string, name: string): AttachmentPaths {
  const folder = join(attachmentsDir, relative(root, dirname(testPath)), basename(testPath));
  const stem = join(folder, sanitizeScreenshotName(name));
  return { actual: `${stem}-actual.png`, diff: `${stem}-diff.png` };
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
 * Files of one test run in the attachments folder: `<attachmentsDir>/<test dir relative to
 * root>/<test file name>/<sanitized full test name><suffix>`, with `-retry-N` after the name for
 * retries (so each attempt keeps its own evidence).
 */
export function testAttachmentStem(root: string, attachmentsDir: string, testPath: string, fullName: string, retry: number): string {
  const folder = join(attachmentsDir, relative(root, dirname(testPath)), basename(testPath));
  return join(folder, `${sanitizeSegment(fullName)}${retry > 0 ? `-retry-${retry}` : ''}`);
}
