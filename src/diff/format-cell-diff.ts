/** Cell changes → short readable lines for a failure message. */
import { type Cell, type Color, formatCodePoint } from '../snapshot.js';
import type { CellChange, CellField } from './cell-diff.js';

/** Options of {@link formatCellDiff}. */
export interface FormatCellDiffOptions {
  /** Most changes listed one per line; the rest are counted. @default 10 */
  max?: number;
}

/**
 * A first code point that shows nothing in a terminal, or nothing that tells it apart: controls,
 * format characters, private use (Nerd and powerline icons draw only with a patched font),
 * surrogates, unassigned code points, separators other than the space, a lone combining mark
 * (a grapheme that starts with a mark), default-ignorable code points (e.g. U+3164) and the
 * blank braille pattern U+2800.
 */
const NOT_SHOWN = /^(?! )[\p{C}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * A cell's characters as a failure message writes them: quoted (`'a'`, with `'` and `\`
 * escaped; `' '` for a blank, `''` for the right half of a wide character), or, when the
 * grapheme's first code point would not show in a terminal (see `NOT_SHOWN`: private use,
 * controls, format characters, a lone combining mark…), its code points in `U+E0B0` notation,
 * space-separated (`U+0301 U+0302`).
 */
export function formatCellChars(text: string): string {
  if (NOT_SHOWN.test(text)) return [...text].map((c) => formatCodePoint(c.codePointAt(0)!)).join(' ');
  return `'${text.replace(/[\\']/g, '\\$&')}'`;
}

function quoteChars(cell: Cell): string {
  return formatCellChars(cell.chars === '' && cell.width !== 0 ? ' ' : cell.chars);
}

function formatColor(color: Color): string {
  if (color.kind === 'default') return 'default';
  if (color.kind === 'palette') return `palette ${color.index}`;
  const hex = [color.r, color.g, color.b].map((c) => c.toString(16).padStart(2, '0')).join('');
  return `rgb #${hex}`;
}

function formatField(field: CellField, before: Cell, after: Cell): string {
  switch (field) {
    case 'chars':
      return `${quoteChars(before)} -> ${quoteChars(after)}`;
    case 'fg':
    case 'bg':
    case 'underlineColor':
      return `${field} ${formatColor(before[field])} -> ${formatColor(after[field])}`;
    case 'underline':
      return `underline ${before.underline} -> ${after.underline}`;
    default:
      return `${field} ${before[field] ? 'on' : 'off'} -> ${after[field] ? 'on' : 'off'}`;
  }
}

/** `4, 7` or `0-3, 7`: sorted distinct numbers with consecutive runs collapsed. */
export function formatRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    parts.push(start === sorted[i] ? `${start}` : `${start}-${sorted[i]}`);
  }
  return parts.join(', ');
}

/**
 * Formats cell changes as lines: a summary (`3 cells differ on rows 4, 7`), then one line per
 * change up to `max` (`row 4 col 10: 'a' -> 'b', bg palette 4 -> rgb #ff0000, bold off -> on`),
 * then `...and 5 more cells` when some were left out. Rows and columns are 0-based, as in
 * {@link CellRect}, the snapshot and the xterm buffer (tmux and ECMA-48 CUP count from 1: add 1
 * for `CSI row ; col H`). With no changes the only line is `no cells differ`.
 */
export function formatCellDiff(changes: readonly CellChange[], options: FormatCellDiffOptions = {}): string[] {
  const max = options.max ?? 10;
  if (changes.length === 0) return ['no cells differ'];
  const rows = [...new Set(changes.map((c) => c.row))];
  const one = changes.length === 1;
  const lines = [`${changes.length} ${one ? 'cell differs' : 'cells differ'} on ${rows.length === 1 ? 'row' : 'rows'} ${formatRanges(rows)}`];
  for (const change of changes.slice(0, max)) {
    const parts = change.fields.map((field) => formatField(field, change.before, change.after));
    lines.push(`row ${change.row} col ${change.col}: ${parts.join(', ')}`);
  }
  const rest = changes.length - Math.min(max, changes.length);
  if (rest > 0) lines.push(`...and ${rest} more ${rest === 1 ? 'cell' : 'cells'}`);
  return lines;
}
