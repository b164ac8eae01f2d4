/**
 * Glyph coverage: how much of each pixel of its cell box one glyph covers (pure), the shapes the
 * procedural glyphs are filled with, and the {@link Glyph} a rasterized character becomes.
 */

/** Coverage 0–255 of each pixel of a `widthPx`×`heightPx` box, rows top to bottom. */
export interface GlyphCoverage {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly alpha: Uint8Array;
}

/** A box of `widthPx`×`heightPx` that covers nothing. */
export function createCoverage(widthPx: number, heightPx: number): GlyphCoverage {
  return { widthPx, heightPx, alpha: new Uint8Array(widthPx * heightPx) };
}

/**
 * Raises coverage to at least `alpha` over the pixels [x0, x1) × [y0, y1), clipped to the box
 * (shapes are unions, so overlapping parts never add up).
 */
export function fillCoverageRect(coverage: GlyphCoverage, x0: number, y0: number, x1: number, y1: number, alpha = 255): void {
  const left = Math.max(0, x0);
  const right = Math.min(coverage.widthPx, x1);
  const top = Math.max(0, y0);
  const bottom = Math.min(coverage.heightPx, y1);
  for (let y = top; y < bottom; y++) {
    const row = y * coverage.widthPx;
    for (let x = left; x < right; x++) {
      if (coverage.alpha[row + x]! < alpha) coverage.alpha[row + x] = alpha;
    }
  }
}

/** Sub-samples per pixel side for {@link fillCoverageShape}: 4×4 = 16 coverage levels. */
const SAMPLES = 4;

/**
 * Raises each pixel's coverage to the share of its 4×4 sample points (at pixel-relative
 * offsets (i + 0.5) / 4) for which `inside(x, y)` holds, `x`/`y` in pixels from the box's
 * top-left corner. Used for arcs and diagonals, which need anti-aliasing.
 */
export function fillCoverageShape(coverage: GlyphCoverage, inside: (x: number, y: number) => boolean): void {
  for (let py = 0; py < coverage.heightPx; py++) {
    for (let px = 0; px < coverage.widthPx; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (inside(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES)) hits++;
        }
      }
      const alpha = Math.round((255 * hits) / (SAMPLES * SAMPLES));
      const i = py * coverage.widthPx + px;
      if (coverage.alpha[i]! < alpha) coverage.alpha[i] = alpha;
    }
  }
}

/**
 * A rasterized glyph: coverage painted in the text colour, or colour pixels (emoji) painted as they
 * are. `xPx`/`yPx` place its top-left corner relative to the top-left corner of its cell box; a
 * font glyph is cropped to its ink, which may reach outside the box (negative, or past its size).
 */
export type Glyph =
  | { readonly kind: 'coverage'; readonly xPx: number; readonly yPx: number; readonly coverage: GlyphCoverage }
  | { readonly kind: 'color'; readonly xPx: number; readonly yPx: number; readonly widthPx: number; readonly heightPx: number; readonly rgba: Uint8Array };

/** Pixels [x0, x1) × [y0, y1). */
export interface PixelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * The smallest box holding every pixel of `within` whose `alpha` is not 0, in a `widthPx`-wide
 * plane, or null when there is none.
 */
export function inkBounds(alpha: Uint8Array, widthPx: number, within: PixelBox): PixelBox | null {
  let x0 = within.x1;
  let y0 = within.y1;
  let x1 = 0;
  let y1 = 0;
  for (let y = within.y0; y < within.y1; y++) {
    const row = y * widthPx;
    for (let x = within.x0; x < within.x1; x++) {
      if (alpha[row + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      y1 = y + 1;
    }
  }
  return x1 === 0 ? null : { x0, y0, x1, y1 };
}
