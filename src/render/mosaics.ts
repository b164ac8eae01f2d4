/**
 * Block mosaics as rectangles (pure): sextants U+1FB00–U+1FB3B (2×3) and octants
 * U+1CD00–U+1CDE5 (2×4), with the few octant patterns encoded elsewhere in Symbols for Legacy
 * Computing (U+1FBE6, U+1FBE7) and its Supplement (U+1CEA0, U+1CEA3, U+1CEA8, U+1CEAB).
 * The code point → pattern tables are derived, not listed: Unicode numbers the patterns in
 * binary order (cell n of the name "BLOCK SEXTANT-n…" is bit n − 1, reading order) and skips
 * those another code point already draws. Same tables as kitty (`kitty/decorations.c`,
 * `octant()`) and WezTerm (`wezterm-gui/src/customglyph.rs`, `SEXTANT_PATTERNS`,
 * `OCTANT_PATTERNS`).
 */

import { fillCoverageRect, type GlyphCoverage } from './glyph-coverage.js';

/** The `k`/`n` edge of a `size`-px side, rounded to whole layout pixels (multiples of `scale`). */
export function gridEdge(size: number, k: number, n: number, scale: number): number {
  return scale * Math.round((size * k) / (n * scale));
}

/**
 * The pixels [start, end) from the `k0`/`n` to the `k1`/`n` edge of a `size`-px side, edges as
 * {@link gridEdge}, but never empty when `k1 > k0`: a span that rounds to nothing (an eighth of
 * a 4 px cell) becomes the one layout pixel holding its centre, so thin bars stay visible at
 * small font sizes.
 */
export function gridSpan(size: number, k0: number, k1: number, n: number, scale: number): [number, number] {
  const [start, end] = [gridEdge(size, k0, n, scale), gridEdge(size, k1, n, scale)];
  if (end > start || k1 <= k0) return [start, end];
  const centre = Math.min(Math.floor(size / scale) - 1, Math.floor((size * (k0 + k1)) / (2 * n * scale)));
  return [scale * centre, scale * (centre + 1)];
}

/** All `2^cells` patterns in binary order, minus those `skip` says exist elsewhere. */
function patterns(cells: number, skip: (bits: number) => boolean): number[] {
  return Array.from({ length: 2 ** cells }, (_, bits) => bits).filter((bits) => !skip(bits));
}

/** The `row`th pair of bits (left, right) of a 2-column pattern. */
const rowOf = (bits: number, row: number): number => (bits >> (2 * row)) & 3;

/**
 * Sextant patterns of U+1FB00–U+1FB3B: all but the four whose three rows are equal
 * (empty, ▌, ▐, █ — space and block elements).
 */
export const SEXTANT_PATTERNS = patterns(6, (bits) => rowOf(bits, 0) === rowOf(bits, 1) && rowOf(bits, 1) === rowOf(bits, 2));

/**
 * Octant patterns drawn by code points outside U+1CD00–U+1CDE5, besides the quadrant-shaped
 * ones: quarter-height rows (🮂 🮅 from Legacy Computing, ▂ ▆ from Block Elements), the middle
 * quarters 🯦 🯧 and the four corner octants of the Supplement.
 */
const OCTANTS_ELSEWHERE = new Map<number, number>([
  [0x1fb82, 0x03],
  [0x1fb85, 0x3f],
  [0x2582, 0xc0],
  [0x2586, 0xfc],
  [0x1fbe6, 0x14],
  [0x1fbe7, 0x28],
  [0x1cea0, 0x80],
  [0x1cea3, 0x40],
  [0x1cea8, 0x01],
  [0x1ceab, 0x02],
]);
const ELSEWHERE_BITS = new Set(OCTANTS_ELSEWHERE.values());

/**
 * Octant patterns of U+1CD00–U+1CDE5: all but the 16 whose rows pair up into quadrants (space,
 * halves, quadrants, █ — block elements) and the 10 of {@link OCTANTS_ELSEWHERE}.
 */
export const OCTANT_PATTERNS = patterns(8, (bits) => (rowOf(bits, 0) === rowOf(bits, 1) && rowOf(bits, 2) === rowOf(bits, 3)) || ELSEWHERE_BITS.has(bits));

/** Fills the set cells of a 2-column × `rows` pattern; column and row edges as {@link gridEdge}. */
function fillMosaic(coverage: GlyphCoverage, bits: number, rows: number, scale: number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const xs = [0, gridEdge(w, 1, 2, scale), w];
  for (let row = 0; row < rows; row++) {
    const [top, bottom] = [gridEdge(h, row, rows, scale), gridEdge(h, row + 1, rows, scale)];
    for (let col = 0; col < 2; col++) {
      if (rowOf(bits, row) & (1 << col)) fillCoverageRect(coverage, xs[col]!, top, xs[col + 1]!, bottom);
    }
  }
}

/**
 * Draws sextant or octant `codePoint` into `coverage` (one cell). Column and row edges are the
 * cell's halves, thirds or quarters rounded to whole layout pixels (so the left column is ▌'s
 * width, octant rows meet ▂ ▄ ▆, and a 2x cell is the 1x cell doubled); rows of unequal height
 * still tile, as every cell of a row splits alike. Returns false, drawing nothing, for any other
 * code point (▂ and ▆ included: block elements draw them).
 */
export function drawMosaic(coverage: GlyphCoverage, codePoint: number, scale: number): boolean {
  if (codePoint >= 0x1fb00 && codePoint <= 0x1fb3b) fillMosaic(coverage, SEXTANT_PATTERNS[codePoint - 0x1fb00]!, 3, scale);
  else if (codePoint >= 0x1cd00 && codePoint <= 0x1cde5) fillMosaic(coverage, OCTANT_PATTERNS[codePoint - 0x1cd00]!, 4, scale);
  else if (codePoint > 0xffff && OCTANTS_ELSEWHERE.has(codePoint)) fillMosaic(coverage, OCTANTS_ELSEWHERE.get(codePoint)!, 4, scale);
  else return false;
  return true;
}
