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
 * Rows and columns are 0-based cells (as in `CellRect`), ranges inclusive. Colours are palette
 * indices (`fg=1` is ANSI red, ECMA-48 SGR 31) or `#rrggbb` (SGR 38;2). Attributes are listed in
 * a fixed order; `underline` shows its style when not single (`underline=curly`).
 */
import { snapshotText } from '../screen/index.js';
import type { Cell, Color, ScreenSnapshot } from '../snapshot.js';

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

/** The first line of {@link formatScreenText}: `# 80x24, cursor at row 1 col 6, visible` (cols x rows, 0-based cursor). */
export function formatScreenHeader(snapshot: ScreenSnapshot): string {
  const { cols, rows, cursor } = snapshot;
  return `# ${cols}x${rows}, cursor at row ${cursor.row} col ${cursor.col}, ${cursor.visible ? 'visible' : 'hidden'}`;
}

/** Options of {@link formatScreenText}. */
export interface ScreenTextFormatOptions {
  /** Append the styled runs after the text. @default true */
  styles?: boolean;
}

/**
 * {@link formatScreenHeader}, then the screen text (rows right-trimmed, as `snapshotText`, and
 * blank rows at the bottom left out), then — when `styles` is on and any cell is styled — a blank
 * line, {@link STYLES_HEADER} and one line per styled run.
 */
export function formatScreenText(snapshot: ScreenSnapshot, options: ScreenTextFormatOptions = {}): string {
  const text = `${formatScreenHeader(snapshot)}\n${snapshotText(snapshot).replace(/\n+$/, '')}`;
  if (options.styles === false) return text;
  const runs = snapshot.cells.flatMap((row, index) => rowRuns(row, index));
  return runs.length === 0 ? text : `${text}\n\n${STYLES_HEADER}\n${runs.join('\n')}`;
}
