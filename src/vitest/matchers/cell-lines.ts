/**
 * The cell-level part of a screenshot failure: which cells changed and how, from the reference
 * screen stored in the baseline PNG and the actual screen — or, when the reference carries no
 * screen (an older or foreign PNG), from the pixel mismatches alone. Pure.
 */
import { diffCells, formatCellChars, formatCellDiff, formatRanges } from '../../diff/index.js';
import type { CellPosition } from '../../geometry.js';
import type { ScreenSnapshot } from '../../snapshot.js';

function positionLines(cells: readonly CellPosition[], actual: ScreenSnapshot | undefined, max: number): string[] {
  const rows = cells.map((cell) => cell.row);
  const one = cells.length === 1;
  const lines = [`${cells.length} ${one ? 'cell differs' : 'cells differ'} on ${new Set(rows).size === 1 ? 'row' : 'rows'} ${formatRanges(rows)}`];
  for (const { row, col } of cells.slice(0, max)) {
    const chars = actual?.cells[row]?.[col]?.chars;
    lines.push(`row ${row} col ${col}${chars === undefined ? '' : `: now ${formatCellChars(chars || ' ')}`}`);
  }
  if (cells.length > max) lines.push(`...and ${cells.length - max} more ${cells.length - max === 1 ? 'cell' : 'cells'}`);
  return lines;
}

/**
 * Lines describing the changed cells (0-based rows and columns): `3 cells differ on rows 4, 7`,
 * then up to `max` lines like `row 4 col 10: 'a' -> 'b', fg palette 1 -> default`.
 * @param mismatched - cells holding mismatched pixels (from the comparison); changes outside them
 *   (masked or outside the region) are not reported. Undefined: every changed cell counts.
 */
export function describeChangedCells(
  reference: ScreenSnapshot | undefined,
  actual: ScreenSnapshot | undefined,
  mismatched: readonly CellPosition[] | undefined,
  max: number,
): string[] {
  if (reference && actual && reference.cols === actual.cols && reference.rows === actual.rows) {
    const keep = mismatched && new Set(mismatched.map((cell) => `${cell.row}:${cell.col}`));
    const changes = diffCells(reference, actual).filter((change) => !keep || keep.has(`${change.row}:${change.col}`));
    if (changes.length > 0) return formatCellDiff(changes, { max });
  }
  if (reference && actual && (reference.cols !== actual.cols || reference.rows !== actual.rows)) {
    return [`The screen size changed from ${reference.cols}×${reference.rows} to ${actual.cols}×${actual.rows} cells.`];
  }
  return mismatched?.length ? positionLines(mismatched, actual, max) : [];
}

/**
 * How two reads of a live screen differ, for "did not settle" messages: the changed cells, or —
 * when only the cursor or the screen buffer changed — that.
 */
export function describeReadChange(previous: ScreenSnapshot, last: ScreenSnapshot, max: number): string[] {
  const changes = diffCells(previous, last);
  if (changes.length > 0) return formatCellDiff(changes, { max });
  const [a, b] = [previous.cursor, last.cursor];
  if (a.col !== b.col || a.row !== b.row) return [`the cursor moved from row ${a.row} col ${a.col} to row ${b.row} col ${b.col}`];
  if (a.visible !== b.visible) return [`the cursor was ${b.visible ? 'shown' : 'hidden'}`];
  return [`the app ${last.alternateScreen ? 'switched to' : 'left'} the alternate screen`];
}
