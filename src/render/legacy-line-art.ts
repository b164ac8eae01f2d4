/**
 * The line art of Symbols for Legacy Computing as geometry (pure), anti-aliased: the light
 * diagonals U+1FBA0–U+1FBAE and U+1FBD0–U+1FBDF, the diagonal fills U+1FB98–U+1FB99 and the
 * justified circles U+1FBE0–U+1FBE3 and U+1FBE8–U+1FBEF. End points follow kitty
 * (`kitty/decorations.c`: `mid_lines`, the `DL(…)` table, `justified_half_circle`,
 * `justified_half_circle_outline`, `justified_quarter_circle`); lines are `lightPx` thick like
 * box drawing's ╱, and their mid-edge ends sit on the centres of ─ and │ so they join them.
 */

import { lightLineCentre } from './box-drawing.js';
import { fillCoverageShape, type GlyphCoverage } from './glyph-coverage.js';

/**
 * Segments between named points of the cell, "A-B" separated by spaces: the corners TL TR BL BR,
 * the edge middles ML MR TC BC and the centre C. Unicode chart names in code point order.
 */
const SEGMENTS = new Map<number, string>([
  [0x1fba0, 'ML-TC'],
  [0x1fba1, 'MR-TC'],
  [0x1fba2, 'ML-BC'],
  [0x1fba3, 'MR-BC'],
  [0x1fba4, 'TC-ML ML-BC'],
  [0x1fba5, 'TC-MR MR-BC'],
  [0x1fba6, 'ML-BC BC-MR'],
  [0x1fba7, 'ML-TC TC-MR'],
  [0x1fba8, 'TC-ML MR-BC'],
  [0x1fba9, 'TC-MR ML-BC'],
  [0x1fbaa, 'TC-MR MR-BC BC-ML'],
  [0x1fbab, 'TC-ML ML-BC BC-MR'],
  [0x1fbac, 'ML-TC TC-MR MR-BC'],
  [0x1fbad, 'MR-TC TC-ML ML-BC'],
  [0x1fbae, 'TC-MR MR-BC BC-ML ML-TC'],
  [0x1fbd0, 'MR-BL'],
  [0x1fbd1, 'TR-ML'],
  [0x1fbd2, 'TL-MR'],
  [0x1fbd3, 'ML-BR'],
  [0x1fbd4, 'TL-BC'],
  [0x1fbd5, 'TC-BR'],
  [0x1fbd6, 'TR-BC'],
  [0x1fbd7, 'TC-BL'],
  [0x1fbd8, 'TL-C C-TR'],
  [0x1fbd9, 'TR-C C-BR'],
  [0x1fbda, 'BL-C C-BR'],
  [0x1fbdb, 'TL-C C-BL'],
  [0x1fbdc, 'TL-BC BC-TR'],
  [0x1fbdd, 'TR-ML ML-BR'],
  [0x1fbde, 'BL-TC TC-BR'],
  [0x1fbdf, 'TL-MR MR-BL'],
]);

type Point = readonly [number, number];

/** Distance from (x, y) to the segment ab. */
function segmentDistance(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

function drawSegments(coverage: GlyphCoverage, segments: string, lightPx: number, scale: number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const [cx, cy] = [lightLineCentre(w, lightPx, scale), lightLineCentre(h, lightPx, scale)];
  const points: Record<string, Point> = { TL: [0, 0], TR: [w, 0], BL: [0, h], BR: [w, h], ML: [0, cy], MR: [w, cy], TC: [cx, 0], BC: [cx, h], C: [cx, cy] };
  const lines = segments.split(' ').map((segment) => segment.split('-').map((name) => points[name]!) as [Point, Point]);
  fillCoverageShape(coverage, (x, y) => lines.some(([a, b]) => segmentDistance(x, y, a, b) <= lightPx / 2));
}

/** Stripes per cell width of the diagonal fills: half the cell covered, period dividing the cell so fills tile. */
const FILL_STRIPES = 2;

/** U+1FB98 (stripes from upper left to lower right) or U+1FB99 (upper right to lower left). */
function drawDiagonalFill(coverage: GlyphCoverage, falling: boolean): void {
  const { widthPx: w, heightPx: h } = coverage;
  const phase = (x: number, y: number): number => FILL_STRIPES * (x / w + (falling ? -y : y) / h);
  fillCoverageShape(coverage, (x, y) => phase(x, y) - Math.floor(phase(x, y)) < 0.5);
}

/**
 * U+1FBE0–U+1FBE3 (half circle outlines justified to the top, right, bottom, left edge),
 * U+1FBE8–U+1FBEB (the same, filled) and U+1FBEC–U+1FBEF (filled quarter circles centred on
 * the top right, bottom left, bottom right, top left corner); all of diameter the cell width.
 */
function drawCircle(coverage: GlyphCoverage, codePoint: number, lightPx: number): void {
  const { widthPx: w, heightPx: h } = coverage;
  const r = w / 2;
  if (codePoint >= 0x1fbec) {
    const corners: Point[] = [
      [w, 0],
      [0, h],
      [w, h],
      [0, 0],
    ];
    const [cx, cy] = corners[codePoint - 0x1fbec]!;
    fillCoverageShape(coverage, (x, y) => Math.hypot(x - cx, y - cy) <= r);
    return;
  }
  const outline = codePoint <= 0x1fbe3;
  const edge = (codePoint - (outline ? 0x1fbe0 : 0x1fbe8)) as 0 | 1 | 2 | 3;
  // kitty insets an outline's centre by half a line at the top and bottom, so the stroke stays in the cell.
  const inset = outline ? lightPx / 2 : 0;
  const centres: Point[] = [
    [r, inset],
    [w, h / 2],
    [r, h - inset],
    [0, h / 2],
  ];
  const [cx, cy] = centres[edge]!;
  const onSide = (y: number): boolean => (edge === 0 ? y >= cy : edge === 2 ? y <= cy : true);
  fillCoverageShape(coverage, (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return onSide(y) && (outline ? Math.abs(d - (r - lightPx / 2)) <= lightPx / 2 : d <= r);
  });
}

/**
 * Draws line art `codePoint` into `coverage` (one cell) with lines `lightPx` thick, their
 * mid-edge ends on the light line centres at `scale`. Returns false, drawing nothing, for any
 * other code point.
 */
export function drawLegacyLineArt(coverage: GlyphCoverage, codePoint: number, lightPx: number, scale: number): boolean {
  const segments = SEGMENTS.get(codePoint);
  if (segments) drawSegments(coverage, segments, lightPx, scale);
  else if (codePoint === 0x1fb98 || codePoint === 0x1fb99) drawDiagonalFill(coverage, codePoint === 0x1fb98);
  else if ((codePoint >= 0x1fbe0 && codePoint <= 0x1fbe3) || (codePoint >= 0x1fbe8 && codePoint <= 0x1fbef)) drawCircle(coverage, codePoint, lightPx);
  else return false;
  return true;
}
