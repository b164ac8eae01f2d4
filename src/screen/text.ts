/** Text of a snapshot, search in it, and how a screen and a pattern read in messages. Pure. */
import { SCREEN } from '../defaults.js';
import type { CellRect } from '../geometry.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** Where {@link findText} or {@link findAllText} found a match: 0-based cell coordinates and the matched text. */
export interface TextMatch {
  /** Row of the match's first character (0 = top). */
  row: number;
  /** Column (in cells) of the match's first character; a wide character counts 2. */
  col: number;
  /** Width of the match in cells: a wide character counts 2, a combining mark 0 (0 for an empty match). */
  cols: number;
  /** The matched text. */
  text: string;
}

/** The part of a cell the text of a row is made of. */
type TextCell = Pick<Cell, 'chars' | 'width'>;

/**
 * A row as text with, for each UTF-16 code unit of it, the cell column it starts at (and one
 * entry past the end) and the column just after its cell.
 */
interface RowText {
  text: string;
  columns: number[];
  ends: number[];
}

const BLANK: TextCell = { chars: '', width: 1 };

/**
 * One row as text: a character per cell (a blank cell reads as a space), the right half of a wide
 * character skipped, trailing spaces removed unless `keepTrailing`. Columns count from `offset`.
 */
function rowText(row: readonly TextCell[], offset = 0, keepTrailing = false): RowText {
  let text = '';
  const columns: number[] = [];
  const ends: number[] = [];
  row.forEach((cell, index) => {
    if (cell.width === 0) return;
    const chars = cell.chars === '' ? ' ' : cell.chars;
    text += chars;
    for (let i = 0; i < chars.length; i++) {
      columns.push(offset + index);
      ends.push(offset + index + cell.width);
    }
  });
  const trimmed = keepTrailing ? text : text.replace(/ +$/, '');
  // One entry past the end, so an empty match at the end of the text has a column too.
  const end = columns[trimmed.length] ?? offset + row.length;
  columns.length = trimmed.length;
  ends.length = trimmed.length;
  columns.push(end);
  return { text: trimmed, columns, ends };
}

/**
 * The cells of `row` from `col` for `cols` cells, as text reads them: half of a wide character
 * cut by either edge reads as a blank, so a character is inside only when all its cells are.
 */
function rowSlice(row: readonly Cell[], col: number, cols: number): TextCell[] {
  const slice: TextCell[] = row.slice(col, col + cols);
  if (slice[0]?.width === 0) slice[0] = BLANK;
  const last = slice.length - 1;
  if (last >= 0 && slice[last]!.width === 2) slice[last] = BLANK;
  return slice;
}

/** A match as found in a row's text: where it starts (code units) and what it matched. */
function matchAt(line: RowText, row: number, index: number, text: string): TextMatch {
  const col = line.columns[index] ?? 0;
  const cols = text === '' ? 0 : (line.ends[index + text.length - 1] ?? col) - col;
  return { row, col, cols, text };
}

/**
 * The cells of a match found by searching the text of row `row` as {@link snapshotText} prints it
 * (right-trimmed) at UTF-16 index `index`: for searches run elsewhere (the MCP server runs a
 * client's regular expressions in a worker thread) that must answer as {@link findText} does.
 */
export function matchCells(snapshot: ScreenSnapshot, row: number, index: number, text: string): TextMatch {
  return matchAt(rowText(snapshot.cells[row] ?? []), row, index, text);
}

/**
 * The visible screen as text: rows top to bottom joined by '\n', each right-trimmed of spaces
 * (leading and inner blanks stay, so columns line up). Equals `ScreenModel.text()` for the same screen.
 */
export function snapshotText(snapshot: ScreenSnapshot): string {
  return snapshot.cells.map((row) => rowText(row).text).join('\n');
}

/**
 * The text of the cells in `rect`, a rectangle on the screen: its rows read as {@link snapshotText}
 * reads them (a blank cell is a space, each row right-trimmed), joined by '\n'; half of a wide
 * character cut by the rectangle's left or right edge reads as a blank.
 */
