/** Text patterns → cell rects to mask (clocks, pids, temp paths that change on every run). */
import type { CellRect } from '../geometry.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** A row's text and, for each UTF-16 code unit of it, the column of the cell it came from. */
function rowText(cells: readonly Cell[]): { text: string; colOf: number[] } {
  let text = '';
  const colOf: number[] = [];
  cells.forEach((cell, col) => {
    if (cell.width === 0) return; // right half of a wide character: its text sits in the left half
    const chars = cell.chars === '' ? ' ' : cell.chars;
    text += chars;
    for (let i = 0; i < chars.length; i++) colOf.push(col);
  });
  return { text, colOf };
}

/** The same pattern with the `g` flag (needed by `matchAll`) and without `y`. */
function globalOf(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, `${pattern.flags.replace(/[gy]/g, '')}g`);
}

/**
 * Finds every match of every pattern in each row's text and returns the cells it covers, one
 * 1-row rect per match, in pattern order then row order. Columns are cell indices (0-based), not
 * string indices: a wide character (CJK, emoji) counts as its two cells and a blank as one space,
 * so a match after `中文` starts 4 columns in, not 2. Matches never span rows; empty matches are
 * skipped.
 */
export function maskFromText(snapshot: ScreenSnapshot, patterns: readonly RegExp[]): CellRect[] {
  const rows = snapshot.cells.map(rowText);
  const rects: CellRect[] = [];
  for (const pattern of patterns) {
    const global = globalOf(pattern);
    rows.forEach(({ text, colOf }, row) => {
      for (const match of text.matchAll(global)) {
        if (match[0].length === 0) continue;
        const lastUnit = match.index + match[0].length - 1;
        const col = colOf[match.index]!;
        const lastCol = colOf[lastUnit]!;
        const lastWidth = snapshot.cells[row]![lastCol]!.width;
        rects.push({ col, row, cols: lastCol + lastWidth - col, rows: 1 });
      }
    });
  }
  return rects;
}
