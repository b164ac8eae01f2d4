/**
 * The failure report: one test's (or CLI session's) data in, one self-contained HTML page out.
 * The page works from a file in any browser, fetches nothing, and shows the message, errors and
 * every image without JavaScript; its script adds the cell inspector, the screenshot slider,
 * onion skin, blink and zoom, and the recordings' player.
 */
import type { ClientData } from './client-data.js';
import { ScreenPool } from './client-data.js';
import type { ReportError, ReportInput } from './data.js';
import { stackFrames } from './format.js';
import { escapeHtml as e } from './html.js';
import { page } from './page.js';
import { recordingSection } from './recording-section.js';
import { screenshotSection } from './screenshot-section.js';
import { transcriptSection } from './transcript-section.js';

function header(input: ReportInput): string {
  const location = input.location ? ` <code>${e(input.location)}</code>` : '';
  const attempt = input.attempt ? ` <span class="attempt">· retry ${input.attempt}</span>` : '';
  const links = input.links.map((link) => `<a href="${e(link.href)}">${e(link.label)}</a>`).join('');
  return (
    `<header><h1>${e(input.title)}</h1><p><span class="status ${input.status === 'failed' ? 'failed' : 'passed'}">${e(input.status)}</span>${attempt}${location}</p>` +
    `${links ? `<nav class="links">Files: ${links}</nav>` : ''}</header>`
  );
}

/** An error once: its message, then its stack's frames (the stack's first lines repeat the message). Numbered from 1 (`id="error-1"`). */
function error(err: ReportError, index: number): string {
  const frames = err.stack ? stackFrames(err.name, err.message, err.stack) : '';
  const stack = frames ? `<pre class="stack">${e(frames)}</pre>` : '';
  return `<div class="error" id="error-${index + 1}"><pre class="error-message"><b>${e(err.name)}</b>: ${e(err.message)}</pre>${stack}</div>`;
}

function section(id: string, title: string, parts: readonly string[]): string {
  return parts.length === 0 ? '' : `<section id="${id}"><h2>${title}</h2>${parts.join('')}</section>`;
}

/**
 * The report of one test as a self-contained HTML page (UTF-8, ends with a newline). The same
 * input always gives the same bytes (no dates, no random ids). Every string of the input is
 * escaped; images are embedded as `data:` URLs, once each.
 *
 * @example
 *   const html = buildReport({ title: 'menu > opens', status: 'failed', errors, screenshots, recordings: [], agent: [], links: [] });
 *   await writeFile('tmux-shot-report.html', html);
 */
export function buildReport(input: ReportInput): string {
  const pool = new ScreenPool();
  const shots = input.screenshots.map((shot, index) => screenshotSection(shot, index, pool, input.errors));
  const recordings = input.recordings.map((recording, index) => recordingSection(recording, index, pool));
  const data: ClientData = {
    styles: pool.styles,
    rows: pool.rows,
    screens: pool.screens,
    shots: shots.map((s) => s.data),
    recordings: recordings.map((r) => r.data),
  };
  const body =
    header(input) +
    section('errors', 'Errors', input.errors.map(error)) +
    section(
      'screenshots',
      'Screenshots',
      shots.map((s) => s.html),
    ) +
    section(
      'recordings',
      'Recordings',
      recordings.map((r) => r.html),
    ) +
    section('agent', 'Agent', input.agent.map(transcriptSection)) +
    '<aside id="inspector" hidden></aside>';
  return page(`${input.status === 'failed' ? '✗' : '✓'} ${input.title}`, body, data);
}
