/**
 * What `tmux-shot watch` shows and when, decided apart from the terminal and tmux (pure): one app at
 * a time, filling the terminal under a header line (`[n/m] test · file · command`, the keys at its
 * right), with the newest failure's report path on the last line; `Tab`/`n` and `p` move between
 * the apps, which one comes after an app that ended, and how long a redraw waits.
 */
import type { LiveResult, LiveSession } from '../host/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { blankFrame, type Frame, type FrameCell, frameCell, putText } from './terminal-frame.js';

/** What the header says while no test runs. */
export const WAITING_TEXT = 'no tests running; waiting…';

/** The keys, at the header's right. */
export const WATCH_KEYS = 'Tab/n next · p previous · q quit';

/** The shortest time between two redraws, in ms: at most 20 a second however fast an app writes. */
export const REDRAW_INTERVAL = 50;

/** How often the live sessions folder is read again, in ms. */
export const POLL_INTERVAL = 500;

/** SGR of the header line: inverse video. */
const HEADER_SGR = '7';

/** SGR of a failed test's line: bold red. */
const FAILED_SGR = '1;31';

/** An app's identity across readings of the folder: its server's socket and its session. */
export function sessionKey(session: Pick<LiveSession, 'socketPath' | 'session'>): string {
  return `${session.socketPath}\0${session.session}`;
}

/**
 * The header of the `index`th (0-based) of `count` apps: `[n/m]` then the test, its file and the
 * app's command, those it has, joined by ` · `.
 * @example formatHeader({ test: 'opens the menu', file: 'menu.test.ts', command: 'node menu.mjs', … }, 0, 2)
 *   // '[1/2] opens the menu · menu.test.ts · node menu.mjs'
 */
export function formatHeader(session: Pick<LiveSession, 'test' | 'file' | 'command'>, index: number, count: number): string {
  const parts = [session.test, session.file, session.command].filter((part): part is string => part !== undefined && part !== '');
  return `[${index + 1}/${count}] ${parts.join(' · ')}`;
}

/**
 * One line about an ended test and its report.
 * @example formatResult({ outcome: 'failed', test: 'opens the menu', file: 'menu.test.ts', report: '/p/r.html', … })
 *   // '✗ failed: opens the menu · menu.test.ts · report: /p/r.html'
 */
export function formatResult(result: Pick<LiveResult, 'outcome' | 'test' | 'file' | 'report'>): string {
  const outcome = result.outcome === 'failed' ? '✗ failed' : '✓ passed';
  return `${outcome}: ${result.test} · ${result.file} · report: ${result.report}`;
}

/**
 * The key of the app to show among `sessions` (oldest first), from the one shown now (`current`)
 * moved by `step` (1 next, -1 previous, 0 stay), wrapping around. When `current` is not among them
 * (none yet, or it ended), the newest app: the one the run started last.
 * @returns undefined when there are no sessions.
 */
export function chooseSession(sessions: readonly LiveSession[], current: string | undefined, step: -1 | 0 | 1): string | undefined {
  if (sessions.length === 0) return undefined;
  const index = sessions.findIndex((session) => sessionKey(session) === current);
  const next = index === -1 ? sessions.length - 1 : (index + step + sessions.length) % sessions.length;
  const session = sessions[next];
  return session && sessionKey(session);
}

/**
 * How long to wait before the next redraw, in ms, so that redraws come at most every `interval`
 * ms: 0 (now) when the last one is that long ago, else the rest of the interval.
 * @param lastDrawAt - when the terminal was last drawn, in ms (undefined: never).
 */
export function redrawDelay(lastDrawAt: number | undefined, now: number, interval = REDRAW_INTERVAL): number {
  return lastDrawAt === undefined ? 0 : Math.max(0, Math.min(interval, lastDrawAt + interval - now));
}

/** What the terminal shows: the waiting line, or one app. */
export type WatchView =
  | { kind: 'waiting'; results: readonly LiveResult[] }
  | {
      kind: 'app';
      /** The {@link formatHeader} line. */
      header: string;
      /** The app's screen; undefined until it has been read. */
      screen: ScreenSnapshot | undefined;
      /** Said where the screen would be when there is none (`reading the screen…`, why it cannot be read). */
      note?: string;
      /** Ended tests, newest first: the newest failure is shown on the last line. */
      results: readonly LiveResult[];
    };

