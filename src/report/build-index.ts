/** The run's index page: every test with a report, failing first, then flaky, then passed, each linking to its report. */
import type { IndexEntry } from './data.js';
import { escapeHtml as e } from './html.js';
import { REPORT_INDEX } from './options.js';
import type { IndexOptions } from './options.js';
import { page } from './page.js';

/** The statuses in the order the index lists them. */
const ORDER: readonly IndexEntry['status'][] = ['failed', 'flaky', 'passed'];

/** The entries grouped as the index lists them: failed, flaky, passed; each group in the given order. */
export function failingFirst(entries: readonly IndexEntry[]): IndexEntry[] {
  return ORDER.flatMap((status) => entries.filter((entry) => entry.status === status));
}

function row(entry: IndexEntry): string {
  return (
    `<tr class="${e(entry.status)}"><td><span class="status ${e(entry.status)}">${e(entry.status)}</span></td>` +
    `<td><a href="${e(entry.href)}">${e(entry.title)}</a></td><td><code>${e(entry.file)}</code></td><td class="mono">${e(entry.reason ?? '')}</td></tr>`
  );
}

/** `2 failed, 1 flaky, 3 passed` (a status without tests is left out; `0 failed` is always said). */
function counts(entries: readonly IndexEntry[]): string {
  return ORDER.map((status) => [status, entries.filter((entry) => entry.status === status).length] as const)
    .filter(([status, count]) => count > 0 || status === 'failed')
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
}

/**
 * The index page of a run's reports (self-contained HTML, no script): a count line, then a table
 * of the tests, failed first, then flaky (failed, then passed on a retry), then passed, with their
 * reasons and links to their reports; without entries, "No failing tests in this run.". Same
 * entries → same bytes.
 */
export function buildIndex(entries: readonly IndexEntry[], options: IndexOptions = {}): string {
  const title = options.title ?? REPORT_INDEX.title;
  const body =
    entries.length === 0
      ? `<header><h1>${e(title)}</h1><p>No failing tests in this run.</p></header>`
      : `<header><h1>${e(title)}</h1><p>${counts(entries)}</p></header>` +
        `<table class="index"><thead><tr><th>status</th><th>test</th><th>file</th><th>reason</th></tr></thead><tbody>${failingFirst(entries).map(row).join('')}</tbody></table>`;
  return page(title, body);
}
