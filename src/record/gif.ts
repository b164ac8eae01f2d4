/**
 * GIF89a output: frames are encoded as they come; the header, written last, carries the global
 * colour table they grew. Layout per the GIF89a specification (w3.org/Graphics/GIF/spec-gif89a.txt).
 * The LZW is ours (lzw.ts, byte for byte gifenc's, twice as fast); gifenc, imported here only,
 * quantizes the rare frame of more than 255 colours.
 */
import * as gifencModule from 'gifenc';
import type { PixelRect, Rgb } from '../geometry.js';
import { TRANSPARENT_INDEX } from './color-table.js';
import { LzwEncoder } from './lzw.js';

// Node loads gifenc's CommonJS build, whose exports Node can only hand over as the default export;
// Vite (hence Vitest) loads its ESM build, which has named exports.
const { quantize, applyPalette } = typeof gifencModule.quantize === 'function' ? gifencModule : gifencModule.default;

/** Longest delay one GIF frame can carry, in 1/100 s (an unsigned 16-bit field). */
export const MAX_DELAY_CS = 0xffff;

/** Extension and block markers (GIF89a §§ 20–26). */
const EXTENSION = 0x21;
const COMMENT_LABEL = 0xfe;
const GRAPHIC_CONTROL_LABEL = 0xf9;
const IMAGE_SEPARATOR = 0x2c;
const TRAILER = 0x3b;
/** Graphic Control Extension flags: disposal 1 ("do not dispose") in bits 2–4, and a transparent index. */
const DISPOSE_KEEP_TRANSPARENT = (1 << 2) | 1;

/** Little-endian 16-bit. */
function u16(n: number): number[] {
  return [n & 0xff, (n >> 8) & 0xff];
}

/** `data` cut into GIF data sub-blocks (≤ 255 bytes each), with the block terminator. */
function subBlocks(data: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const chunk = data.subarray(i, i + 255);
    out.push(chunk.length, ...chunk);
  }
  out.push(0);
  return out;
}

/** Bits of a colour table holding `count` entries (at least 1: two entries). */
function tableBits(count: number): number {
  return Math.max(1, Math.ceil(Math.log2(count)));
}

/** A frame ready for the GIF writer: a rectangle of palette indices placed at (`xPx`, `yPx`). */
export interface IndexedFrame extends PixelRect {
  /** `widthPx × heightPx` indices, rows top to bottom; {@link TRANSPARENT_INDEX} where unchanged. */
  readonly indices: Uint8Array;
  /** The frame's own colour table (entry 0 is the transparent slot), when the shared one could not hold its colours. */
  readonly colors?: readonly Rgb[];
}

/** A colour table of `colors`, padded with black to the 2^bits entries its size field says. */
function colorTable(colors: readonly Rgb[], bits: number): number[] {
  const table: number[] = [];
  for (let i = 0; i < 1 << bits; i++) {
    const c = colors[i];
    table.push(c?.r ?? 0, c?.g ?? 0, c?.b ?? 0);
  }
  return table;
}

/**
 * Writes an animated GIF that loops forever. Each frame is an {@link IndexedFrame}: a rectangle
 * placed at its offset, drawn over the previous frames (disposal 1, "do not dispose") with index
 * {@link TRANSPARENT_INDEX} letting them show through.
 */
export class GifWriter {
  readonly #lzw = new LzwEncoder();
  /** The frames' bytes, in order. */
  readonly #body: Uint8Array[] = [];
  #bodyBytes = 0;

  /**
   * Appends `frame`, shown for `delayCs` hundredths of a second. A delay beyond
   * {@link MAX_DELAY_CS} continues in fully transparent 1×1 frames.
   */
  addFrame(frame: IndexedFrame, delayCs: number): void {
    this.#write(frame, Math.min(delayCs, MAX_DELAY_CS));
    for (let left = delayCs - MAX_DELAY_CS; left > 0; left -= MAX_DELAY_CS) {
      const blank = { xPx: 0, yPx: 0, widthPx: 1, heightPx: 1, indices: new Uint8Array([TRANSPARENT_INDEX]) };
      this.#write(blank, Math.min(left, MAX_DELAY_CS));
    }
  }

  /**
   * The whole file: header, logical screen of `widthPx`×`heightPx`, the global colour table
   * `colors` (entry i is index i; index 0 is the transparent slot), the loop extension, an
   * optional comment, the frames, the trailer.
   */
  finish(widthPx: number, heightPx: number, colors: readonly Rgb[], comment?: string): Uint8Array {
    const bits = tableBits(colors.length);
    const head = [
      ...new TextEncoder().encode('GIF89a'),
      ...u16(widthPx),
      ...u16(heightPx),
      0x80 | (7 << 4) | (bits - 1), // global table, 8-bit colour resolution, table size
      TRANSPARENT_INDEX, // background colour index
      0, // pixel aspect ratio: square
      ...colorTable(colors, bits),
      ...[EXTENSION, 0xff, 11, ...new TextEncoder().encode('NETSCAPE2.0'), 3, 1, ...u16(0), 0], // loop forever
      ...(comment ? [EXTENSION, COMMENT_LABEL, ...subBlocks(new TextEncoder().encode(comment))] : []),
    ];
    const out = new Uint8Array(head.length + this.#bodyBytes + 1);
    out.set(head, 0);
    let at = head.length;
    for (const bytes of this.#body) {
      out.set(bytes, at);
      at += bytes.length;
    }
    out[at] = TRAILER;
    return out;
  }

  /** Appends the Graphic Control Extension, the image descriptor, the local table if any, and the LZW data. */
  #write(frame: IndexedFrame, delayCs: number): void {
    const local = frame.colors ? tableBits(frame.colors.length) : 0;
    const head = [
      ...[EXTENSION, GRAPHIC_CONTROL_LABEL, 4, DISPOSE_KEEP_TRANSPARENT, ...u16(delayCs), TRANSPARENT_INDEX, 0],
      ...[IMAGE_SEPARATOR, ...u16(frame.xPx), ...u16(frame.yPx), ...u16(frame.widthPx), ...u16(frame.heightPx)],
      ...(frame.colors ? [0x80 | (local - 1), ...colorTable(frame.colors, local)] : [0]), // local table flag and size; not interlaced
    ];
    this.#push(Uint8Array.from(head));
    this.#push(this.#lzw.encode(frame.indices).slice());
  }

  #push(bytes: Uint8Array): void {
    this.#body.push(bytes);
    this.#bodyBytes += bytes.length;
  }
}

/**
 * Reduces the colours of `rgba` (opaque RGBA pixels) to at most `maxColors` with gifenc's
 * PnnQuant (RGB565 bins) and maps each pixel to its nearest palette entry.
 * @returns The palette and one palette index per pixel.
 */
export function quantizeColors(rgba: Uint8Array, maxColors: number): { colors: Rgb[]; indices: Uint8Array } {
  const pixels = new Uint8Array(rgba); // gifenc reads the whole underlying buffer
  const palette = quantize(pixels, maxColors);
  return { colors: palette.map(([r, g, b]) => ({ r, g, b })), indices: applyPalette(pixels, palette) };
}
