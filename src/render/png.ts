/**
 * Deterministic PNG encoding of an {@link RgbaImage}, and reading tEXt chunks back.
 *
 * Why our own encoder: pngjs writes only greyscale/RGB(A), and terminal screenshots nearly always
 * hold ≤ 256 colours, which indexed PNG (colour type 3) stores 4–9× smaller. The output depends on
 * the pixels and text alone (palette in first-appearance order, fixed filter and zlib level, no
 * time chunk), so the same image gives the same bytes everywhere.
 */

import { deflateSync, inflateSync } from 'node:zlib';
import { ConfigError } from '../errors.js';
import type { RgbaImage } from '../geometry.js';
import { encodeChunk, PNG_SIGNATURE, readChunks } from './png-chunks.js';

/**
 * zlib level, measured A/B in one run (issue 16) on an 80×24 vim screen with syntax colours, whole
 * screenshot to a file (grab + render + encode + write), and IDAT sizes:
 * level 6: 18 585 B, 1.28× one `tmux capture-pane` process; 4: 19 629 B (+5.6 %), 1.10×;
 * 3: 23 820 B (+28 %), 1.04×; 1: 25 926 B (+39.5 %), 0.98×. At 2× scale 4 deflates in 60 % of
 * 6's time for 6 % more bytes. 4 is the knee: beyond it each ms saved costs 2–5 KB per file in
 * the users' repos; 9 took 5–10× longer than 6 for 1 % less.
 * Rows are never filtered (type 0): flat terminal images compressed smaller unfiltered than
 * with Sub or Up, palette or not, which is also the spec's advice for palette images.
 */
const ZLIB_LEVEL = 4;
const COLOR_TYPE_INDEXED = 3;
const COLOR_TYPE_RGBA = 6;

/** Slots of the open-addressing table in {@link indexColors}: a power of two, well above 256. */
const HASH_SLOTS = 4096;

/**
 * Palette entries (RGBA packed as in memory) in first-appearance order and each pixel's index,
 * or null past 256 colours. A typed-array hash table with linear probing (1.5 ms instead of a
 * Map's 3.1 ms on an 80×24 screenshot), looked up once per run of equal pixels: a run is found
 * by a tight compare loop and its indices written at once (a fill for long runs), which took 10–15 % off the
 * per-pixel loop (an 80×24 vim screen averages runs of 6.5 pixels).
 */
function indexColors(pixels: Uint32Array): { palette: number[]; indices: Uint8Array } | null {
  const keys = new Uint32Array(HASH_SLOTS);
  const slots = new Int16Array(HASH_SLOTS).fill(-1);
  const palette: number[] = [];
  const indices = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; ) {
    const p = pixels[i]!;
    let end = i + 1;
    while (end < pixels.length && pixels[end] === p) end++;
    let h = Math.imul(p, 0x9e3779b1) >>> 20;
    while (slots[h] !== -1 && keys[h] !== p) h = (h + 1) & (HASH_SLOTS - 1);
    if (slots[h] === -1) {
      if (palette.length === 256) return null;
      keys[h] = p;
      slots[h] = palette.length;
      palette.push(p);
    }
    const index = slots[h]!;
    if (end - i > 8) indices.fill(index, i, end);
    else for (; i < end; i++) indices[i] = index;
    i = end;
  }
  return { palette, indices };
}

function header(image: RgbaImage, colorType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(image.widthPx, 0);
  ihdr.writeUInt32BE(image.heightPx, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType; // compression, filter and interlace methods stay 0
  return encodeChunk('IHDR', ihdr);
}

/** Scanlines for IDAT: each row of `rowBytes` bytes of `src` behind filter type 0 (None). */
function unfilteredScanlines(src: Uint8Array, rowBytes: number, rows: number): Buffer {
  const raw = Buffer.alloc((rowBytes + 1) * rows);
  for (let y = 0; y < rows; y++) raw.set(src.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return raw;
}

function idat(src: Uint8Array, rowBytes: number, rows: number): Buffer {
  return encodeChunk('IDAT', deflateSync(unfilteredScanlines(src, rowBytes, rows), { level: ZLIB_LEVEL }));
}

/** Colour type 3: PLTE, then tRNS only when some colour is not opaque. */
function indexedChunks(image: RgbaImage, palette: number[], indices: Uint8Array): Buffer[] {
  const bytes = new Uint8Array(new Uint32Array(palette).buffer);
  const plte = Buffer.alloc(palette.length * 3);
  const trns = Buffer.alloc(palette.length);
  for (let i = 0; i < palette.length; i++) {
    plte.set(bytes.subarray(i * 4, i * 4 + 3), i * 3);
    trns[i] = bytes[i * 4 + 3]!;
  }
  const chunks = [header(image, COLOR_TYPE_INDEXED), encodeChunk('PLTE', plte)];
  if (trns.some((a) => a !== 255)) chunks.push(encodeChunk('tRNS', trns));
  return [...chunks, idat(indices, image.widthPx, image.heightPx)];
}

/** A tEXt chunk; keyword and text must be Latin-1 (PNG spec §11.3.4.3). */
function textChunk(keyword: string, text: string): Buffer {
  const latin1 = /^[\x20-\x7e\xa0-\xff]*$/;
  if (keyword.length < 1 || keyword.length > 79 || !latin1.test(keyword) || keyword !== keyword.trim() || keyword.includes('  ')) {
    throw new ConfigError(`PNG text keyword '${keyword}' must be 1–79 Latin-1 characters without leading, trailing or double spaces.`);
  }
  if (!/^[\x0a\x20-\x7e\xa0-\xff]*$/.test(text)) {
    throw new ConfigError(`PNG text for '${keyword}' must be Latin-1 without control characters other than newline.`);
  }
  return encodeChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
}

/**
 * Encodes `image` as PNG: indexed (colour type 3, 8-bit) when it has at most 256 distinct RGBA
 * values, else RGBA (colour type 6); `text` becomes tEXt chunks, in its key order, before IDAT.
 * @throws {ConfigError} when a text keyword or value is not valid PNG Latin-1 text.
 */
export function encodePng(image: RgbaImage, text: Readonly<Record<string, string>> = {}): Buffer {
  const textChunks = Object.entries(text).map(([keyword, value]) => textChunk(keyword, value));
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.widthPx * image.heightPx);
  const indexed = indexColors(pixels);
  const [ihdr, ...body] = indexed
    ? indexedChunks(image, indexed.palette, indexed.indices)
    : [header(image, COLOR_TYPE_RGBA), idat(image.data, image.widthPx * 4, image.heightPx)];
  const data = body.pop()!;
  return Buffer.concat([PNG_SIGNATURE, ihdr!, ...body, ...textChunks, data, encodeChunk('IEND', new Uint8Array(0))]);
}

/**
 * The tEXt chunks of a PNG as keyword → text (the last wins when a keyword repeats).
 * @throws {TmuxShotError} when `png` is not a PNG file or is truncated.
 */
export function readPngText(png: Uint8Array): Record<string, string> {
  const text: Record<string, string> = {};
  for (const chunk of readChunks(png)) {
    if (chunk.type !== 'tEXt') continue;
    const nul = chunk.data.indexOf(0);
    if (nul > 0) text[chunk.data.toString('latin1', 0, nul)] = chunk.data.toString('latin1', nul + 1);
  }
  return text;
}

/** Chunks that change nothing in how a PNG's pixels decode (text), besides the ones {@link encodePng} writes. */
const KNOWN_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'tEXt', 'zTXt', 'iTXt']);

