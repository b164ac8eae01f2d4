/**
 * Text decorations as rectangles (pure): underline styles (SGR 4:1–4:5 and 21, the kitty/xterm
 * extension), strikethrough (SGR 9) and overline (SGR 53). Patterns are anchored to the grid,
 * not the cell, so dotted, dashed and curly lines run on across neighbouring cells.
 */

import type { PixelRect } from '../geometry.js';
import type { Cell } from '../snapshot.js';
import type { CellMetrics } from './metrics.js';

/** A rectangle and which of the cell's colours paints it. */
export interface DecorationRect extends PixelRect {
  readonly color: 'foreground' | 'underline';
}

/** Curly underline: row offset (in line thicknesses below the underline row) per step of one thickness; period 8. */
const CURLY = [1, 0, 0, 0, 1, 2, 2, 2] as const;
/** Dotted underline: one thickness on, one off. */
const DOT_PERIOD = 2;
/** Dashed underline: four thicknesses on, two off. */
const DASH_PERIOD = 6;
const DASH_ON = 4;

/** Per-thickness-step runs of an underline across `rect`, `on(step)` choosing the row offset or null for a gap. */
function patterned(rect: PixelRect, m: CellMetrics, gridXPx: number, on: (step: number) => number | null): DecorationRect[] {
  const t = m.lineThicknessPx;
  const out: DecorationRect[] = [];
  for (let x = rect.xPx; x < rect.xPx + rect.widthPx; ) {
    const step = Math.floor((x - gridXPx) / t);
    const end = Math.min(rect.xPx + rect.widthPx, gridXPx + (step + 1) * t);
    const offset = on(step);
    if (offset !== null) {
      out.push({ xPx: x, yPx: rect.yPx + m.underlineYPx + offset * t, widthPx: end - x, heightPx: t, color: 'underline' });
    }
    x = end;
  }
  return out;
}

function underlineRects(cell: Pick<Cell, 'underline'>, rect: PixelRect, m: CellMetrics, gridXPx: number): DecorationRect[] {
  const t = m.lineThicknessPx;
  const line = (offset: number): DecorationRect => ({
    xPx: rect.xPx,
    yPx: rect.yPx + m.underlineYPx + offset * t,
    widthPx: rect.widthPx,
    heightPx: t,
    color: 'underline',
  });
  switch (cell.underline) {
    case 'none':
      return [];
    case 'single':
      return [line(0)];
    case 'double':
      return [line(0), line(2)];
    case 'curly':
      return patterned(rect, m, gridXPx, (step) => CURLY[step % CURLY.length]!);
    case 'dotted':
      return patterned(rect, m, gridXPx, (step) => (step % DOT_PERIOD === 0 ? 0 : null));
    case 'dashed':
      return patterned(rect, m, gridXPx, (step) => (step % DASH_PERIOD < DASH_ON ? 0 : null));
  }
}

/**
 * The decoration rectangles of one cell whose pixels are `rect`; `gridXPx` is the left edge of
 * the grid (the padding), where patterns start. Underline rows start at
 * {@link CellMetrics.underlineYPx} (double: rows 0 and 2 thicknesses below, curly: a wave 3
 * thicknesses high), the strikethrough at {@link CellMetrics.strikeYPx}, the overline at the
 * top; each is {@link CellMetrics.lineThicknessPx} thick.
 */
export function decorationRects(
  cell: Pick<Cell, 'underline' | 'strikethrough' | 'overline'>,
  rect: PixelRect,
  metrics: CellMetrics,
  gridXPx: number,
): DecorationRect[] {
  const rects = underlineRects(cell, rect, metrics, gridXPx);
  const band = (yPx: number): DecorationRect => ({
    xPx: rect.xPx,
    yPx,
    widthPx: rect.widthPx,
    heightPx: metrics.lineThicknessPx,
    color: 'foreground',
  });
  if (cell.strikethrough) rects.push(band(rect.yPx + metrics.strikeYPx));
  if (cell.overline) rects.push(band(rect.yPx));
  return rects;
}
