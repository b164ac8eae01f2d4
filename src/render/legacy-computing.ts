/**
 * Symbols for Legacy Computing (U+1FB00–U+1FBFF) and octants (U+1CD00–U+1CDE5) as geometry
 * (pure), so mosaics, wedges and eighths of neighbouring cells join without seams. Shapes
 * follow the Unicode chart "Symbols for Legacy Computing" and, where the chart leaves
 * proportions open, kitty (`kitty/decorations.c`: `smooth_mosaic`, `half_triangle`,
 * `eight_bar`) and WezTerm (`wezterm-gui/src/customglyph.rs`: `BlockKey`). Drawn: sextants and
 * octants (`mosaics.ts`), wedges U+1FB3C–U+1FB6F, eighths U+1FB70–U+1FB8B, shaded halves,
 * checker boards and triangles U+1FB8C–U+1FB97 and U+1FB9A–U+1FB9F, thirds U+1FBCE–U+1FBCF and
 * centre quarters U+1FBE4–U+1FBE7; diagonals, diagonal fills and justified circles
 * (`legacy-line-art.ts`). The pictographs, U+1FBAF and U+1FBB0–U+1FBCD, U+1FBF0–U+1FBF9
 * (segmented digits) are left to fonts.
 */

import { createCoverage, fillCoverageRect, fillCoverageShape, type GlyphCoverage } from './glyph-coverage.js';
import { drawLegacyLineArt } from './legacy-line-art.js';
import { drawMosaic, gridEdge, gridSpan } from './mosaics.js';

/** Medium shade coverage, as ▒ (U+2592). */
const MEDIUM = 128;

/** A rectangle [x0, x1, y0, y1] in 24ths of the cell (24 = 8 eighths × 3 thirds), filled to `alpha`. */
type Rect = readonly [number, number, number, number, number];

const rect = (x0: number, x1: number, y0: number, y1: number, alpha = 255): Rect => [x0, x1, y0, y1, alpha];
/** Column `k` (0–7) of eighths, full height; `horizontalBar` is row `k`, full width. */
const verticalBar = (k: number): Rect => rect(3 * k, 3 * k + 3, 0, 24);
const horizontalBar = (k: number): Rect => rect(0, 24, 3 * k, 3 * k + 3);
const LEFT_HALF = rect(0, 12, 0, 24);
const RIGHT_HALF = rect(12, 24, 0, 24);
const UPPER_HALF = rect(0, 24, 0, 12);
const LOWER_HALF = rect(0, 24, 12, 24);
const shaded = ([x0, x1, y0, y1]: Rect): Rect => rect(x0, x1, y0, y1, MEDIUM);
/** The quarter-cell squares of a 4×4 checker board whose column + row parity is `parity`. */
const checkers = (parity: number): Rect[] =>
  Array.from({ length: 16 }, (_, i) => [i % 4, Math.floor(i / 4)] as const)
    .filter(([col, row]) => (col + row) % 2 === parity)
    .map(([col, row]) => rect(6 * col, 6 * col + 6, 6 * row, 6 * row + 6));