/**
 * The colour of each palette index as a pixel read through a Uint32Array view (PLTE, with tRNS
 * alpha where given, else opaque), in the platform's byte order, as {@link indexColors} packs them.
 */
function paletteColors(plte: Uint8Array, trns: Uint8Array | undefined): Uint32Array {
  const bytes = new Uint8Array((plte.length / 3) * 4);
  for (let i = 0; i < plte.length / 3; i++) {
    bytes.set(plte.subarray(i * 3, i * 3 + 3), i * 4);
    bytes[i * 4 + 3] = trns?.[i] ?? 255;
  }
  return new Uint32Array(bytes.buffer);
}

/**
 * Whether `png` shows exactly the pixels of `image`, told without encoding `image` or decoding
 * `png` to RGBA: for the PNGs {@link encodePng} writes — 8-bit indexed or RGBA, not interlaced,
 * every row unfiltered — whatever their palette order, text chunks and compression, each pixel
 * is compared as it is inflated. False when the pixels or sizes differ, and also for any other
 * PNG (another bit depth or colour type, a filtered row, a chunk that is not pixels or text) or
 * bytes that are not a PNG: then compare by decoding.
 */
export function pngShowsImage(png: Uint8Array, image: RgbaImage): boolean {
  let chunks: ReturnType<typeof readChunks>;
  let raw: Buffer;
  try {
    chunks = readChunks(png);
    const idat = chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data);
    raw = inflateSync(idat.length === 1 ? idat[0]! : Buffer.concat(idat));
  } catch {
    return false;
  }
  const ihdr = chunks[0]?.type === 'IHDR' ? chunks[0].data : undefined;
  if (ihdr?.length !== 13 || !chunks.every((chunk) => KNOWN_CHUNKS.has(chunk.type))) return false;
  const [depth, colorType, compression, filter, interlace] = ihdr.subarray(8);
  const { widthPx, heightPx } = image;
  if (ihdr.readUInt32BE(0) !== widthPx || ihdr.readUInt32BE(4) !== heightPx || depth !== 8 || compression !== 0 || filter !== 0 || interlace !== 0) {
    return false;
  }
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, widthPx * heightPx);
  if (colorType === COLOR_TYPE_RGBA) {
    const rowBytes = widthPx * 4;
    if (raw.length !== (rowBytes + 1) * heightPx) return false;
    for (let y = 0; y < heightPx; y++) {
      const at = y * (rowBytes + 1);
      if (raw[at] !== 0 || !raw.subarray(at + 1, at + 1 + rowBytes).equals(image.data.subarray(y * rowBytes, (y + 1) * rowBytes))) return false;
    }
    return true;
  }
  const plte = chunks.find((chunk) => chunk.type === 'PLTE')?.data;
  // A PLTE of whole colours only (PNG spec 11.2.3: a multiple of 3 bytes, at most 256 entries): anything else is left to the decoder.
  if (colorType !== COLOR_TYPE_INDEXED || !plte || plte.length % 3 !== 0 || plte.length > 768 || raw.length !== (widthPx + 1) * heightPx) return false;
  const colors = paletteColors(plte, chunks.find((chunk) => chunk.type === 'tRNS')?.data);
  for (let y = 0; y < heightPx; y++) {
    const at = y * (widthPx + 1) + 1;
    if (raw[at - 1] !== 0) return false;
    for (let x = 0; x < widthPx; x++) {
      if (colors[raw[at + x]!] !== pixels[y * widthPx + x]) return false;
    }
  }
  return true;
}
