/**
 * One RGBA frame → the rectangle of pixels that changed since the previous frame, as palette
 * indices (pure). Unchanged pixels inside the rectangle get the transparent index, so LZW
 * compresses them away; the colours come from the shared table while it has room, else from a
 * table of the frame's own, else from a quantizer.
 */
import type { Rgb, RgbaImage } from '../geometry.js';
import { ColorTable, MAX_TABLE_COLORS, TRANSPARENT_INDEX } from './color-table.js';
import { quantizeColors } from './gif.js';
import type { IndexedFrame } from './gif.js';

/** A rectangle in pixels. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function pixelsOf(image: RgbaImage): Uint32Array {
  return new Uint32Array(image.data.buffer, image.data.byteOffset, image.widthPx * image.heightPx);
}

/**
 * The smallest rectangle holding every pixel of rows [y0, y1) that differs from `previous`
 * (all of them without one), and each row's changed span in `spans` (`spans[2y]` its first
 * changed x, `spans[2y + 1]` one past its last; equal when the row is unchanged); null when no
 * pixel differs.
 */
function changedBox(pixels: Uint32Array, previous: Uint32Array | undefined, widthPx: number, y0: number, y1: number, spans: Int32Array): Box | null {
  if (!previous) {
    for (let y = y0; y < y1; y++) {
      spans[y * 2] = 0;
      spans[y * 2 + 1] = widthPx;
    }
    return { x0: 0, y0, x1: widthPx, y1 };
  }
  let box: Box | null = null;
  for (let y = y0; y < y1; y++) {
    const row = y * widthPx;
    let x = 0;
    while (x < widthPx && pixels[row + x] === previous[row + x]) x++;
    if (x === widthPx) {
      spans[y * 2] = spans[y * 2 + 1] = 0;
      continue;
    }
    let last = widthPx - 1;
    while (pixels[row + last] === previous[row + last]) last--;
    spans[y * 2] = x;
    spans[y * 2 + 1] = last + 1;
    if (!box) box = { x0: x, y0: y, x1: last + 1, y1: y + 1 };
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, last + 1);
    box.y1 = y + 1;
  }
  return box;
}

/**
 * Writes into `out` (all {@link TRANSPARENT_INDEX} before) the indices from `table` of the pixels
 * in `box` that changed, looking only within each row's changed span; false as soon as the table
 * is full.
 */
function mapColors(
  image: RgbaImage,
  pixels: Uint32Array,
  previous: Uint32Array | undefined,
  box: Box,
  spans: Int32Array,
  table: ColorTable,
  out: Uint8Array,
): boolean {
  const { data, widthPx } = image;
  const boxWidth = box.x1 - box.x0;
  let lastKey = 0;
  let lastIndex = 0;
  for (let y = box.y0, o = 0; y < box.y1; y++, o += boxWidth) {
    const first = spans[y * 2]!;
    const end = spans[y * 2 + 1]!;
    // out holds TRANSPARENT_INDEX everywhere: only the changed pixels of the row's span need indices.
    for (let i = y * widthPx + first, j = o + first - box.x0, stop = y * widthPx + end; i < stop; i++, j++) {
      const key = pixels[i]!;
      if (previous !== undefined && previous[i] === key) continue;
      if (lastIndex === 0 || key !== lastKey) {
        lastIndex = table.indexOf(key, data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!);
        if (lastIndex === 0) return false;
        lastKey = key;
      }
      out[j] = lastIndex;
    }
  }
  return true;
}

/** Quantizes the changed pixels of `box` to 255 colours; indices are shifted past the transparent slot. */
function quantizeBox(image: RgbaImage, pixels: Uint32Array, previous: Uint32Array | undefined, box: Box, out: Uint8Array): Rgb[] {
  const changed: number[] = [];
  for (let y = box.y0, o = 0; y < box.y1; y++) {
    for (let i = y * image.widthPx + box.x0, end = y * image.widthPx + box.x1; i < end; i++, o++) {
      if (previous === undefined || previous[i] !== pixels[i]) changed.push(i, o);
    }
  }
  const rgba = new Uint8Array(changed.length * 2);
  for (let k = 0; k < changed.length; k += 2) rgba.set(image.data.subarray(changed[k]! * 4, changed[k]! * 4 + 4), k * 2);
  const { colors, indices } = quantizeColors(rgba, MAX_TABLE_COLORS);
  for (let k = 0; k < changed.length; k += 2) out[changed[k + 1]!] = indices[k / 2]! + 1;
  return [{ r: 0, g: 0, b: 0 }, ...colors];
}

/**
 * Re-indexes `indices` (into `own`) into `shared`, adding `own`'s colours that `shared` lacks,
 * when they all fit; else leaves both untouched and returns false.
 */
function moveToShared(own: ColorTable, shared: ColorTable, indices: Uint8Array): boolean {
  const colors = own.colors;
  const keys = own.keys;
  let missing = 0;
  for (let i = 1; i < colors.length; i++) if (shared.find(keys[i]!) === 0) missing++;
  if (shared.size + missing > MAX_TABLE_COLORS) return false;
  const map = new Uint8Array(256); // map[0] stays TRANSPARENT_INDEX
  for (let i = 1; i < colors.length; i++) map[i] = shared.indexOf(keys[i]!, colors[i]!.r, colors[i]!.g, colors[i]!.b);
  for (let i = 0; i < indices.length; i++) indices[i] = map[indices[i]!]!;
  return true;
}

/**
 * Indexes the pixels of `image` that changed since `previous` (an image of the same size, or
 * undefined for the first frame, which is indexed whole), looking only at pixel rows `rows`
 * (the rows that were redrawn; all by default). The frame's colours go into `shared`, the GIF's
 * global table, when they fit in it; else the frame gets an exact table of its own, and a frame
 * with more than 255 changed colours a quantized one (gifenc's PnnQuant).
 * @returns The changed rectangle, or null when no pixel changed.
 */
export function indexFrame(
  image: RgbaImage,
  previous: RgbaImage | undefined,
  shared: ColorTable,
  rows: { y0: number; y1: number } = { y0: 0, y1: image.heightPx },
): IndexedFrame | null {
  const pixels = pixelsOf(image);
  const before = previous ? pixelsOf(previous) : undefined;
  const spans = new Int32Array(image.heightPx * 2);
  const box = changedBox(pixels, before, image.widthPx, rows.y0, rows.y1, spans);
  if (!box) return null;
  const rect = { xPx: box.x0, yPx: box.y0, widthPx: box.x1 - box.x0, heightPx: box.y1 - box.y0 };
  const indices = new Uint8Array(rect.widthPx * rect.heightPx).fill(TRANSPARENT_INDEX); // unchanged pixels stay so
  const own = new ColorTable();
  if (!mapColors(image, pixels, before, box, spans, own, indices)) {
    return { ...rect, indices, colors: quantizeBox(image, pixels, before, box, indices) };
  }
  return moveToShared(own, shared, indices) ? { ...rect, indices } : { ...rect, indices, colors: own.colors };
}
