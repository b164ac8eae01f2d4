/** Text of a snapshot, search in it, and how a screen and a pattern read in messages. Pure. */
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** Where {@link findText} found a match: 0-based cell coordinates and the matched text. */
export interface TextMatch {
  /** Row of the match's first character (0 = top). */
  row: number;
  /** Column (in cells) of the match's first character; a wide character counts 2. */
  col: number;
  /** The matched text. */
  text: string;
}

/** A row as text with, for each UTF-16 code unit of it (and one past the end), its cell column. */
interface RowText {
  text: string;
  columns: number[];
}

/**
 * One row as text: a character per cell (a blank cell reads as a space), the right half of a wide
 * character skipped, trailing spaces removed.
 */
function rowText(row: readonly Cell[]): RowText {
  let text = '';
  const columns: number[] = [];
  row.forEach((cell, col) => {
    if (cell.width === 0) return;
    const chars = cell.chars === '' ? ' ' : cell.chars;
    text += chars;
    for (let i = 0; i < chars.length; i++) columns.push(col);
  });
  const trimmed = text.replace(/ +$/, '');
  // One entry past the end, so an empty match at the end of the text has a column too.
  const end = columns[trimmed.length] ?? row.length;
  columns.length = trimmed.length;
  columns.push(end);
  return { text: trimmed, columns };
}

/**
 * The visible screen as text: rows top to bottom joined by '\n', each right-trimmed of spaces
 * (leading and inner blanks stay, so columns line up). Equals `ScreenModel.text()` for the same screen.
 */
export function snapshotText(snapshot: ScreenSnapshot): string {
  return snapshot.cells.map((row) => rowText(row).text).join('\n');
}

/**
 * Finds the first match of `pattern` on the screen, rows top to bottom, left to right. Each row is
 * searched on its own (as {@link snapshotText} prints it, so `$` is the end of the row's visible
 * text); a match never spans rows. A RegExp's `g`/`y` flags are ignored, so a shared RegExp's
 * `lastIndex` neither matters nor changes.
 * @returns The match, or `undefined` when no row matches.
 */
export function findText(snapshot: ScreenSnapshot, pattern: string | RegExp): TextMatch | undefined {
  const regexp = typeof pattern === 'string' ? undefined : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  for (let row = 0; row < snapshot.cells.length; row++) {
    const line = rowText(snapshot.cells[row] ?? []);
    const found = regexp ? regexp.exec(line.text) : indexMatch(line.text, pattern as string);
    if (found) {
      return { row, col: line.columns[found.index] ?? 0, text: found[0] };
    }
  }
  return undefined;
}

function indexMatch(text: string, needle: string): { index: number; 0: string } | null {
  const index = text.indexOf(needle);
  return index === -1 ? null : { index, 0: needle };
}

/**
 * A screen's text for an error message, one row a line behind a gutter of 0-based row numbers,
 * blank rows at the bottom left out:
 * ```
 *    0 │ File  Edit
 *    1 │ > Open
 *      (rows 2-23 blank)
 * ```
 */
export function formatScreenBlock(text: string): string {
  const rows = text.split('\n');
  let used = rows.length;
  while (used > 0 && rows[used - 1] === '') used--;
  const width = String(Math.max(0, rows.length - 1)).length;
  const lines = rows.slice(0, used).map((row, index) => `  ${String(index).padStart(width)} │ ${row}`.trimEnd());
  const last = rows.length - 1;
  if (used === 0) lines.push('  (every row blank)');
  else if (used <= last) lines.push(`  ${' '.repeat(width)}   (${used === last ? `row ${last}` : `rows ${used}-${last}`} blank)`);
  return lines.join('\n');
}

/** An error message: what happened, a blank line, then the screen as {@link formatScreenBlock} shows it. */
export function formatWithScreen(sentence: string, screenText: string): string {
  return `${sentence}\n\nScreen:\n${formatScreenBlock(screenText)}`;
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