/** U+1FB70–U+1FB97 and U+1FBCE–U+1FBE5 as rectangles, by code point (Unicode chart names in order). */
const RECTS = new Map<number, readonly Rect[]>([
  ...[1, 2, 3, 4, 5, 6].map((k, i): [number, Rect[]] => [0x1fb70 + i, [verticalBar(k)]]),
  ...[1, 2, 3, 4, 5, 6].map((k, i): [number, Rect[]] => [0x1fb76 + i, [horizontalBar(k)]]),
  [0x1fb7c, [verticalBar(0), horizontalBar(7)]],
  [0x1fb7d, [verticalBar(0), horizontalBar(0)]],
  [0x1fb7e, [verticalBar(7), horizontalBar(0)]],
  [0x1fb7f, [verticalBar(7), horizontalBar(7)]],
  [0x1fb80, [horizontalBar(0), horizontalBar(7)]],
  [0x1fb81, [0, 2, 4, 7].map(horizontalBar)],
  // 🮂 and 🮅 (upper one quarter, three quarters) are octant patterns: mosaics.ts draws them.
  [0x1fb83, [rect(0, 24, 0, 9)]],
  [0x1fb84, [rect(0, 24, 0, 15)]],
  [0x1fb86, [rect(0, 24, 0, 21)]],
  ...[2, 3, 5, 6, 7].map((n, i): [number, Rect[]] => [0x1fb87 + i, [rect(24 - 3 * n, 24, 0, 24)]]),
  [0x1fb8c, [shaded(LEFT_HALF)]],
  [0x1fb8d, [shaded(RIGHT_HALF)]],
  [0x1fb8e, [shaded(UPPER_HALF)]],
  [0x1fb8f, [shaded(LOWER_HALF)]],
  [0x1fb90, [rect(0, 24, 0, 24, MEDIUM)]],
  [0x1fb91, [UPPER_HALF, shaded(LOWER_HALF)]],
  [0x1fb92, [shaded(UPPER_HALF), LOWER_HALF]],
  [0x1fb93, [LEFT_HALF, shaded(RIGHT_HALF)]],
  [0x1fb94, [shaded(LEFT_HALF), RIGHT_HALF]],
  [0x1fb95, checkers(0)],
  [0x1fb96, checkers(1)],
  [0x1fb97, [rect(0, 24, 6, 12), rect(0, 24, 18, 24)]],
  [0x1fbce, [rect(0, 16, 0, 24)]],
  [0x1fbcf, [rect(0, 8, 0, 24)]],
  [0x1fbe4, [rect(6, 18, 0, 12)]],
  [0x1fbe5, [rect(6, 18, 12, 24)]],
]);

/**
 * The 22 lines of the wedges on the sextant grid, as kitty's `smooth_mosaic` table: [x0, y0,
 * x1, y1] with x in halves and y in thirds of the cell. U+1FB3C + i fills below line i,
 * U+1FB52 + i above it (the two are complements, as the chart pairs them).
 */
const WEDGE_LINES = [
  [0, 2, 1, 3],
  [0, 2, 2, 3],
  [0, 1, 1, 3],
  [0, 1, 2, 3],
  [0, 0, 1, 3],
  [0, 1, 1, 0],
  [0, 1, 2, 0],
  [0, 2, 1, 0],
  [0, 2, 2, 0],
  [0, 3, 1, 0],
  [0, 2, 2, 1],
  [1, 3, 2, 2],
  [0, 3, 2, 2],
  [1, 3, 2, 1],
  [0, 3, 2, 1],
  [1, 3, 2, 0],
  [1, 0, 2, 1],
  [0, 0, 2, 1],
  [1, 0, 2, 2],
  [0, 0, 2, 2],
  [1, 0, 2, 3],
  [0, 1, 2, 2],
] as const;

/** Triangles from the cell's centre to two corners: left, upper, right, lower edge. */
const LEFT = 1;
const UPPER = 2;
const RIGHT = 4;
const LOWER = 8;

/** U+1FB68–U+1FB6F, U+1FB9A–U+1FB9F as triangle bits and coverage (WezTerm's `Triangles`). */
const TRIANGLES = new Map<number, readonly [number, number]>([
  [0x1fb68, [UPPER | RIGHT | LOWER, 255]],
  [0x1fb69, [LEFT | RIGHT | LOWER, 255]],
  [0x1fb6a, [LEFT | UPPER | LOWER, 255]],
  [0x1fb6b, [LEFT | UPPER | RIGHT, 255]],
  [0x1fb6c, [LEFT, 255]],
  [0x1fb6d, [UPPER, 255]],
  [0x1fb6e, [RIGHT, 255]],
  [0x1fb6f, [LOWER, 255]],
  [0x1fb9a, [UPPER | LOWER, 255]],
  [0x1fb9b, [LEFT | RIGHT, 255]],
  [0x1fb9c, [LEFT | UPPER, MEDIUM]],
  [0x1fb9d, [UPPER | RIGHT, MEDIUM]],
  [0x1fb9e, [RIGHT | LOWER, MEDIUM]],
  [0x1fb9f, [LEFT | LOWER, MEDIUM]],
]);

