/** Alpha masks and glyph bitmaps: what one glyph covers within its cell box (pure). */

/** Coverage 0–255 of each pixel of a `widthPx`×`heightPx` box, rows top to bottom. */
export interface AlphaMask {
  readonly widthPx: number;
  readonly heightPx: number;
  readonly alpha: Uint8Array;
}

/** A fully transparent mask. */
export function createMask(widthPx: number, heightPx: number): AlphaMask {
  return { widthPx, heightPx, alpha: new Uint8Array(widthPx * heightPx) };
}

/**
 * Raises coverage to at least `alpha` over the pixels [x0, x1) × [y0, y1), clipped to the mask
 * (shapes are unions, so overlapping parts never add up).
 */
export function fillMaskRect(mask: AlphaMask, x0: number, y0: number, x1: number, y1: number, alpha = 255): void {
  const left = Math.max(0, x0);
  const right = Math.min(mask.widthPx, x1);
  const top = Math.max(0, y0);
  const bottom = Math.min(mask.heightPx, y1);
  for (let y = top; y < bottom; y++) {
    const row = y * mask.widthPx;
    for (let x = left; x < right; x++) {
      if (mask.alpha[row + x]! < alpha) mask.alpha[row + x] = alpha;
    }
  }
}

/** Sub-samples per pixel side for {@link fillMaskShape}: 4×4 = 16 coverage levels. */
const SAMPLES = 4;

/**
 * Raises each pixel's coverage to the share of its 4×4 sample points (at pixel-relative
 * offsets (i + 0.5) / 4) for which `inside(x, y)` holds, `x`/`y` in pixels from the mask's
 * top-left corner. Used for arcs and diagonals, which need anti-aliasing.
 */
export function fillMaskShape(mask: AlphaMask, inside: (x: number, y: number) => boolean): void {
  for (let py = 0; py < mask.heightPx; py++) {
    for (let px = 0; px < mask.widthPx; px++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          if (inside(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES)) hits++;
        }
      }
      const alpha = Math.round((255 * hits) / (SAMPLES * SAMPLES));
      const i = py * mask.widthPx + px;
      if (mask.alpha[i]! < alpha) mask.alpha[i] = alpha;
    }
  }
}

/** A rasterized glyph: coverage painted in the text colour, or colour pixels (emoji) painted as they are. */
export type Glyph =
  | { readonly kind: 'mask'; readonly mask: AlphaMask }
  | { readonly kind: 'color'; readonly widthPx: number; readonly heightPx: number; readonly rgba: Uint8Array };