export function rectText(snapshot: ScreenSnapshot, rect: CellRect): string {
  const rows = snapshot.cells.slice(rect.row, rect.row + rect.rows);
  return rows.map((row) => rowText(rowSlice(row, rect.col, rect.cols)).text).join('\n');
}

/**
 * Finds the first match of `pattern` on the screen, rows top to bottom, left to right. Each row is
 * searched on its own; a match never spans rows. A string is searched in the row with its trailing
 * blank cells, so `'>   '` matches a prompt `>` followed by three blank cells (whether the app
 * wrote spaces there or nothing); a RegExp is tested on the row as {@link snapshotText} prints it,
 * right-trimmed, so `$` is the end of the row's visible text. A RegExp's `g`/`y` flags are
 * ignored, so a shared RegExp's `lastIndex` neither matters nor changes.
 * @returns The match, or `undefined` when no row matches.
 */
export function findText(snapshot: ScreenSnapshot, pattern: string | RegExp): TextMatch | undefined {
  const regexp = typeof pattern === 'string' ? undefined : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  for (let row = 0; row < snapshot.cells.length; row++) {
    const line = rowText(snapshot.cells[row] ?? [], 0, regexp === undefined);
    const found = regexp ? regexp.exec(line.text) : indexMatch(line.text, pattern as string);
    if (found) return matchAt(line, row, found.index, found[0]);
  }
  return undefined;
}

function indexMatch(text: string, needle: string): { index: number; 0: string } | null {
  const index = text.indexOf(needle);
  return index === -1 ? null : { index, 0: needle };
}

/** Options of {@link findAllText}. */
export interface FindAllTextOptions {
  /**
   * A string matches only where it is bounded on both sides by a blank cell or the edge of
   * `within`, so `'Save'` does not match `Saved` or `[Save]` — but it does match the `Save` of
   * `< Save As >`, whose neighbours are blanks; a RegExp says exactly what may surround the text
   * (`/< Save >/`, `/\bSave\b(?! As)/`). Ignored for a RegExp, as in Playwright.
   * @default false
   */
  exact?: boolean;
  /** Search only the cells of this rectangle, which lies on the screen. @default the whole screen */
  within?: CellRect;
}

/**
 * Every match of `pattern` on the screen (or `within` a rectangle of it), rows top to bottom, left
 * to right. Each row is searched on its own, as {@link findText} does (a string's trailing blanks
 * match blank cells up to the edge of `within`; a RegExp sees the row right-trimmed); within a row, matches do
 * not overlap. A string matches case-sensitively wherever it occurs (with `exact`, only where
 * bounded by blanks or the edge); an empty string matches nothing. A RegExp's `g`/`y` flags
 * are ignored (its `lastIndex` untouched) and empty matches are skipped.
 */
export function findAllText(snapshot: ScreenSnapshot, pattern: string | RegExp, options: FindAllTextOptions = {}): TextMatch[] {
  const { row: top, col, rows, cols } = options.within ?? { row: 0, col: 0, rows: snapshot.rows, cols: snapshot.cols };
  const matches: TextMatch[] = [];
  for (let row = top; row < Math.min(snapshot.cells.length, top + rows); row++) {
    const line = rowText(rowSlice(snapshot.cells[row] ?? [], col, cols), col, typeof pattern === 'string');
    for (const [index, text] of rowMatches(line.text, pattern, options.exact === true)) matches.push(matchAt(line, row, index, text));
  }
  return matches;
}

/** The non-overlapping, non-empty matches of `pattern` in `text`, as [code unit index, matched text]. */
function rowMatches(text: string, pattern: string | RegExp, exact: boolean): [number, string][] {
  if (typeof pattern !== 'string') {
    const regexp = new RegExp(pattern.source, `${pattern.flags.replace(/[gy]/g, '')}g`);
    return [...text.matchAll(regexp)].filter((match) => match[0] !== '').map((match) => [match.index, match[0]]);
  }
  const found: [number, string][] = [];
  if (pattern === '') return found;
  for (let index = text.indexOf(pattern); index !== -1; ) {
    const bounded = (text[index - 1] ?? ' ') === ' ' && (text[index + pattern.length] ?? ' ') === ' ';
    if (exact && !bounded) {
      index = text.indexOf(pattern, index + 1);
      continue;
    }
    found.push([index, pattern]);
    index = text.indexOf(pattern, index + pattern.length);
  }
  return found;
}

