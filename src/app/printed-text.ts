/**
 * What a command printed, as text, from the raw bytes it wrote to the terminal: lines as a
 * terminal shows them while they scroll by, whole however long (no wrapping at the pane's width)
 * and however many (no scrollback limit). Followed: CR returns to the line's start and what comes
 * next overwrites (a `\r` progress bar leaves its last state), a character takes the cells the
 * screen gives it (Unicode 11 widths: a wide one two, a combining mark none, joined to the one
 * before), overwriting half of a wide character blanks its other half, BS steps back, TAB moves to the next
 * multiple of 8 columns, LF starts a new line, EL (`CSI K`) erases, CHA/CUF/CUB (`CSI G/C/D`) move
 * along the line and CUU/CUD (`CSI A/B`) between lines; what is drawn on the alternate screen
 * (`CSI ? 1049/1047/47 h` … `l`: less, vim) is not printed text and is left out. Other escape
 * sequences (colours, OSC, charsets, absolute cursor moves) and control characters are dropped.
 * One line feed at the end is dropped too, as execa's `stripFinalNewline` does. Pure.
 */

import { cellWidth } from '../screen/index.js';

const ALTERNATE_SCREEN_MODES = new Set([47, 1047, 1049]);
/** The cell right of a wide character's: it prints nothing of its own. */
const WIDE_TAIL = '';

/** A line being written: its characters by column (sparse columns read as spaces). */
type Line = string[];

/** The text `bytes` (UTF-8) print; see the module comment. */
export function printedText(bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes);
  const lines: Line[] = [[]];
  let row = 0;
  let col = 0;
  let alternate = false;
  const line = (): Line => {
    while (lines.length <= row) lines.push([]);
    return lines[row]!;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const code = char.codePointAt(0)!;
    if (char === '\x1b') {
      const sequence = readEscape(text, i);
      i = sequence.end - 1;
      if (sequence.csi) {
        const { final, params, privateMode } = sequence.csi;
        if (privateMode && (final === 'h' || final === 'l') && params.some((param) => ALTERNATE_SCREEN_MODES.has(param))) alternate = final === 'h';
        else if (!alternate && !privateMode) ({ row, col } = applyCsi(line(), final, params, row, col));
      }
      continue;
    }
    if (alternate) continue;
    if (char === '\n') {
      row++;
      col = 0;
      line();
    } else if (char === '\r') col = 0;
    else if (char === '\b') col = Math.max(0, col - 1);
    else if (char === '\t') col = (Math.floor(col / 8) + 1) * 8;
    else if (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0)) {
      const cells = line();
      const printed = code > 0xffff ? text.slice(i, i + 2) : char;
      if (printed.length === 2) i++;
      const width = cellWidth(code);
      if (width === 0) join(cells, col, printed);
      else col = put(cells, col, printed, width);
    }
  }
  const joined = lines.map((cells) => Array.from(cells, (cell) => cell ?? ' ').join('')).join('\n');
  return joined.endsWith('\n') ? joined.slice(0, -1) : joined;
}

/** Writes `printed`, `width` cells wide, at `col`; a wide character it overwrites half of shows blank in its other half. @returns The column after it. */
function put(cells: Line, col: number, printed: string, width: 1 | 2): number {
  if (col > 0 && cells[col] === WIDE_TAIL) cells[col - 1] = ' ';
  if (cells[col + width] === WIDE_TAIL) cells[col + width] = ' ';
  cells[col] = printed;
  if (width === 2) cells[col + 1] = WIDE_TAIL;
  return col + width;
}

/** Adds a combining mark to the character before `col` (a wide one's first cell); at a line's start it has none and is dropped. */
function join(cells: Line, col: number, mark: string): void {
  const before = cells[col - 1] === WIDE_TAIL ? col - 2 : col - 1;
  if (before >= 0) cells[before] = (cells[before] ?? ' ') + mark;
}

/** A CSI's parts: `ESC [ <private> <params> <final>`. */
interface Csi {
  final: string;
  params: number[];
  privateMode: boolean;
}

/** The escape sequence at `start` (its ESC): where it ends, and its parts when it is a CSI. */
function readEscape(text: string, start: number): { end: number; csi?: Csi } {
  const kind = text[start + 1];
  if (kind === '[') {
    let end = start + 2;
    while (end < text.length && !/[\x40-\x7e]/.test(text[end]!)) end++;
    const body = text.slice(start + 2, end);
    const privateMode = /^[?<=>]/.test(body);
    const params = body
      .replace(/^[?<=>]/, '')
      .split(/[;:]/)
      .map((param) => Number.parseInt(param, 10));
    return { end: end + 1, csi: { final: text[end] ?? '', params, privateMode } };
  }
  if (kind === ']' || kind === 'P' || kind === 'X' || kind === '^' || kind === '_') {
    // A string sequence: up to BEL (OSC only) or ST (ESC \).
    for (let end = start + 2; end < text.length; end++) {
      if (text[end] === '\x07' && kind === ']') return { end: end + 1 };
      if (text[end] === '\x1b' && text[end + 1] === '\\') return { end: end + 2 };
    }
    return { end: text.length };
  }
  // ESC, intermediates (0x20–0x2f), then a final byte: `ESC 7`, `ESC ( B`.
  let end = start + 1;
  while (end < text.length && /[\x20-\x2f]/.test(text[end]!)) end++;
  return { end: Math.min(end + 1, text.length) };
}

/** Applies the CSIs that move along or between lines, or erase in a line; the others change nothing here. */
function applyCsi(cells: Line, final: string, params: readonly number[], row: number, col: number): { row: number; col: number } {
  const count = Math.max(1, params[0] || 1);
  switch (final) {
    case 'K': {
      const mode = params[0] || 0;
      if (mode === 0) cells.length = Math.min(cells.length, col);
      else if (mode === 1) cells.fill(' ', 0, Math.min(col + 1, cells.length));
      else cells.length = 0;
      return { row, col };
    }
    case 'G':
      return { row, col: count - 1 };
    case 'C':
      return { row, col: col + count };
    case 'D':
      return { row, col: Math.max(0, col - count) };
    case 'A':
      return { row: Math.max(0, row - count), col };
    case 'B':
      return { row: row + count, col };
    default:
      return { row, col };
  }
}
