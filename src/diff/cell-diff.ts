/** Cell-by-cell comparison of two screen snapshots. */
import { BLANK_CELL, colorsEqual } from '../snapshot.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** A property of a {@link Cell} that can change; `chars` covers the character and its width. */
export type CellField =
  | 'chars'
  | 'fg'
  | 'bg'
  | 'bold'
  | 'dim'
  | 'italic'
  | 'underline'
  | 'underlineColor'
  | 'strikethrough'
  | 'overline'
  | 'inverse'
  | 'invisible'
  | 'blink';

/** One cell that differs. `row`/`col` are 0-based, like {@link CellRect} and the xterm buffer. */
export interface CellChange {
  row: number;
  col: number;
  /** The reference cell (a blank default cell where the reference had none). */
  before: Cell;
  /** The actual cell (a blank default cell where the actual screen has none). */
  after: Cell;
  /** What changed, in {@link CellField} declaration order. */
  fields: readonly CellField[];
}

const FLAGS = ['bold', 'dim', 'italic', 'underline', 'strikethrough', 'overline', 'inverse', 'invisible', 'blink'] as const;

function changedFields(before: Cell, after: Cell): CellField[] {
  const fields: CellField[] = [];
  if (before.chars !== after.chars || before.width !== after.width) fields.push('chars');
  if (!colorsEqual(before.fg, after.fg)) fields.push('fg');
  if (!colorsEqual(before.bg, after.bg)) fields.push('bg');
  for (const flag of FLAGS) {
    if (before[flag] !== after[flag]) fields.push(flag);
    if (flag === 'underline' && !colorsEqual(before.underlineColor, after.underlineColor)) fields.push('underlineColor');
  }
  return fields;
}

/**
 * Every cell whose character, colours or attributes differ, row by row, left to right. The
 * cursor and the alternate-screen flag are not compared. Screens of different sizes are compared
 * over the larger extent, missing cells counting as {@link BLANK_CELL}; without a reference the
 * actual screen is compared with a blank one, so every painted cell is listed.
 */
export function diffCells(reference: ScreenSnapshot | undefined, actual: ScreenSnapshot): CellChange[] {
  const rows = Math.max(reference?.rows ?? 0, actual.rows);
  const cols = Math.max(reference?.cols ?? 0, actual.cols);
  const changes: CellChange[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const before = reference?.cells[row]?.[col] ?? BLANK_CELL;
      const after = actual.cells[row]?.[col] ?? BLANK_CELL;
      const fields = changedFields(before, after);
      if (fields.length) changes.push({ row, col, before, after, fields });
    }
  }
  return changes;
}