/**
 * The frame of `view` on a terminal of `cols` × `rows` cells. Row 0 is the header (inverse, the keys
 * right-aligned when they fit); an app's screen is drawn from row 1, cut to the terminal, with its
 * cursor where it shows; the last row holds the newest failure (terminals of 3 rows and more).
 * While waiting, the ended tests are listed from row 2.
 * @param widthOf - cells a code point takes (`cellWidth` from screen/).
 */
export function composeWatchFrame(view: WatchView, cols: number, rows: number, widthOf: (codePoint: number) => number): Frame {
  const cells = blankFrame(cols, rows);
  const header = view.kind === 'app' ? view.header : `tmux-shot watch: ${WAITING_TEXT}`;
  if (cells[0]) drawHeader(cells[0], header, widthOf);
  let cursor: Frame['cursor'];
  if (view.kind === 'waiting') {
    if (view.results.length > 0) drawLines(cells, 2, ['Ended in the last minutes:', ...view.results.map(formatResult)], widthOf);
    return { cols, rows, cells, cursor };
  }
  const bodyRows = Math.max(0, rows >= 3 ? rows - 2 : rows - 1);
  if (view.screen) cursor = drawScreen(cells, view.screen, bodyRows);
  else if (view.note) drawLines(cells, 1, [view.note], widthOf);
  const failure = view.results.find((result) => result.outcome === 'failed');
  const footer = cells[rows - 1];
  if (failure && rows >= 3 && footer) putText(footer, 0, fitText(formatResult(failure), cols, widthOf), FAILED_SGR, widthOf);
  return { cols, rows, cells, cursor };
}

/** The header row: inverse across the width, `text` at its left (cut with `…`), the keys at its right when they fit after it. */
function drawHeader(row: FrameCell[], text: string, widthOf: (codePoint: number) => number): void {
  row.fill({ chars: '', width: 1, sgr: HEADER_SGR });
  const end = putText(row, 0, fitText(text, row.length, widthOf), HEADER_SGR, widthOf);
  const keysAt = row.length - textWidth(WATCH_KEYS, widthOf);
  if (keysAt >= end + 2) putText(row, keysAt, WATCH_KEYS, HEADER_SGR, widthOf);
}

/** Plain lines from `first`, as many as fit. */
function drawLines(cells: FrameCell[][], first: number, lines: readonly string[], widthOf: (codePoint: number) => number): void {
  lines.forEach((line, index) => {
    const row = cells[first + index];
    if (row) putText(row, 0, fitText(line, row.length, widthOf), line.startsWith('✗') ? FAILED_SGR : '', widthOf);
  });
}

/** The app's screen from row 1, cut to `bodyRows` rows and the terminal's width. @returns Its cursor, when it shows there. */
function drawScreen(cells: FrameCell[][], screen: ScreenSnapshot, bodyRows: number): Frame['cursor'] {
  const cols = cells[0]?.length ?? 0;
  for (let r = 0; r < Math.min(screen.rows, bodyRows); r++) {
    const from = screen.cells[r] ?? [];
    const to = cells[r + 1];
    if (!to) continue;
    for (let c = 0; c < Math.min(screen.cols, cols); c++) {
      const cell = from[c];
      // Half a wide character at the cut stays blank.
      if (cell && !(cell.width === 2 && c === cols - 1)) to[c] = frameCell(cell);
    }
  }
  const { col, row, visible } = screen.cursor;
  return visible && row < Math.min(screen.rows, bodyRows) && col < cols ? { col, row: row + 1 } : undefined;
}

/** `text` cut to `cols` cells, its end replaced by `…` when cut. */
export function fitText(text: string, cols: number, widthOf: (codePoint: number) => number): string {
  if (textWidth(text, widthOf) <= cols) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const w = widthOf(char.codePointAt(0) ?? 0);
    if (width + w > cols - 1) break;
    out += char;
    width += w;
  }
  return `${out}…`;
}

function textWidth(text: string, widthOf: (codePoint: number) => number): number {
  let width = 0;
  for (const char of text) width += widthOf(char.codePointAt(0) ?? 0);
  return width;
}
