/**
 * Block elements U+2580–U+259F as rectangles (pure), so halves, eighths and quadrants fill
 * their share of the cell exactly and tile without seams. Shapes follow the Unicode chart
 * "Block Elements"; the shades ░▒▓ are drawn as uniform 25 %, 50 % and 75 % coverage.
 */

import { fillCoverageRect, type GlyphCoverage } from './glyph-coverage.js';
import { gridEdge, gridSpan } from './mosaics.js';

/** Quadrant bits: upper left, upper right, lower left, lower right. */
const UL = 1;
const UR = 2;
const LL = 4;
const LR = 8;

/** U+2596–U+259F ▖▗▘▙▚▛▜▝▞▟ as quadrant bits. */
const QUADRANTS = [LL, LR, UL, UL | LL | LR, UL | LR, UL | UR | LL, UL | UR | LR, UR, UR | LL, UR | LL | LR];

function drawQuadrants(coverage: GlyphCoverage, bits: number, x: (eighths: number) => number, y: (eighths: number) => number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const midX = x(4);
  const midY = y(4);
  if (bits & UL) fillCoverageRect(coverage, 0, 0, midX, midY);
  if (bits & UR) fillCoverageRect(coverage, midX, 0, w, midY);
  if (bits & LL) fillCoverageRect(coverage, 0, midY, midX, h);
  if (bits & LR) fillCoverageRect(coverage, midX, midY, w, h);
}

/**
 * Draws block element `codePoint` (U+2580–U+259F) into `coverage` (one cell). Fractions are
 * rounded to whole layout pixels (an n/8 edge sits at scale · round(size / scale · n / 8)), so
 * a 2x cell is the 1x cell doubled; a bar that would round to nothing (▕ in a 4 px cell) keeps
 * one layout pixel ({@link gridSpan}). Returns false, drawing nothing, for any other code point.
 */
export function drawBlockElement(coverage: GlyphCoverage, codePoint: number, scale: number): boolean {
  const { widthPx: w, heightPx: h } = coverage;
  const x = (eighths: number): number => gridEdge(w, eighths, 8, scale);
  const y = (eighths: number): number => gridEdge(h, eighths, 8, scale);
  /** Fills eighths [from, to) across the full height (`columns`) or the full width. */
  const bar = (columns: boolean, from: number, to: number): void => {
    const [start, end] = gridSpan(columns ? w : h, from, to, 8, scale);
    if (columns) fillCoverageRect(coverage, start, 0, end, h);
    else fillCoverageRect(coverage, 0, start, w, end);
  };
  if (codePoint === 0x2580) bar(false, 0, 4);
  else if (codePoint >= 0x2581 && codePoint <= 0x2588) bar(false, 0x2588 - codePoint, 8);
  else if (codePoint >= 0x2589 && codePoint <= 0x258f) bar(true, 0, 0x2590 - codePoint);
  else if (codePoint === 0x2590) bar(true, 4, 8);
  else if (codePoint >= 0x2591 && codePoint <= 0x2593) {
    fillCoverageRect(coverage, 0, 0, w, h, Math.round((255 * (codePoint - 0x2590)) / 4));
  } else if (codePoint === 0x2594) bar(false, 0, 1);
  else if (codePoint === 0x2595) bar(true, 7, 8);
  else if (codePoint >= 0x2596 && codePoint <= 0x259f) drawQuadrants(coverage, QUADRANTS[codePoint - 0x2596]!, x, y);
  else return false;
  return true;
}
