/** The run's index page: every test with a report, failing first, each linking to its report. */
import { REPORT_INDEX } from '../defaults.js';
import type { IndexEntry } from './data.js';
import { escapeHtml as e } from './html.js';
import { page } from './page.js';

/** Options of {@link buildIndex}. */
export interface IndexOptions {
  /** The page's heading and title. @default 'tmux-shot reports' */
  title?: string;
}

/** The entries with the failed ones first, each group in the given order. */
export function failingFirst(entries: readonly IndexEntry[]): IndexEntry[] {
  return [...entries.filter((entry) => entry.status === 'failed'), ...entries.filter((entry) => entry.status !== 'failed')];
}

function row(entry: IndexEntry): string {
  return (
    `<tr class="${entry.status === 'failed' ? 'failed' : 'passed'}"><td><span class="status ${entry.status === 'failed' ? 'failed' : 'passed'}">${e(entry.status)}</span></td>` +
    `<td><a href="${e(entry.href)}">${e(entry.title)}</a></td><td><code>${e(entry.file)}</code></td><td class="mono">${e(entry.reason ?? '')}</td></tr>`
  );
}

/**
 * The index page of a run's reports (self-contained HTML, no script): a count line, then a table
 * of the tests, failing first, with their reasons and links to their reports. Same entries → same
 * bytes.
 */
export function buildIndex(entries: readonly IndexEntry[], options: IndexOptions = {}): string {
  const title = options.title ?? REPORT_INDEX.title;
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  const body =
    `<header><h1>${e(title)}</h1><p>${failed} failed, ${entries.length - failed} passed</p></header>` +
    `<table class="index"><thead><tr><th>status</th><th>test</th><th>file</th><th>reason</th></tr></thead><tbody>${failingFirst(entries).map(row).join('')}</tbody></table>`;
  return page(title, body);
}
