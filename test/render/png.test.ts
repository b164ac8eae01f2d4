import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ConfigError, TmuxShotError } from '../../src/errors.js';
import type { RgbaImage } from '../../src/geometry.js';
import { crc32, readChunks } from '../../src/render/png-chunks.js';
import { deflateSync } from 'node:zlib';
import { encodeChunk, PNG_SIGNATURE } from '../../src/render/png-chunks.js';
import { encodePng, pngShowsImage, readPngText } from '../../src/render/png.js';

/** An image whose pixel i has the colour `color(i)` as [r, g, b, a]. */
function image(widthPx: number, heightPx: number, color: (i: number) => [number, number, number, number]): RgbaImage {
  const data = new Uint8Array(widthPx * heightPx * 4);
  for (let i = 0; i < widthPx * heightPx; i++) data.set(color(i), i * 4);
  return { widthPx, heightPx, data };
}

const chunkTypes = (png: Buffer): string[] => readChunks(png).map((c) => c.type);
const decode = (png: Buffer): PNG => PNG.sync.read(png);

describe('encodePng', () => {
  it('writes an indexed PNG with a palette in first-appearance order for ≤ 256 colours', () => {
    const img = image(5, 3, (i) => (i % 3 === 0 ? [255, 0, 0, 255] : i % 3 === 1 ? [0, 255, 0, 255] : [0, 0, 255, 255]));
    const png = encodePng(img);
    const [ihdr, plte] = readChunks(png);
    expect(chunkTypes(png)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([...ihdr!.data]).toEqual([0, 0, 0, 5, 0, 0, 0, 3, 8, 3, 0, 0, 0]);
    expect([...plte!.data]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255]);
    const decoded = decode(png);
    expect([decoded.width, decoded.height]).toEqual([5, 3]);
    expect(new Uint8Array(decoded.data)).toEqual(img.data);
  });

  it.each([
    { runs: [1, 1, 1, 4], palette: [0, 0, 255, 0, 255, 0, 255, 0, 0] },
    { runs: [8, 9, 1, 3], palette: [0, 0, 255, 0, 255, 0, 255, 0, 0] },
    { runs: [9, 8, 30, 2], palette: [0, 0, 255, 0, 255, 0, 255, 0, 0] },
    { runs: [12, 9], palette: [0, 0, 255, 0, 255, 0] },
    { runs: [21], palette: [0, 0, 255] },
  ])('indexes runs of equal pixels $runs, crossing 7-pixel rows, to the exact pixels and palette', ({ runs, palette }) => {
    // Run k has colour k % 3 of blue, green, red; the runs fill whole 7-pixel rows.
    const cycle: [number, number, number, number][] = [
      [0, 0, 255, 255],
      [0, 255, 0, 255],
      [255, 0, 0, 255],
    ];
    const colours = runs.flatMap((length, k) => Array.from({ length }, () => cycle[k % 3]!));
    const img = image(7, colours.length / 7, (i) => colours[i]!);
    const png = encodePng(img);
    expect([...readChunks(png)[1]!.data]).toEqual(palette);
    expect(new Uint8Array(decode(png).data)).toEqual(img.data);
  });

  it('stays indexed at exactly 256 colours and switches to RGBA at 257', () => {
    const grey = (n: number): RgbaImage => image(n, 1, (i) => [i % 256, Math.floor(i / 256), 0, 255]);
    const at256 = encodePng(grey(256));
    const at257 = encodePng(grey(257));
    expect(readChunks(at256)[0]!.data[9]).toBe(3);
    expect(readChunks(at257)[0]!.data[9]).toBe(6);
    expect(chunkTypes(at257)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(new Uint8Array(decode(at256).data)).toEqual(grey(256).data);
    expect(new Uint8Array(decode(at257).data)).toEqual(grey(257).data);
  });

  it('adds tRNS only when a palette colour is not opaque', () => {
    const img = image(2, 2, (i) => [10, 20, 30, i === 3 ? 128 : 255]);
    const png = encodePng(img);
    expect(chunkTypes(png)).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    expect([...readChunks(png)[2]!.data]).toEqual([255, 128]);
    expect(new Uint8Array(decode(png).data)).toEqual(img.data);
  });

  it('gives the same bytes for the same image, and these exact bytes for a 2×1 image', () => {
    const img = image(2, 1, (i) => (i === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
    expect(encodePng(img)).toEqual(encodePng(img));
    expect(encodePng(img).toString('hex')).toBe(
      // Computed independently with Python's zlib (crc32, compress at level 4).
      '89504e470d0a1a0a' +
        '0000000d4948445200000002000000010803000000c3fc8fb8' +
        '00000006504c5445000000ffffffa5d99fdd' +
        '0000000b49444154785e636060040000040002c330e1d6' +
        '0000000049454e44ae426082',
    );
  });

  it('stores text as tEXt chunks before the image data, and reads them back', () => {
    const text = { 'tmux-shot:renderer': 'tmux-shot-render/1 font=15px', Comment: 'Latin-1: café\nline 2' };
    const png = encodePng(
      image(1, 1, () => [1, 2, 3, 255]),
      text,
    );
    expect(chunkTypes(png)).toEqual(['IHDR', 'PLTE', 'tEXt', 'tEXt', 'IDAT', 'IEND']);
    expect(readPngText(png)).toEqual(text);
    expect(decode(png).width).toBe(1);
  });

  it('rejects keywords and texts that tEXt cannot hold', () => {
    const img = image(1, 1, () => [0, 0, 0, 255]);
    expect(() => encodePng(img, { '': 'x' })).toThrow(ConfigError);
    expect(() => encodePng(img, { ' padded': 'x' })).toThrow("PNG text keyword ' padded' must be 1–79 Latin-1 characters");
    expect(() => encodePng(img, { ['k'.repeat(80)]: 'x' })).toThrow(ConfigError);
    expect(() => encodePng(img, { key: 'emoji 😀' })).toThrow("PNG text for 'key' must be Latin-1");
    expect(() => encodePng(img, { key: 'nul \0' })).toThrow(ConfigError);
  });
});

describe('readPngText', () => {
  it('returns no entries for a PNG without text', () => {
    expect(readPngText(encodePng(image(1, 1, () => [0, 0, 0, 255])))).toEqual({});
  });

  it('throws for data that is not a PNG, or a truncated one', () => {
    expect(() => readPngText(Buffer.from('GIF89a'))).toThrow(TmuxShotError);
    expect(() => readPngText(Buffer.from('GIF89a'))).toThrow('Not a PNG file: the 8-byte PNG signature is missing.');
    const png = encodePng(
      image(1, 1, () => [0, 0, 0, 255]),
      { a: 'b' },
    );
    expect(() => readPngText(png.subarray(0, 40))).toThrow('Truncated PNG');
  });
});

describe('crc32', () => {
  it('matches the CRC of the IEND chunk every PNG ends with', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    expect(crc32(Buffer.from('IE'), Buffer.from('ND'))).toBe(0xae426082);
  });
});

/** A PNG of `chunks` (type, data) between the signature and IEND. */
function pngOf(chunks: [string, number[] | Buffer][]): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ...chunks.map(([type, data]) => encodeChunk(type, Buffer.from(data))), encodeChunk('IEND', new Uint8Array(0))]);
}

