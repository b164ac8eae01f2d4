/** Cursor shapes (pure), drawn steady: blinking is not rendered. */

import type { CellMetrics, PxRect } from './metrics.js';

/** How the cursor is drawn (the shapes of DECSCUSR, `CSI Ps SP q`). */
export type CursorStyle = 'block' | 'bar' | 'underline';

/**
 * The pixels the cursor covers in the cell(s) `rect`: the whole rect for a block, a bar two line
 * thicknesses wide at its left edge, or an underline two line thicknesses high at its bottom.
 */
export function cursorRect(style: CursorStyle, rect: PxRect, metrics: CellMetrics): PxRect {
  const thick = 2 * metrics.lineThicknessPx;
  switch (style) {
    case 'block':
      return rect;
    case 'bar':
      return { ...rect, widthPx: Math.min(rect.widthPx, thick) };
    case 'underline':
      return { ...rect, yPx: rect.yPx + rect.heightPx - thick, heightPx: thick };
  }
}
