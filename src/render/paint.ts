/**
 * Pixel operations on an {@link RgbaImage} (pure): opaque fills and source-over blending of
 * glyph coverage and colour glyphs, all in integer-exact JavaScript so every machine gets the same
 * bytes. Everything is clipped to the image.
 */

import type { PixelRect, Rgb, RgbaImage } from '../geometry.js';
import type { Glyph, GlyphCoverage, PixelBox } from './glyph-coverage.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** `rgb` as one opaque pixel read through a Uint32Array view, in the platform's byte order. */
export function packOpaque({ r, g, b }: Rgb): number {
  return LITTLE_ENDIAN ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}

/**
 * An image filled with the opaque colour `rgb`: new pixels, or the first `widthPx × heightPx × 4`
 * bytes of `into` (which must hold that many) when given, so a caller drawing many images reuses one buffer.
 */
export function createImage(widthPx: number, heightPx: number, rgb: Rgb, into?: Uint8Array): RgbaImage {
  const data = into ? into.subarray(0, widthPx * heightPx * 4) : new Uint8Array(widthPx * heightPx * 4);
  new Uint32Array(data.buffer, data.byteOffset, widthPx * heightPx).fill(packOpaque(rgb));
  return { widthPx, heightPx, data };
}

/** Paints `rect` with the opaque colour `rgb`. */
export function fillRect(image: RgbaImage, rect: PixelRect, rgb: Rgb): void {
  const x0 = Math.max(0, rect.xPx);
  const x1 = Math.min(image.widthPx, rect.xPx + rect.widthPx);
  if (x1 <= x0) return;
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.widthPx * image.heightPx);
  const value = packOpaque(rgb);
  const y1 = Math.min(image.heightPx, rect.yPx + rect.heightPx);
  for (let y = Math.max(0, rect.yPx); y < y1; y++) pixels.fill(value, y * image.widthPx + x0, y * image.widthPx + x1);
}

/** One channel of a source-over blend: `dst` moved towards `src` by `alpha`/255, rounded. */
export function blendChannel(dst: number, src: number, alpha: number): number {
  return dst + Math.round(((src - dst) * alpha) / 255);
}

function blendCoverage(image: RgbaImage, xPx: number, yPx: number, coverage: GlyphCoverage, rgb: Rgb, b: PixelBox): void {
  const { data, widthPx } = image;
  const x1 = Math.min(b.x1, xPx + coverage.widthPx);
  const y1 = Math.min(b.y1, yPx + coverage.heightPx);
  for (let y = Math.max(b.y0, yPx); y < y1; y++) {
    const row = (y - yPx) * coverage.widthPx - xPx;
    for (let x = Math.max(b.x0, xPx); x < x1; x++) {
      const a = coverage.alpha[row + x]!;
      if (a === 0) continue;
      const i = (y * widthPx + x) * 4;
      if (a === 255) {
        data[i] = rgb.r;
        data[i + 1] = rgb.g;
        data[i + 2] = rgb.b;
      } else {
        data[i] = blendChannel(data[i]!, rgb.r, a);
        data[i + 1] = blendChannel(data[i + 1]!, rgb.g, a);
        data[i + 2] = blendChannel(data[i + 2]!, rgb.b, a);
      }
    }
  }
}

function blendColor(image: RgbaImage, xPx: number, yPx: number, glyph: Extract<Glyph, { kind: 'color' }>, b: PixelBox): void {
  const { data, widthPx } = image;
  const x1 = Math.min(b.x1, xPx + glyph.widthPx);
  const y1 = Math.min(b.y1, yPx + glyph.heightPx);
  for (let y = Math.max(b.y0, yPx); y < y1; y++) {
    for (let x = Math.max(b.x0, xPx); x < x1; x++) {
      const s = ((y - yPx) * glyph.widthPx + (x - xPx)) * 4;
      const a = glyph.rgba[s + 3]!;
      if (a === 0) continue;
      const i = (y * widthPx + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = blendChannel(data[i + c]!, glyph.rgba[s + c]!, a);
    }
  }
}

/**
 * Draws `glyph` for the cell box whose top-left corner is (`xPx`, `yPx`), at its offset from that
 * corner: its coverage in the colour `rgb`, a colour glyph as it is (non-premultiplied
 * source-over). Its ink may fall outside the box; `clip`, when given, cuts it to that rect.
 */
export function drawGlyph(image: RgbaImage, xPx: number, yPx: number, glyph: Glyph, rgb: Rgb, clip?: PixelRect): void {
  // The pixels the draw may touch: the image, or the clip inside it.
  const b: PixelBox = {
    x0: Math.max(0, clip?.xPx ?? 0),
    y0: Math.max(0, clip?.yPx ?? 0),
    x1: Math.min(image.widthPx, clip ? clip.xPx + clip.widthPx : image.widthPx),
    y1: Math.min(image.heightPx, clip ? clip.yPx + clip.heightPx : image.heightPx),
  };
  if (glyph.kind === 'coverage') blendCoverage(image, xPx + glyph.xPx, yPx + glyph.yPx, glyph.coverage, rgb, b);
  else blendColor(image, xPx + glyph.xPx, yPx + glyph.yPx, glyph, b);
}
