/**
 * The run's index of failure reports, as `tmux-shot/reporter` writes it: each test that wrote a
 * report publishes the report's path in its `meta` (which Vitest serializes from the worker to the
 * reporter), and the reporter lists them — failing first, with the first line of the first error
 * as the reason — in `<attachmentsDir>/tmux-shot-report.html`. Building the entries is pure; the
 * page is `buildIndex`'s (report/).
 */
import { stripVTControlCharacters } from 'node:util';
import { relative, sep } from 'node:path';
import type { IndexEntry } from '../report/data.js';

/** The key of a test's `meta` that holds the absolute path of its report. */
const REPORT_META_KEY = 'tmuxShotReport';

/** Stores the absolute path of a test's report in its `meta`, for the reporter. */
export function publishReport(meta: object, path: string): void {
  (meta as Record<string, string>)[REPORT_META_KEY] = path;
}

/** The absolute path of a test's report, when it wrote one. */
export function reportPathOf(meta: object): string | undefined {
  const path = (meta as Record<string, unknown>)[REPORT_META_KEY];
  return typeof path === 'string' ? path : undefined;
}

/** A test with a report, as the reporter sees it. */
export interface ReportedTest {
  /** Its full name (`menu > opens`). */
  title: string;
  /** Its file, relative to the project root. */
  file: string;
  failed: boolean;
  /** Its errors' messages, as Vitest serialized them (ANSI colours possible). */
  errors: readonly string[];
  /** Its report, absolute. */
  report: string;
}

/** The first non-blank line of `message`, without ANSI colours and surrounding blanks. */
export function reasonOf(message: string): string {
  return (
    stripVTControlCharacters(message)
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/** A link from a page in `fromDir` to the file `to` (absolute paths): relative, `/`-separated, each segment URL-encoded. */
export function hrefOf(fromDir: string, to: string): string {
  return relative(fromDir, to).split(sep).map(encodeURIComponent).join('/');
}

/** The index's entries for `tests`, linked from a page in `indexDir`, in the order given (`buildIndex` puts failures first). */
export function indexEntries(tests: readonly ReportedTest[], indexDir: string): IndexEntry[] {
  return tests.map(({ title, file, failed, errors, report }) => {
    const reason = failed && errors[0] !== undefined ? reasonOf(errors[0]) : undefined;
    return { title, file, status: failed ? 'failed' : 'passed', ...(reason === undefined ? {} : { reason }), href: hrefOf(indexDir, report) };
  });
}
