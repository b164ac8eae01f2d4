/** Equality of two snapshots, cheap enough to run on every poll of a settle wait. Pure. */
import { colorsEqual } from '../snapshot.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/**
 * True when `a` and `b` show the same screen: same size, cursor (position and visibility),
 * alternate-screen state, and every cell equal in text, width, colours, attributes and link.
 * Shared objects (blank cells, palette colours) compare by reference first, so this stays well
 * under a millisecond for 200×50.
 */
export function screensEqual(a: ScreenSnapshot, b: ScreenSnapshot): boolean {
  if (a === b) return true;
  if (a.cols !== b.cols || a.rows !== b.rows || a.alternateScreen !== b.alternateScreen) return false;
  if (a.cursor.col !== b.cursor.col || a.cursor.row !== b.cursor.row || a.cursor.visible !== b.cursor.visible) {
    return false;
  }
  for (let row = 0; row < a.rows; row++) {
    const rowA = a.cells[row];
    const rowB = b.cells[row];
    if (rowA === rowB) continue;
    if (!rowA || !rowB || rowA.length !== rowB.length) return false;
    for (let col = 0; col < rowA.length; col++) {
      if (!cellsEqual(rowA[col] as Cell, rowB[col] as Cell)) return false;
    }
  }
  return true;
}

function cellsEqual(a: Cell, b: Cell): boolean {
  return (
    a === b ||
    (a.chars === b.chars &&
      a.width === b.width &&
      colorsEqual(a.fg, b.fg) &&
      colorsEqual(a.bg, b.bg) &&
      a.bold === b.bold &&
      a.dim === b.dim &&
      a.italic === b.italic &&
      a.underline === b.underline &&
      colorsEqual(a.underlineColor, b.underlineColor) &&
      a.strikethrough === b.strikethrough &&
      a.overline === b.overline &&
      a.inverse === b.inverse &&
      a.invisible === b.invisible &&
      a.blink === b.blink &&
      a.link === b.link)
  );
}