type Point = readonly [number, number];

/** Whether (x, y) lies in triangle abc (either winding; edges included). */
function inTriangle(x: number, y: number, a: Point, b: Point, c: Point): boolean {
  const side = (p: Point, q: Point): number => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const [d1, d2, d3] = [side(a, b), side(b, c), side(c, a)];
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

function drawTriangles(coverage: GlyphCoverage, bits: number, alpha: number, scale: number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const centre: Point = [gridEdge(w, 1, 2, scale), gridEdge(h, 1, 2, scale)];
  // Corners bottom left, top left, top right, bottom right: edge i (left, upper, right, lower) runs from corner i to i + 1.
  const corners: Point[] = [
    [0, h],
    [0, 0],
    [w, 0],
    [w, h],
  ];
  const shape = alpha === 255 ? coverage : createCoverage(w, h);
  fillCoverageShape(shape, (x, y) => corners.some((a, i) => bits & (1 << i) && inTriangle(x, y, a, corners[(i + 1) % 4]!, centre)));
  if (shape === coverage) return;
  coverage.alpha.forEach((a, i) => {
    coverage.alpha[i] = Math.max(a, Math.round((shape.alpha[i]! * alpha) / 255));
  });
}

/** Wedge `i` (0–43): below (i < 22) or above line `i % 22`, through points snapped like the sextants'. */
function drawWedge(coverage: GlyphCoverage, i: number, scale: number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const [ax, ay, bx, by] = WEDGE_LINES[i % 22]!;
  const [x0, x1] = [gridEdge(w, ax, 2, scale), gridEdge(w, bx, 2, scale)];
  const [y0, y1] = [gridEdge(h, ay, 3, scale), gridEdge(h, by, 3, scale)];
  const lineY = (x: number): number => y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  fillCoverageShape(coverage, i < 22 ? (x, y) => y >= lineY(x) : (x, y) => y <= lineY(x));
}

/**
 * Draws `codePoint` of Symbols for Legacy Computing or an octant into `coverage` (one cell).
 * Rectangle edges are fractions of the cell rounded to whole layout pixels (multiples of
 * `scale`; a rectangle that would round to nothing keeps one, see {@link gridSpan}), so a 2x
 * cell is the 1x cell doubled and ▁-style eighths match the block elements';
 * wedges and triangles run through the same snapped points, anti-aliased along the slope; line
 * art is `lightPx` thick. Returns false, drawing nothing, for code points it does not draw.
 */
export function drawLegacyComputing(coverage: GlyphCoverage, codePoint: number, lightPx: number, scale: number): boolean {
  if (drawMosaic(coverage, codePoint, scale) || drawLegacyLineArt(coverage, codePoint, lightPx, scale)) return true;
  const { widthPx: w, heightPx: h } = coverage;
  const rects = RECTS.get(codePoint);
  const triangles = TRIANGLES.get(codePoint);
  if (rects) {
    for (const [x0, x1, y0, y1, alpha] of rects) {
      const [left, right] = gridSpan(w, x0, x1, 24, scale);
      const [top, bottom] = gridSpan(h, y0, y1, 24, scale);
      fillCoverageRect(coverage, left, top, right, bottom, alpha);
    }
  } else if (triangles) drawTriangles(coverage, triangles[0], triangles[1], scale);
  else if (codePoint >= 0x1fb3c && codePoint <= 0x1fb67) drawWedge(coverage, codePoint - 0x1fb3c, scale);
  else return false;
  return true;
}
