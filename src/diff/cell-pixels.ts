/**
 * Cells ↔ pixels of a rendered screenshot: mask and region cell rects become pixel rects, and
 * mismatched pixels go back to the cells they fall in. Pure arithmetic over plain metrics.
 */
import type { CellPosition, CellRect, PixelRect } from '../geometry.js';

/**
 * How the renderer lays cells out in an image, all in whole image pixels (scale already applied):
 * column `col` starts at `paddingPx + col * cellWidthPx`, row `row` at `paddingPx + row *
 * cellHeightPx`. The `CellMetrics` of render/ has this shape.
 */
export interface CellPixelMetrics {
  /** Width of one cell, in image px. */
  readonly cellWidthPx: number;
  /** Height of one cell, in image px. */
  readonly cellHeightPx: number;
  /** Blank border around the grid on every side, in image px. */
  readonly paddingPx: number;
}

/** Left edge of column `index` (or, given the cell height, top edge of row `index`), in image px. */
function edgePx(index: number, cellPx: number, metrics: CellPixelMetrics): number {
  return metrics.paddingPx + index * cellPx;
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
 * For each pixel along one axis, the cell index it falls in. The image shows cells `first` to
 * `last`, starting at `originPx` in full-screenshot px; pixels in the padding count for the
 * nearest edge cell, so a change there is never lost.
 */
function axisMap(lengthPx: number, cellPx: number, paddingPx: number, first: number, last: number, originPx: number): Int32Array {
  const map = new Int32Array(lengthPx);
  for (let px = 0; px < lengthPx; px++) {
    map[px] = Math.min(last, Math.max(first, Math.floor((px + originPx - paddingPx) / cellPx)));
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
export function mismatchedCells(mismatchMask: Uint8Array, widthPx: number, heightPx: number, metrics: CellPixelMetrics, region?: CellRect): CellPosition[] {
  const { cellWidthPx, cellHeightPx, paddingPx } = metrics;
  // a full screenshot shows every whole cell between the paddings; a crop shows its region
  const lastCol = region ? region.col + region.cols - 1 : Math.floor((widthPx - 2 * paddingPx) / cellWidthPx) - 1;
  const lastRow = region ? region.row + region.rows - 1 : Math.floor((heightPx - 2 * paddingPx) / cellHeightPx) - 1;
  const originX = region ? edgePx(region.col, cellWidthPx, metrics) : 0;
  const originY = region ? edgePx(region.row, cellHeightPx, metrics) : 0;
  const cols = axisMap(widthPx, cellWidthPx, paddingPx, region?.col ?? 0, Math.max(0, lastCol), originX);
  const rows = axisMap(heightPx, cellHeightPx, paddingPx, region?.row ?? 0, Math.max(0, lastRow), originY);
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
