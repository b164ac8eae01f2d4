/**
 * Snapshot → RGBA image: backgrounds, glyphs, decorations and the cursor composited cell by cell
 * in JavaScript. Glyph rasterization is injected, so this file does no I/O.
 */

import type { PixelRect, Rgb, RgbaImage } from '../geometry.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';
import { resolveCellColors, type CellColors } from './cell-colors.js';
import { decorationRects } from './decorations.js';
import type { Glyph } from './glyph-coverage.js';
import { cellMetricsFor, cellRectPx, imageSizePx, type CellMetrics } from './metrics.js';
import type { CursorStyle, ResolvedRenderOptions } from './options.js';
import { createImage, drawGlyph, fillRect } from './paint.js';
import { regionalIndicatorPairs } from './regional-indicators.js';

function sameRgb(a: Rgb, b: Rgb): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b;
}

/** Rasterizes a grapheme across `width` cells; null for nothing to draw. */
export type GlyphSource = (chars: string, width: 1 | 2, bold: boolean, italic: boolean, metrics: CellMetrics) => Glyph | null;

/**
 * What a cell's glyph is: its own grapheme across its own width, a flag across it and its right
 * neighbour, or nothing (`null`: a flag's second cell, or a wide character's right half).
 */
type CellText = { readonly chars: string; readonly width: 1 | 2 } | null;

function cellTexts(cells: readonly Cell[]): CellText[] {
  const flags = regionalIndicatorPairs(cells);
  return cells.map((cell, col) => {
    if (flags.has(col)) return { chars: cell.chars + cells[col + 1]!.chars, width: 2 };
    if (flags.has(col - 1) || cell.width === 0) return null;
    return { chars: cell.chars, width: cell.width === 2 ? 2 : 1 };
  });
}

function drawCellText(image: RgbaImage, cell: Cell, text: CellText, col: number, row: number, colors: CellColors, m: CellMetrics, glyphs: GlyphSource): void {
  if (cell.invisible) return;
  const rect = cellRectPx(m, col, row);
  const glyph = text ? glyphs(text.chars, text.width, cell.bold, cell.italic, m) : null;
  if (glyph) drawGlyph(image, rect.xPx, rect.yPx, glyph, colors.fg);
  for (const d of decorationRects(cell, rect, m, m.paddingPx)) {
    fillRect(image, d, d.color === 'underline' ? colors.underline : colors.fg);
  }
}

/** Whether some glyph of a row draws ink outside the row: into the row above, into the row below. */
export interface InkReach {
  readonly above: boolean;
  readonly below: boolean;
}

/**
 * Where the glyphs of the row `cells` reach outside their cell rows, as {@link composeScreen}
 * draws them (rasterized by `glyphs`; box drawing and blocks fill their box exactly, letters
 * such as É and stacked combining marks may not). Decorations and the cursor stay in their cell.
 */
export function rowInkReach(cells: readonly Cell[], m: CellMetrics, glyphs: GlyphSource): InkReach {
  let above = false;
  let below = false;
  const texts = cellTexts(cells);
  cells.forEach((cell, col) => {
    const text = texts[col];
    if (!text || cell.invisible || text.chars === '' || text.chars === ' ') return;
    const glyph = glyphs(text.chars, text.width, cell.bold, cell.italic, m);
    if (!glyph) return;
    const heightPx = glyph.kind === 'coverage' ? glyph.coverage.heightPx : glyph.heightPx;
    above ||= glyph.yPx < 0;
    below ||= glyph.yPx + heightPx > m.cellHeightPx;
  });
  return { above, below };
}

/**
 * The pixels the cursor covers in the cell(s) `rect`: the whole rect for a block, a bar two line
 * thicknesses wide at its left edge, or an underline two line thicknesses high at its bottom.
 * Drawn steady: blinking is not rendered.
 */
function cursorRect(style: CursorStyle, rect: PixelRect, metrics: CellMetrics): PixelRect {
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

function drawCursor(image: RgbaImage, snapshot: ScreenSnapshot, options: ResolvedRenderOptions, m: CellMetrics, glyphs: GlyphSource): void {
  const { cursor } = snapshot;
  if (options.cursor === 'hide' || !cursor.visible || cursor.row < 0 || cursor.row >= snapshot.rows) return;
  const col = Math.max(0, Math.min(snapshot.cols - 1, cursor.col));
  const cell = snapshot.cells[cursor.row]?.[col];
  const cols = cell?.width === 2 && col + 1 < snapshot.cols ? 2 : 1;
  const rect = cellRectPx(m, col, cursor.row, cols);
  fillRect(image, cursorRect(options.cursorStyle, rect, m), options.theme.cursor);
  if (options.cursorStyle !== 'block' || !cell || cell.invisible || cell.width === 0) return;
  const glyph = glyphs(cell.chars, cols === 2 ? 2 : 1, cell.bold, cell.italic, m);
  // Clipped to the cursor: ink reaching outside it would paint the background colour over neighbours.
  if (glyph) drawGlyph(image, rect.xPx, rect.yPx, glyph, options.theme.background, rect);
}

/**
 * Renders `snapshot` into a new image of `cols × cellWidthPx + 2 × paddingPx` by
 * `rows × cellHeightPx + 2 × paddingPx` pixels. The image starts in the theme background; all
 * other backgrounds of every row are painted before any glyph, so neither a wide character's right
 * half nor ink reaching outside its cell (into a neighbour, the row above or below) is painted
 * over by a background. Two adjacent cells holding a regional-indicator
 * pair (see {@link regionalIndicatorPairs}) are drawn as one flag across both, with the left
 * cell's attributes. Invisible cells (SGR 8) get their background only; blinking text (SGR 5) is drawn steady. The
 * cursor is drawn last, unless hidden by the options or by the app (a block cursor redraws its
 * character in the theme background). With `into`, the image's pixels are the start of that
 * buffer (see {@link createImage}) rather than new ones.
 */
export function composeScreen(snapshot: ScreenSnapshot, options: ResolvedRenderOptions, glyphs: GlyphSource, into?: Uint8Array): RgbaImage {
  const m = cellMetricsFor(options);
  const { widthPx, heightPx } = imageSizePx(m, snapshot);
  const image = createImage(widthPx, heightPx, options.theme.background, into);
  const rows = Array.from({ length: snapshot.rows }, (_, row) => snapshot.cells[row] ?? []);
  const colors = rows.map((cells) => cells.map((cell) => resolveCellColors(cell, options.theme, options.boldIsBright)));
  colors.forEach((rowColors, row) => {
    rowColors.forEach(({ bg }, col) => {
      if (!sameRgb(bg, options.theme.background)) fillRect(image, cellRectPx(m, col, row), bg);
    });
  });
  rows.forEach((cells, row) => {
    const texts = cellTexts(cells);
    cells.forEach((cell, col) => drawCellText(image, cell, texts[col]!, col, row, colors[row]![col]!, m, glyphs));
  });
  drawCursor(image, snapshot, options, m, glyphs);
  return image;
}
