import { describe, expect, it } from 'vitest';
import { cellRectToPixelRect, mismatchedCells } from '../../src/diff/cell-pixels.js';
import type { CellPixelMetrics } from '../../src/diff/cell-pixels.js';
import { cropImage } from '../../src/diff/compare-pixels.js';
import { TmuxShotError } from '../../src/errors.js';
import { cellMetricsFor, cellRectPx } from '../../src/render/metrics.js';
import { pixelAt, thrown } from './build.js';

// 4 cols × 2 rows of 2×3 px cells with 1 px padding: a 10×8 px image
const METRICS: CellPixelMetrics = { cellWidthPx: 2, cellHeightPx: 3, paddingPx: 1 };

describe('cellRectToPixelRect', () => {
  it.each([
    { rect: { col: 0, row: 0, cols: 1, rows: 1 }, metrics: METRICS, want: { xPx: 1, yPx: 1, widthPx: 2, heightPx: 3 } },
    { rect: { col: 1, row: 1, cols: 2, rows: 1 }, metrics: METRICS, want: { xPx: 3, yPx: 4, widthPx: 4, heightPx: 3 } },
    // the same layout at scale 2: lengths arrive already scaled
    {
      rect: { col: 1, row: 1, cols: 2, rows: 1 },
      metrics: { cellWidthPx: 4, cellHeightPx: 6, paddingPx: 2 },
      want: { xPx: 6, yPx: 8, widthPx: 8, heightPx: 6 },
    },
  ])('$rect with $metrics → $want', ({ rect, metrics, want }) => {
    expect(cellRectToPixelRect(rect, metrics)).toEqual(want);
  });

  it.each([1, 2] as const)("agrees with render/'s own cell rects at scale %i", (scale) => {
    const metrics = cellMetricsFor({ fontSizePx: 15, scale, paddingPx: 8 });
    expect(cellRectToPixelRect({ col: 3, row: 2, cols: 4, rows: 1 }, metrics)).toEqual(cellRectPx(metrics, 3, 2, 4));
  });

  it('is relative to the crop when the image covers only a region', () => {
    const region = { col: 1, row: 1, cols: 3, rows: 1 };
    expect(cellRectToPixelRect({ col: 2, row: 1, cols: 1, rows: 1 }, METRICS, region)).toEqual({ xPx: 2, yPx: 0, widthPx: 2, heightPx: 3 });
  });
});

describe('cropImage (region screenshots)', () => {
  // every pixel's red channel is its x, green its y
  const data = new Uint8Array(10 * 8 * 4);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 10; x++) data.set([x, y, 0, 255], (y * 10 + x) * 4);
  const image = { widthPx: 10, heightPx: 8, data };

  it('cuts out the pixels of a cell region', () => {
    const rect = cellRectToPixelRect({ col: 1, row: 1, cols: 2, rows: 1 }, METRICS);
    const cropped = cropImage(image, rect);
    expect([cropped.widthPx, cropped.heightPx]).toEqual([4, 3]);
    expect(pixelAt(cropped, 0, 0)).toEqual([3, 4, 0, 255]);
    expect(pixelAt(cropped, 3, 2)).toEqual([6, 6, 0, 255]);
  });

  it('refuses a region outside the image', () => {
    const error = thrown(() => cropImage(image, { xPx: 8, yPx: 0, widthPx: 4, heightPx: 1 }));
    expect(error).toBeInstanceOf(TmuxShotError);
    expect(error.message).toBe('Cannot crop 4×1 px at (8, 0) from a 10×8 px image: the region must lie inside the screen.');
  });
});

describe('mismatchedCells', () => {
  function maskWith(widthPx: number, heightPx: number, pixels: [number, number][]): Uint8Array {
    const mask = new Uint8Array(widthPx * heightPx);
    for (const [x, y] of pixels) mask[y * widthPx + x] = 1;
    return mask;
  }

  it('maps flagged pixels to distinct cells, sorted, with padding going to the nearest edge cell', () => {
    const mask = maskWith(10, 8, [
      [9, 7], // bottom-right padding → col 3 row 1
      [3, 4], // col 1 row 1
      [4, 6], // col 1 row 1 again
      [0, 0], // top-left padding → col 0 row 0
      [8, 1], // col 3 row 0
    ]);
    expect(mismatchedCells(mask, 10, 8, METRICS)).toEqual([
      { col: 0, row: 0 },
      { col: 3, row: 0 },
      { col: 1, row: 1 },
      { col: 3, row: 1 },
    ]);
  });

  it('counts in screen cells when the image is a cropped region', () => {
    const region = { col: 1, row: 0, cols: 2, rows: 2 }; // 4×6 px, no padding
    const mask = maskWith(4, 6, [
      [0, 0],
      [3, 5],
      [2, 2],
    ]);
    expect(mismatchedCells(mask, 4, 6, METRICS, region)).toEqual([
      { col: 1, row: 0 },
      { col: 2, row: 0 },
      { col: 2, row: 1 },
    ]);
  });
});
