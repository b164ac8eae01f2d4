/** Cell changes → short readable lines for a failure message. */
import type { Cell, Color } from '../snapshot.js';
import type { CellChange, CellField } from './cell-diff.js';

/** Options of {@link formatCellDiff}. */
export interface FormatCellDiffOptions {
  /** Most changes listed one per line; the rest are counted. @default 10 */
  max?: number;
}

/** `'a'`; a blank cell shows as `' '` and the right half of a wide character as `''`. */
function quoteChars(cell: Cell): string {
  const text = cell.chars === '' && cell.width !== 0 ? ' ' : cell.chars;
  return `'${text.replace(/[\\']/g, '\\$&')}'`;
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
