/**
 * Powerline separators in the private use area as geometry (pure), so a prompt's segments meet
 * their separators without a seam. The set and the shapes follow kitty (`kitty/decorations.c`,
 * the U+E0B0–U+E0BF and U+E0D6–U+E0D7 entries): solid and outline arrows U+E0B0–U+E0B3 (`triangle`,
 * `half_cross_line`), rounded U+E0B4–U+E0B7 (`filled_D`, `rounded_separator`), slanted
 * U+E0B8–U+E0BF (`corner_triangle`, `cross_line`) and the inverted arrows U+E0D6–U+E0D7. kitty
 * draws none of the flames, pixelated, ice, lego and trapezoid shapes U+E0C0–U+E0D4; neither do
 * we, so they are left to fonts. All sloped and curved edges are anti-aliased (kitty anti-aliases
 * only the outline curves U+E0B5 and U+E0B7).
 */

import { fillCoverageShape, type GlyphCoverage } from './glyph-coverage.js';

/** Distance from (x, y) to the segment (ax, ay)–(bx, by). */
function segmentDistance(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const along = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - along * dx, y - ay - along * dy);
}

/** The inside test of a shape in a `w`×`h` cell, drawn pointing right (mirrored for the left-pointing code points). */
type Shape = (x: number, y: number, w: number, h: number, t: number, u: number) => boolean;

/**
 * ▶ with its tip at the middle of the right edge. Its edges run from one unit (`u` px) in on the
 * top and bottom edges, so the whole left column is covered, as kitty's edge lines start at the
 * centres of the corner pixels: next to a full block of the same colour there is no notch.
 */
const arrow: Shape = (x, y, w, h, _t, u) => {
  const top = ((h / 2) * (x - u)) / (w - u);
  return y >= top && y <= h - top;
};

/** > from the top-left corner to the middle of the right edge and back to the bottom-left corner, `t` thick. */
const arrowOutline: Shape = (x, y, w, h, t) => segmentDistance(x, y, 0, 0, w, h / 2) <= t / 2 || segmentDistance(x, y, w, h / 2, 0, h) <= t / 2;

/**
 * A half ellipse bulging right, as wide as the cell and as tall, centred on its left edge (kitty
 * draws a cubic Bézier with the same extent, which stays within 0.04 cell widths of it).
 */
const halfDisc: Shape = (x, y, w, h) => (x / w) ** 2 + ((y - h / 2) / (h / 2)) ** 2 <= 1;

/** The outline of {@link halfDisc}, `t` thick and inside the cell (first-order distance to the ellipse). */
const halfCircle: Shape = (x, y, w, h, t) => {
  const a = w - t / 2;
  const b = h / 2 - t / 2;
  const dy = y - h / 2;
  const f = (x / a) ** 2 + (dy / b) ** 2 - 1;
  return Math.abs(f) / Math.hypot((2 * x) / a ** 2, (2 * dy) / b ** 2) <= t / 2;
};

/** The half of the cell below the diagonal from the top-left to the bottom-right corner (◣). */
const lowerLeft: Shape = (x, y, w, h) => y * w >= x * h;

/** The diagonal from the top-left to the bottom-right corner (╲), `t` thick. */
const fallingLine: Shape = (x, y, w, h, t) => segmentDistance(x, y, 0, 0, w, h) <= t / 2;

/** Each code point's shape, and how it is flipped: `x` mirrors left-right, `y` top-bottom, `!` inverts. */
const POWERLINE: ReadonlyMap<number, readonly [Shape, string]> = new Map<number, readonly [Shape, string]>([
  [0xe0b0, [arrow, '']],
  [0xe0b1, [arrowOutline, '']],
  [0xe0b2, [arrow, 'x']],
  [0xe0b3, [arrowOutline, 'x']],
  [0xe0b4, [halfDisc, '']],
  [0xe0b5, [halfCircle, '']],
  [0xe0b6, [halfDisc, 'x']],
  [0xe0b7, [halfCircle, 'x']],
  [0xe0b8, [lowerLeft, '']],
  [0xe0b9, [fallingLine, '']],
  [0xe0ba, [lowerLeft, 'x']],
  [0xe0bb, [fallingLine, 'x']],
  [0xe0bc, [lowerLeft, 'y']],
  [0xe0bd, [fallingLine, 'x']],
  [0xe0be, [lowerLeft, 'xy']],
  [0xe0bf, [fallingLine, '']],
  [0xe0d6, [arrow, 'x!']],
  [0xe0d7, [arrow, '!']],
]);

/**
 * Draws powerline separator `codePoint` (one of U+E0B0–U+E0BF, U+E0D6, U+E0D7) into `coverage`
 * (an empty cell) with lines `lightPx` thick and edges anti-aliased; `scale` (1 or 2) is the size of
 * one layout unit in pixels. Returns false, drawing nothing, for any other code point.
 */
export function drawPowerline(coverage: GlyphCoverage, codePoint: number, lightPx: number, scale: number): boolean {
  const entry = POWERLINE.get(codePoint);
  if (!entry) return false;
  const [shape, flips] = entry;
  const { widthPx: w, heightPx: h } = coverage;
  const mirror = flips.includes('x');
  const flip = flips.includes('y');
  fillCoverageShape(coverage, (x, y) => shape(mirror ? w - x : x, flip ? h - y : y, w, h, lightPx, scale));
  if (flips.includes('!')) coverage.alpha.forEach((a, i) => (coverage.alpha[i] = 255 - a));
  return true;
}
