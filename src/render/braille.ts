/**
 * Braille patterns U+2800–U+28FF as square dots on the pixel grid (pure), so graphs drawn with
 * them (btop, ratatui's Canvas, drawille) tile evenly across cells. Dot numbering follows the
 * Unicode chart "Braille Patterns": dot n is bit n − 1 of `codePoint − 0x2800`; dots 1, 2, 3, 7
 * run down the left column and 4, 5, 6, 8 down the right one.
 *
 * Proportions follow kitty (`kitty/decorations.c`, `braille_dot` and `distribute_dots`): a dot
 * is a quarter of the cell width and an eighth of its height (we take the smaller, so dots are
 * square as in WezTerm's `customglyph.rs` Braille, which draws squares of width / 4), and the
 * space left over is shared out as equal gaps, the one across the cell boundary included. Unlike
 * kitty, which adds left-over pixels from the boundary gap onwards, we add them to the gaps
 * inside the cell in mirror-image pairs, so every pattern is symmetric in its cell; like kitty
 * (and unlike WezTerm, which anti-aliases fractional squares), dot edges are whole pixels.
 */

import { fillCoverageRect, type GlyphCoverage } from './glyph-coverage.js';

/** Column (0 left, 1 right) and row (0–3 from the top) of dots 1–8. */
const DOTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, 1],
  [0, 2],
  [1, 0],
  [1, 1],
  [1, 2],
  [0, 3],
  [1, 3],
];

/**
 * Where `count` (2 or 4) dots of `dot` units start along `size` units: the free space is cut
 * into `count` equal gaps, one of them across the boundary (split between the two margins, the
 * odd unit at the end); left-over units go to the gaps inside, in mirror-image pairs with the
 * middle gap taking an odd one. When there is too little space for every gap (4 rows of 1 px in
 * the 7 px cell of a 6 px font), the boundary gap keeps one unit and the middle gap goes without,
 * so stacked cells stay apart and dots 2 and 3 (5 and 6) touch instead.
 */
function dotStarts(size: number, count: 2 | 4, dot: number): number[] {
  const free = Math.max(0, size - count * dot);
  const boundary = Math.min(free, Math.max(1, Math.floor(free / count)));
  const inside = free - boundary;
  const gap = Math.floor(inside / (count - 1));
  const left = inside - (count - 1) * gap;
  const inner = count === 2 ? [gap + left] : [gap + Math.floor(left / 2), gap + (left % 2), gap + Math.floor(left / 2)];
  const starts = [Math.floor(boundary / 2)];
  for (const g of inner) starts.push(starts[starts.length - 1]! + dot + g);
  return starts;
}

/**
 * Draws braille pattern `codePoint` (U+2800–U+28FF) into `coverage` (one cell). Sizes are
 * computed in units of `scale` pixels, so a 2x cell is the 1x cell doubled. Returns false,
 * drawing nothing, for any other code point; U+2800 (no dots) draws nothing and returns true.
 */
export function drawBraille(coverage: GlyphCoverage, codePoint: number, scale: number): boolean {
  if (codePoint < 0x2800 || codePoint > 0x28ff) return false;
  const width = Math.floor(coverage.widthPx / scale);
  const height = Math.floor(coverage.heightPx / scale);
  const dot = Math.max(1, Math.min(Math.floor(width / 4), Math.floor(height / 8)));
  const xs = dotStarts(width, 2, dot);
  const ys = dotStarts(height, 4, dot);
  DOTS.forEach(([col, row], bit) => {
    if (!((codePoint - 0x2800) & (1 << bit))) return;
    const x = scale * xs[col]!;
    const y = scale * ys[row]!;
    fillCoverageRect(coverage, x, y, x + scale * dot, y + scale * dot);
  });
  return true;
}
