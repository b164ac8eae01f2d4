/**
 * Cells ↔ pixels of a rendered screenshot: mask and region cell rects become pixel rects, and
 * mismatched pixels go back to the cells they fall in. Pure arithmetic over plain metrics.
 */
import type { CellRect } from '../geometry.js';

/**
 * How the renderer lays cells out in an image. The three lengths are at scale 1; image pixels are
 * those lengths times `scale`, with each cell edge rounded to the nearest pixel
 * (`Math.round((paddingPx + col * cellWidthPx) * scale)`), so neighbouring cells never overlap or
 * leave a gap.
 */
export interface CellPixelMetrics {
  /** Width of one cell, in px at scale 1. */
  cellWidthPx: number;
  /** Height of one cell, in px at scale 1. */
  cellHeightPx: number;
  /** Blank margin around the grid on every side, in px at scale 1. */
  paddingPx: number;
  /** Device pixel ratio applied to all lengths (1, 2…). */
  scale: number;
}

/** A rectangle of image pixels; `xPx`/`yPx` are 0-based from the top-left corner. */
export interface PixelRect {
  xPx: number;
  yPx: number;
  widthPx: number;
  heightPx: number;
}

/** A cell position, 0-based like {@link CellRect} and the screen snapshot. */
export interface CellPosition {
  col: number;
  row: number;
}

/** Left edge of column `col` (or top edge of row `col` with the height), in image px. */
function edgePx(index: number, cellPx: number, metrics: CellPixelMetrics): number {
  return Math.round((metrics.paddingPx + index * cellPx) * metrics.scale);
}

/**
 * The pixels a cell rect covers in a full screenshot, or in a screenshot cropped to `region`
 * (then the result is relative to the crop's top-left corner and may fall partly outside it).
 */
export function cellRectToPixelRect(rect: CellRect, metrics: CellPixelMetrics, region?: CellRect): PixelRect {
  const originX = region ? edgePx(region.col, metrics.cellWidthPx, metrics) : 0;
  const originY = region ? edgePx(region.row, metrics.cellHeightPx, metrics) : 0;
  const x0 = edgePx(rect.col, metrics.cellWidthPx, metrics);
  const y0 = edgePx(rect.row, metrics.cellHeightPx, metrics);
  return {
    xPx: x0 - originX,
    yPx: y0 - originY,
    widthPx: edgePx(rect.col + rect.cols, metrics.cellWidthPx, metrics) - x0,
    heightPx: edgePx(rect.row + rect.rows, metrics.cellHeightPx, metrics) - y0,
  };
}

/**
 * For each pixel along one axis, the cell index it belongs to. `first` is the first cell the
 * image shows and `originPx` that cell's edge in full-image px; pixels before the first cell
 * (padding) map to it and pixels past the last whole cell map to the last one, so a change in the
 * padding is never lost.
 */
function axisMap(lengthPx: number, cellPx: number, first: number, originPx: number, metrics: CellPixelMetrics): Int32Array {
  const map = new Int32Array(lengthPx);
  let cell = first;
  for (let px = 0; px < lengthPx; px++) {
    while (edgePx(cell + 1, cellPx, metrics) - originPx <= px && edgePx(cell + 2, cellPx, metrics) - originPx <= lengthPx) {
      cell++;
    }
    map[px] = cell;
  }
  return map;
}

/**
 * The distinct cells that contain at least one flagged pixel, sorted by row then column.
 *
 * @param mismatchMask - one byte per pixel (`widthPx * heightPx`), non-zero where pixels differ
 *   (the `mismatchMask` of {@link comparePixels}).
 * @param region - the cell rect the image was cropped to, if any; without it the image is a full
 *   screenshot with padding. Pixels in the padding count for the nearest edge cell.
 */
export function mismatchedCells(
  mismatchMask: Uint8Array,
  widthPx: number,
  heightPx: number,
  metrics: CellPixelMetrics,
  region?: CellRect,
): CellPosition[] {
  const originX = region ? edgePx(region.col, metrics.cellWidthPx, metrics) : 0;
  const originY = region ? edgePx(region.row, metrics.cellHeightPx, metrics) : 0;
  const cols = axisMap(widthPx, metrics.cellWidthPx, region?.col ?? 0, originX, metrics);
  const rows = axisMap(heightPx, metrics.cellHeightPx, region?.row ?? 0, originY, metrics);
  const seen = new Map<number, CellPosition>();
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      if (!mismatchMask[y * widthPx + x]) continue;
      const row = rows[y]!;
      const col = cols[x]!;
      const key = row * 0x10000 + col;
      if (!seen.has(key)) seen.set(key, { col, row });
    }
  }
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, cell]) => cell);
}