/** IHDR data for a `width`×`height` 8-bit image of `colorType`. */
function ihdr(width: number, height: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = colorType;
  return data;
}

describe('pngShowsImage', () => {
  const RED = [255, 0, 0, 255] as [number, number, number, number];
  const BLUE = [0, 0, 255, 255] as [number, number, number, number];
  const stripes = image(3, 2, (i) => (i % 2 === 0 ? RED : BLUE));
  const changed = image(3, 2, (i) => (i === 5 ? RED : i % 2 === 0 ? RED : BLUE));
  /** The stripes, indexed with the palette in the other order (blue first), unfiltered. */
  const reordered = pngOf([
    ['IHDR', ihdr(3, 2, 3)],
    ['PLTE', [0, 0, 255, 255, 0, 0]],
    ['IDAT', deflateSync(Buffer.from([0, 1, 0, 1, 0, 0, 1, 0]))],
  ]);
  /** The same, with row 1 behind filter type 2 (Up): the same pixels, decoded. */
  const filtered = pngOf([
    ['IHDR', ihdr(3, 2, 3)],
    ['PLTE', [0, 0, 255, 255, 0, 0]],
    ['IDAT', deflateSync(Buffer.from([0, 1, 0, 1, 2, 255, 1, 255]))],
  ]);
  const many = image(257, 1, (i) => [i % 256, Math.floor(i / 256), 0, 255]);
  const translucent = image(2, 1, (i) => [10, 20, 30, i === 0 ? 128 : 255]);

  it.each([
    { case: 'its own PNG', png: encodePng(stripes), image: stripes, shows: true },
    { case: 'its own PNG with text chunks', png: encodePng(stripes, { a: 'b' }), image: stripes, shows: true },
    { case: 'a PNG with the palette in another order', png: reordered, image: stripes, shows: true },
    { case: 'an RGBA PNG (257 colours)', png: encodePng(many), image: many, shows: true },
    { case: 'a palette with tRNS', png: encodePng(translucent), image: translucent, shows: true },
    { case: 'one pixel changed', png: encodePng(changed), image: stripes, shows: false },
    { case: 'one RGBA pixel changed', png: encodePng(many), image: image(257, 1, (i) => [i % 256, i === 256 ? 9 : Math.floor(i / 256), 0, 255]), shows: false },
    { case: 'the alpha of a palette colour changed', png: encodePng(translucent), image: image(2, 1, () => [10, 20, 30, 255]), shows: false },
    { case: 'another size', png: encodePng(image(2, 3, () => RED)), image: image(3, 2, () => RED), shows: false },
    { case: 'a filtered row, though the pixels are equal', png: filtered, image: stripes, shows: false },
    {
      case: 'a chunk that is not pixels or text',
      png: pngOf([
        ['IHDR', ihdr(3, 2, 3)],
        ['PLTE', [255, 0, 0, 0, 0, 255]],
        ['gAMA', [0, 0, 177, 143]],
        ['IDAT', deflateSync(Buffer.from([0, 0, 1, 0, 0, 1, 0, 1]))],
      ]),
      image: stripes,
      shows: false,
    },
    { case: 'bytes that are not a PNG', png: Buffer.from('not a png'), image: stripes, shows: false },
    ...[4, 5].map((extra) => ({
      // The attack on issue 16: a baseline whose PLTE is not whole colours threw a RangeError from the matcher.
      case: `a PLTE of ${6 + extra - 3} bytes (not a multiple of 3)`,
      png: pngOf([
        ['IHDR', ihdr(3, 2, 3)],
        ['PLTE', [0, 0, 255, 255, 0, 0, 7, 7, 7].slice(0, 6 + extra - 3)],
        ['IDAT', deflateSync(Buffer.from([0, 1, 0, 1, 0, 0, 1, 0]))],
      ]),
      image: stripes,
      shows: false,
    })),
    {
      case: 'a corrupt IDAT',
      png: pngOf([
        ['IHDR', ihdr(3, 2, 3)],
        ['PLTE', [255, 0, 0]],
        ['IDAT', [1, 2, 3]],
      ]),
      image: stripes,
      shows: false,
    },
  ])('$case → $shows', ({ png, image: shown, shows }) => {
    expect(pngShowsImage(png, shown)).toBe(shows);
  });

  it('agrees with a full decode on the PNGs above it accepts', () => {
    expect(new Uint8Array(decode(reordered).data)).toEqual(stripes.data);
    expect(new Uint8Array(decode(filtered).data)).toEqual(stripes.data);
  });
});
