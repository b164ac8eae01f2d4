/**
 * What `tmux-shot watch` draws in the user's terminal, as a grid of cells, and the bytes that turn
 * one grid into the next: only the runs of cells that changed, each placed by CUP, with SGR
 * attributes as ECMA-48 and xterm define them. Pure.
 */
import type { Cell, Color } from '../snapshot.js';

/** One cell to draw: its character (`''` for a blank, and for the right half of a wide one) and its SGR parameters. */
export interface FrameCell {
  readonly chars: string;
  /** 2 for a wide character, 0 for its right half, else 1. */
  readonly width: 0 | 1 | 2;
  /** SGR parameters without the `ESC [` and `m` (`'1;31'`); `''` for none. */
  readonly sgr: string;
}

/** A whole terminal's worth of cells, and where its cursor shows (none: hidden). */
export interface Frame {
  readonly cols: number;
  readonly rows: number;
  /** `rows` arrays of `cols` cells. */
  readonly cells: readonly (readonly FrameCell[])[];
  readonly cursor: { readonly col: number; readonly row: number } | undefined;
}

/** The blank cell with no attributes. */
export const BLANK_FRAME_CELL: FrameCell = Object.freeze({ chars: '', width: 1, sgr: '' });

const ESC = '\x1b';

/** A frame of blank cells. */
export function blankFrame(cols: number, rows: number): FrameCell[][] {
  return Array.from({ length: rows }, () => new Array<FrameCell>(cols).fill(BLANK_FRAME_CELL));
}

/**
 * Writes `text` into `row` from `col` in one style, cut at the row's end (a wide character that
 * does not fit whole is left out). Each code point takes the cells `widthOf` gives it: 2 for a wide
 * one; 0 (a combining mark) joins the cell before.
 * @returns The column after the text.
 */
export function putText(row: FrameCell[], col: number, text: string, sgr: string, widthOf: (codePoint: number) => number): number {
  let at = col;
  let last: number | undefined;
  for (const char of text) {
    const width = widthOf(char.codePointAt(0) ?? 0);
    const previous = last === undefined ? undefined : row[last];
    if (width === 0) {
      if (last !== undefined && previous) row[last] = { ...previous, chars: previous.chars + char };
      continue;
    }
    if (at + width > row.length) break;
    row[at] = { chars: char, width: width === 2 ? 2 : 1, sgr };
    if (width === 2) row[at + 1] = { chars: '', width: 0, sgr };
    last = at;
    at += width;
  }
  return at;
}

/** The SGR parameters of a screen cell (`'1;38;5;208'`); `''` for a plain one. Links are not drawn. */
export function sgrOf(cell: Cell): string {
  const params: string[] = [];
  if (cell.bold) params.push('1');
  if (cell.dim) params.push('2');
  if (cell.italic) params.push('3');
  if (cell.underline !== 'none') params.push(UNDERLINE[cell.underline]);
  if (cell.blink) params.push('5');
  if (cell.inverse) params.push('7');
  if (cell.invisible) params.push('8');
  if (cell.strikethrough) params.push('9');
  if (cell.overline) params.push('53');
  const fg = colorParams(cell.fg, 30);
  const bg = colorParams(cell.bg, 40);
  if (fg) params.push(fg);
  if (bg) params.push(bg);
  return params.join(';');
}

const UNDERLINE = { single: '4', double: '4:2', curly: '4:3', dotted: '4:4', dashed: '4:5' } as const;

/** SGR of a colour: `base` + index for the first 8 (30/40), bright ones at `base` + 60, else 38/48;5 or ;2. */
function colorParams(color: Color, base: 30 | 40): string {
  if (color.kind === 'default') return '';
  if (color.kind === 'rgb') return `${base + 8};2;${color.r};${color.g};${color.b}`;
  if (color.index < 8) return String(base + color.index);
  if (color.index < 16) return String(base + 60 + color.index - 8);
  return `${base + 8};5;${color.index}`;
}

/** `cell` as a frame cell. */
export function frameCell(cell: Cell): FrameCell {
  return cell.chars === '' && cell.width === 1 && isPlain(cell) ? BLANK_FRAME_CELL : { chars: cell.chars, width: cell.width, sgr: sgrOf(cell) };
}

function isPlain(cell: Cell): boolean {
  return sgrOf(cell) === '';
}

/**
 * The bytes that turn the terminal from `previous` (what it shows now; undefined: unknown) into
 * `next`: with no previous frame or another size, a clear and every cell; else each run of changed
 * cells, placed by CUP (a run that begins on the right half of a wide character begins one cell
 * left). Then the cursor: placed and shown, or hidden. `''` when nothing changed.
 */
export function frameUpdate(previous: Frame | undefined, next: Frame): string {
  const whole = previous === undefined || previous.cols !== next.cols || previous.rows !== next.rows;
  let out = whole ? `${ESC}[0m${ESC}[H${ESC}[2J` : '';
  for (let row = 0; row < next.rows; row++) {
    const cells = next.cells[row] ?? [];
    const before = whole ? undefined : previous.cells[row];
    for (let col = 0; col < next.cols; col++) {
      if (before && sameCell(before[col], cells[col])) continue;
      let start = col;
      if (cells[start]?.width === 0 && start > 0) start--;
      let end = col;
      while (end < next.cols && !(before && sameCell(before[end], cells[end]))) end++;
      // A wide character at the run's end takes its right half with it.
      if (cells[end - 1]?.width === 2 && end < next.cols) end++;
      out += `${ESC}[${row + 1};${start + 1}H${drawRun(cells, start, end)}`;
      col = end - 1;
    }
  }
  const cursorMoved = previous?.cursor?.col !== next.cursor?.col || previous?.cursor?.row !== next.cursor?.row;
  if (out === '' && !cursorMoved) return '';
  const cursor = next.cursor ? `${ESC}[${next.cursor.row + 1};${next.cursor.col + 1}H${ESC}[?25h` : `${ESC}[?25l`;
  return `${out}${out === '' ? '' : `${ESC}[0m`}${cursor}`;
}

/** Cells `start`…`end - 1` of a row, each style change as one SGR (reset first). */
function drawRun(cells: readonly FrameCell[], start: number, end: number): string {
  let out = '';
  let sgr: string | undefined;
  for (let col = start; col < end; col++) {
    const cell = cells[col] ?? BLANK_FRAME_CELL;
    if (cell.width === 0 && col > start) continue;
    if (cell.sgr !== sgr) {
      out += `${ESC}[0${cell.sgr === '' ? '' : `;${cell.sgr}`}m`;
      sgr = cell.sgr;
    }
    out += cell.width === 0 || cell.chars === '' ? ' ' : cell.chars;
  }
  return out;
}

function sameCell(a: FrameCell | undefined, b: FrameCell | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.chars === b.chars && a.width === b.width && a.sgr === b.sgr);
}