/**
 * A screen's text for an error message, one row a line behind a gutter of 0-based row numbers,
 * blank rows at the bottom left out (those `marks` cover are kept):
 * ```
 *    0 │ File  Edit
 *    1 │ > Open
 *      (rows 2-23 blank)
 * ```
 * Under each row that a rectangle of `marks` covers, a line of `^` under its cells, one per cell,
 * so a wide character (2 cells, 2 columns in a terminal font) gets 2:
 * ```
 *    0 │ File  Edit  View
 *      │ ^^^^
 * ```
 * A text of more than `SCREEN.messageRows` rows (a whole buffer) shows only the rows within
 * `SCREEN.messageContextRows` of a mark and its last `SCREEN.messageTailRows` rows; each run of
 * rows left out is one line, `(rows 4-979 not shown)`.
 */
export function formatScreenBlock(text: string, marks: readonly CellRect[] = []): string {
  const rows = text.split('\n');
  let used = rows.length;
  while (used > 0 && rows[used - 1] === '' && !marks.some((mark) => mark.row + mark.rows >= used && mark.row < used)) used--;
  const width = String(Math.max(0, rows.length - 1)).length;
  const shown = rowsShown(used, marks);
  const lines: string[] = [];
  for (let index = 0; index < used; index++) {
    if (!shown(index)) {
      const from = index;
      while (index + 1 < used && !shown(index + 1)) index++;
      lines.push(`  ${' '.repeat(width)}   (${from === index ? `row ${from}` : `rows ${from}-${index}`} not shown)`);
      continue;
    }
    lines.push(`  ${String(index).padStart(width)} │ ${rows[index]}`.trimEnd());
    const carets = markLine(marks, index);
    if (carets !== '') lines.push(`  ${' '.repeat(width)} │ ${carets}`);
  }
  const last = rows.length - 1;
  if (used === 0) lines.push('  (every row blank)');
  else if (used <= last) lines.push(`  ${' '.repeat(width)}   (${used === last ? `row ${last}` : `rows ${used}-${last}`} blank)`);
  return lines.join('\n');
}

/**
 * Which of `used` rows a message shows: all of them up to `SCREEN.messageRows`; of a taller text
 * (a whole buffer), the rows near a mark and the last rows, so a message stays short.
 */
function rowsShown(used: number, marks: readonly CellRect[]): (row: number) => boolean {
  if (used <= SCREEN.messageRows) return () => true;
  const near = SCREEN.messageContextRows;
  return (row) => row >= used - SCREEN.messageTailRows || marks.some((mark) => row >= mark.row - near && row < mark.row + mark.rows + near);
}

/** `^` under the cells of `row` that `marks` cover, spaces elsewhere, right-trimmed; '' when none. */
function markLine(marks: readonly CellRect[], row: number): string {
  const cells: string[] = [];
  for (const mark of marks) {
    if (row < mark.row || row >= mark.row + mark.rows) continue;
    for (let col = mark.col; col < mark.col + mark.cols; col++) cells[col] = '^';
  }
  return Array.from(cells, (cell) => cell ?? ' ').join('');
}

/** An error message: what happened, a blank line, then the screen as {@link formatScreenBlock} shows it (with `marks`). */
export function formatWithScreen(sentence: string, screenText: string, marks: readonly CellRect[] = []): string {
  return `${sentence}\n\nScreen:\n${formatScreenBlock(screenText, marks)}`;
}

/**
 * A text pattern for a message, as the user would write it in JavaScript: `'Open'` (quotes,
 * backslashes and control characters escaped: `'it\'s'`, `'a\nb'`) or `/Op+en/i`.
 */
export function formatPattern(pattern: string | RegExp): string {
  if (typeof pattern !== 'string') return String(pattern);
  const escaped = JSON.stringify(pattern).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'");
  return `'${escaped}'`;
}
