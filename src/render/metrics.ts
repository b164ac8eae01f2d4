/**
 * Cell geometry in pixels (pure). Every size is computed at scale 1 and then multiplied by the
 * scale, so a 2x image is exactly the 1x layout doubled.
 */

import type { PixelRect, Size } from '../geometry.js';

/**
 * DejaVu Sans Mono 2.37 metrics in font units (`head.unitsPerEm`, `hmtx` advance, `hhea`
 * ascent/descent, `post` underline, `OS/2` strikeout), as read by fontkit; a test checks them
 * against the bundled font.
 */
export const MONO_FONT_UNITS = Object.freeze({
  unitsPerEm: 2048,
  advance: 1233,
  ascent: 1901,
  descent: 483,
  underlinePosition: -130,
  underlineThickness: 90,
  strikeoutPosition: 530,
});

/** Cell geometry of one font size and scale; all values in image pixels (scale applied). */
export interface CellMetrics {
  /** Image pixels per layout pixel: 1 or 2. */
  readonly scale: 1 | 2;
  /** Font size glyphs are drawn at (the option times the scale). */
  readonly fontSizePx: number;
  /** Cell width: the monospace advance rounded to whole pixels. */
  readonly cellWidthPx: number;
  /** Cell height: ascent + descent rounded up. */
  readonly cellHeightPx: number;
  /** Baseline, from the top of the cell: the ascent, with the spare height split above and below. */
  readonly baselinePx: number;
  /** Blank border around the grid. */
  readonly paddingPx: number;
  /** Thickness of underlines, strikethrough, overline and light box-drawing lines (the font's underline thickness). */
  readonly lineThicknessPx: number;
  /** Top row of a single underline, from the top of the cell (the font's underline position). */
  readonly underlineYPx: number;
  /** Top row of the strikethrough, from the top of the cell (the font's strikeout position). */
  readonly strikeYPx: number;
}

/**
 * Cell geometry for DejaVu Sans Mono at `fontSizePx` (layout px, before scaling).
 * At the default 15 px a cell is 9×18 px with the baseline at 14 (advance 0.602 em ≈ 9.03 px,
 * so glyphs are neither squeezed nor spread); 16 px gives 10×19.
 */
export function cellMetricsFor(options: { fontSizePx: number; scale: 1 | 2; paddingPx: number }): CellMetrics {
  const { fontSizePx, scale, paddingPx } = options;
  const u = MONO_FONT_UNITS;
  const px = (units: number): number => (units * fontSizePx) / u.unitsPerEm;
  const cellWidthPx = Math.max(1, Math.round(px(u.advance)));
  const contentPx = px(u.ascent + u.descent);
  const cellHeightPx = Math.ceil(contentPx);
  const baselinePx = Math.round((cellHeightPx - contentPx) / 2 + px(u.ascent));
  const lineThicknessPx = Math.max(1, Math.round(px(u.underlineThickness)));
  const underlineYPx = Math.min(cellHeightPx - 3 * lineThicknessPx, baselinePx + Math.max(1, Math.round(px(-u.underlinePosition))));
  const strikeYPx = baselinePx - Math.round(px(u.strikeoutPosition));
  return {
    scale,
    fontSizePx: fontSizePx * scale,
    cellWidthPx: cellWidthPx * scale,
    cellHeightPx: cellHeightPx * scale,
    baselinePx: baselinePx * scale,
    paddingPx: paddingPx * scale,
    lineThicknessPx: lineThicknessPx * scale,
    underlineYPx: underlineYPx * scale,
    strikeYPx: strikeYPx * scale,
  };
}

/** Size of the image for a grid of `size` cells, padding included, in pixels. */
export function imageSizePx(metrics: CellMetrics, size: Size): { widthPx: number; heightPx: number } {
  return {
    widthPx: size.cols * metrics.cellWidthPx + 2 * metrics.paddingPx,
    heightPx: size.rows * metrics.cellHeightPx + 2 * metrics.paddingPx,
  };
}

/** The pixels of `cols` cells starting at (`col`, `row`), 0-based, padding included. */
export function cellRectPx(metrics: CellMetrics, col: number, row: number, cols = 1): PixelRect {
  return {
    xPx: metrics.paddingPx + col * metrics.cellWidthPx,
    yPx: metrics.paddingPx + row * metrics.cellHeightPx,
    widthPx: cols * metrics.cellWidthPx,
    heightPx: metrics.cellHeightPx,
  };
}
