/**
 * Regional-indicator flags across the grid (pure). tmux 3.3a and xterm.js give each regional
 * indicator (U+1F1E6–U+1F1FF) a cell of its own, one column wide, so `🇩🇪` arrives as two
 * adjacent cells. Unicode's grapheme rules (UAX #29, GB12/GB13) pair regional indicators from
 * the left of each unbroken run; a pair is one flag, which the emoji font draws two cells wide.
 */

import type { Cell } from '../snapshot.js';

const FIRST_REGIONAL_INDICATOR = 0x1f1e6;
const LAST_REGIONAL_INDICATOR = 0x1f1ff;

/** Whether a cell holds exactly one regional indicator in one column. */
function isRegionalIndicatorCell(cell: Pick<Cell, 'chars' | 'width'>): boolean {
  if (cell.width !== 1 || cell.chars.length !== 2) return false;
  const cp = cell.chars.codePointAt(0)!;
  return cp >= FIRST_REGIONAL_INDICATOR && cp <= LAST_REGIONAL_INDICATOR;
}

/**
 * The columns of `cells` (one row) that start a flag: a cell holding one regional indicator
 * whose right neighbour holds another, paired from the left of each run of such cells, so in a
 * run of three the third stays alone. Cell attributes play no part, as in Unicode's rule.
 */
export function regionalIndicatorPairs(cells: readonly Pick<Cell, 'chars' | 'width'>[]): Set<number> {
  const starts = new Set<number>();
  for (let col = 0; col + 1 < cells.length; col++) {
    if (isRegionalIndicatorCell(cells[col]!) && isRegionalIndicatorCell(cells[col + 1]!)) {
      starts.add(col);
      col++;
    }
  }
  return starts;
}
