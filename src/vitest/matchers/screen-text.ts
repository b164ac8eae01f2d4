/**
 * The screen as reviewable text for `toMatchScreenText`: a header line with the size and the
 * cursor, the rows as they read, then a compact list of styled runs. Pure.
 *
 * ```
 * # 80x24, cursor at row 1 col 6, visible
 *  File  Edit
 * > Open
 *
 * -- styles: row:cols attributes --
 * 0:0-10 bg=4 fg=15
 * 1:0-5 bold inverse
 * ```
 * The header records what the text leaves out: each row is right-trimmed and blank rows at the
 * bottom are dropped, so the size says how wide and tall the screen was; the cursor is where it
 * stood (0-based, `hidden` after DECTCEM `CSI ? 25 l`).
 * With `mask`, the rows are masked (see `normalizeText`); a mask that matched left of the cursor
 * on its row makes the cursor's column `*` (`cursor at row 0 col *`), as the masked text before it
 * may be of any width (`took 5ms`, `took 123ms`).
 * Rows and columns are 0-based cells (as in `CellRect`), ranges inclusive. Colours are palette
 * indices (`fg=1` is ANSI red, ECMA-48 SGR 31) or `#rrggbb` (SGR 38;2). Attributes are listed in
 * a fixed order; `underline` shows its style when not single (`underline=curly`).
 */
import { MASK_TOKEN, normalizeText, rectText, snapshotText } from '../../screen/index.js';
import type { Cell, Color, ScreenSnapshot } from '../../snapshot.js';

/** The line between the text and the styled runs. */
export const STYLES_HEADER = '-- styles: row:cols attributes --';

function formatColor(color: Color): string {
  if (color.kind === 'palette') return String(color.index);
  if (color.kind === 'rgb') return `#${[color.r, color.g, color.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return 'default';
}

/** The style of a cell as words, '' for an unstyled cell. */
export function formatCellStyle(cell: Cell): string {
  const words: string[] = [];
  if (cell.fg.kind !== 'default') words.push(`fg=${formatColor(cell.fg)}`);
  if (cell.bg.kind !== 'default') words.push(`bg=${formatColor(cell.bg)}`);
  if (cell.bold) words.push('bold');
  if (cell.dim) words.push('dim');
  if (cell.italic) words.push('italic');
  if (cell.underline !== 'none') words.push(cell.underline === 'single' ? 'underline' : `underline=${cell.underline}`);
  if (cell.underline !== 'none' && cell.underlineColor.kind !== 'default') words.push(`ul=${formatColor(cell.underlineColor)}`);
  if (cell.strikethrough) words.push('strike');
  if (cell.overline) words.push('overline');
  if (cell.inverse) words.push('inverse');
  if (cell.invisible) words.push('invisible');
  if (cell.blink) words.push('blink');
  return words.join(' ');
}

/** Runs of equally styled cells in one row, as `row:from-to style` lines (unstyled runs left out). */
function rowRuns(row: readonly Cell[], rowIndex: number): string[] {
  const lines: string[] = [];
  let start = 0;
  let style = '';
  const flush = (end: number): void => {
    if (style !== '') lines.push(`${rowIndex}:${start === end ? start : `${start}-${end}`} ${style}`);
  };
  row.forEach((cell, col) => {
    const next = formatCellStyle(cell);
    if (next === style) return;
    flush(col - 1);
    start = col;
    style = next;
  });
  flush(row.length - 1);
  return lines;
}

/**
 * The first line of {@link formatScreenText}: `# 80x24, cursor at row 1 col 6, visible` (cols x
 * rows, 0-based cursor); with `maskCol`, the column is `*`.
 */
export function formatScreenHeader(snapshot: ScreenSnapshot, maskCol = false): string {
  const { cols, rows, cursor } = snapshot;
  const col = maskCol ? MASK_TOKEN : cursor.col;
  return `# ${cols}x${rows}, cursor at row ${cursor.row} col ${col}, ${cursor.visible ? 'visible' : 'hidden'}`;
}

/** True when a mask matches text of the cursor's row that starts left of the cursor (each mask tried on the row as it reads). */
function maskedLeftOfCursor(snapshot: ScreenSnapshot, mask: readonly RegExp[]): boolean {
  const { cursor, cols } = snapshot;
  if (cursor.row >= snapshot.rows || cursor.col === 0) return false;
  const left = rectText(snapshot, { row: cursor.row, col: 0, rows: 1, cols: Math.min(cursor.col, cols) }).length;
  const line = rectText(snapshot, { row: cursor.row, col: 0, rows: 1, cols });
  return mask.some((pattern) =>
    [...line.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))].some(
      (match) => match[0] !== '' && match.index < left,
    ),
  );
}

/** Options of {@link formatScreenText}. */
export interface ScreenTextFormatOptions {
  /** Append the styled runs after the text. @default true */
  styles?: boolean;
  /** Patterns whose matches in the rows become `*` (never in the header's size or the styled runs). @default none */
  mask?: readonly RegExp[];
}

/**
 * {@link formatScreenHeader}, then the screen text (masked, rows right-trimmed, as `snapshotText`,
 * and blank rows at the bottom left out), then — when `styles` is on and any cell is styled — a
 * blank line, {@link STYLES_HEADER} and one line per styled run. The header's cursor column is `*`
 * when a mask matched left of the cursor on its row.
 */
export function formatScreenText(snapshot: ScreenSnapshot, options: ScreenTextFormatOptions = {}): string {
  const mask = options.mask ?? [];
  const rows = snapshotText(snapshot).replace(/\n+$/, '');
  const text = `${formatScreenHeader(snapshot, maskedLeftOfCursor(snapshot, mask))}\n${mask.length ? normalizeText(rows, mask) : rows}`;
  if (options.styles === false) return text;
  const runs = snapshot.cells.flatMap((row, index) => rowRuns(row, index));
  return runs.length === 0 ? text : `${text}\n\n${STYLES_HEADER}\n${runs.join('\n')}`;
}
