/**
 * The run's index of failure reports, as `tmux-shot/reporter` writes it: each test that wrote a
 * report publishes it in its `meta` (which Vitest serializes from the worker to the reporter) —
 * its path, whether its run failed, and that run's reason — and the reporter lists them, failing
 * first, in `<root>/.vitest-attachments/tmux-shot-report.html`, on every run (an empty list when
 * no test wrote one, so the page never lists the reports of an earlier run). Building the entries
 * is pure; the page is `buildIndex`'s (report/).
 */
import { relative, sep } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { IndexEntry } from '../../report/data.js';

/** The key of a test's `meta` that holds its {@link PublishedReport}. */
const REPORT_META_KEY = 'tmuxShotReport';

/** A test's report as its worker publishes it for the reporter. */
export interface PublishedReport {
  /** The report's absolute path. */
  path: string;
  /** Whether the run (attempt) it shows failed. */
  failed: boolean;
  /** The first line of that run's first error, for a failed run. */
  reason?: string;
}

/**
 * Stores `report` in a test's `meta`, for the reporter. A retry's report replaces the one before
 * unless that one failed and this one passed: a test that failed, then passed on a retry, is
 * listed (`flaky`) with the report of its failed run.
 */
export function publishReport(meta: object, report: PublishedReport): void {
  const before = publishedReportOf(meta);
  if (before?.failed && !report.failed) return;
  (meta as Record<string, PublishedReport>)[REPORT_META_KEY] = { ...report };
}

/** A test's published report, when it wrote one. */
export function publishedReportOf(meta: object): PublishedReport | undefined {
  const report = (meta as Record<string, unknown>)[REPORT_META_KEY] as Partial<PublishedReport> | undefined;
  return typeof report === 'object' && report !== null && typeof report.path === 'string' && typeof report.failed === 'boolean'
    ? (report as PublishedReport)
    : undefined;
}

/** A test with a report, as the reporter sees it. */
export interface ReportedTest {
  /** Its full name (`menu > opens`). */
  title: string;
  /** Its file, relative to the project root. */
  file: string;
  /** Whether the test failed, in the end (after its retries). */
  failed: boolean;
  report: PublishedReport;
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

/**
 * The status of a test in the index: `failed` when it failed, `flaky` when it passed but its
 * report is of a failed run (a retry passed), else `passed`.
 */
export function indexStatus(failed: boolean, reportFailed: boolean): IndexEntry['status'] {
  if (failed) return 'failed';
  return reportFailed ? 'flaky' : 'passed';
}

/** The index's entries for `tests`, linked from a page in `indexDir`, in the order given (`buildIndex` orders them). */
export function indexEntries(tests: readonly ReportedTest[], indexDir: string): IndexEntry[] {
  return tests.map(({ title, file, failed, report }) => {
    const status = indexStatus(failed, report.failed);
    const reason = status !== 'passed' ? report.reason : undefined;
    return { title, file, status, ...(reason === undefined ? {} : { reason }), href: hrefOf(indexDir, report.path) };
  });
}
