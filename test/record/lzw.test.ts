import * as gifencModule from 'gifenc';
import omggif from 'omggif';
import { describe, expect, it } from 'vitest';
import { LzwEncoder } from '../../src/record/lzw.js';

const { GIFEncoder } = typeof gifencModule.GIFEncoder === 'function' ? gifencModule : gifencModule.default;

/** A tiny deterministic pseudo-random generator (LCG). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomIndices(length: number, colors: number, seed: number): Uint8Array {
  const next = random(seed);
  return Uint8Array.from({ length }, () => Math.floor(next() * colors));
}

/** Runs of random length (1–400) and colour, like the rows of a terminal frame. */
function runs(length: number, seed: number): Uint8Array {
  const next = random(seed);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; ) {
    const end = Math.min(length, i + 1 + Math.floor(next() * 400));
    out.fill(Math.floor(next() * 12), i, end);
    i = end;
  }
  return out;
}

const INPUTS: [string, Uint8Array][] = [
  ['one pixel', new Uint8Array([7])],
  ['two pixels', new Uint8Array([0, 255])],
  ['a run of 100 000 transparent pixels', new Uint8Array(100_000)],
  ['random bytes (the table fills and clears many times)', randomIndices(300_000, 256, 1)],
  ['4 random colours', randomIndices(50_000, 4, 2)],
  ['runs of 12 colours', runs(320_320, 3)],
  ...Array.from({ length: 40 }, (_, n): [string, Uint8Array] => [`${n + 500} random pixels of 3 colours`, randomIndices(n + 500, 3, n)]),
];

/** gifenc's image data for `indices`: what GifWriter wrote before it had its own LZW. */
function gifencImageData(indices: Uint8Array): Uint8Array {
  const encoder = GIFEncoder({ auto: false });
  encoder.writeFrame(indices, indices.length, 1, { palette: null, first: false });
  return encoder.bytesView().subarray(8 + 10); // after the Graphic Control Extension and the image descriptor
}

/** Decodes `data` (image data of a `widthPx`×1 frame) with omggif, through a table mapping index i to red = i. */
function decode(data: Uint8Array, widthPx: number): Uint8Array {
  const table = Array.from({ length: 256 }, (_, i) => [i, 0, 0]).flat();
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const screen = [...u16(widthPx), ...u16(1), 0xf7, 0, 0];
  const descriptor = [0x2c, 0, 0, 0, 0, ...u16(widthPx), ...u16(1), 0];
  const gif = new Uint8Array([...new TextEncoder().encode('GIF89a'), ...screen, ...table, ...descriptor, ...data, 0x3b]);
  const rgba = new Uint8Array(widthPx * 4);
  new omggif.GifReader(gif).decodeAndBlitFrameRGBA(0, rgba);
  return rgba.filter((_, i) => i % 4 === 0);
}

describe('LzwEncoder', () => {
  it.each(INPUTS)('writes the bytes gifenc writes: %s', (_, indices) => {
    expect(Buffer.from(new LzwEncoder().encode(indices)).equals(Buffer.from(gifencImageData(indices)))).toBe(true);
  });

  it('decodes back to its input with omggif', () => {
    for (const [, indices] of INPUTS.slice(0, 6)) {
      if (indices.length > 0xffff) continue; // one GIF row holds at most 65 535 pixels
      expect(decode(new LzwEncoder().encode(indices), indices.length)).toEqual(indices);
    }
    const wide = randomIndices(0xffff, 256, 9);
    expect(decode(new LzwEncoder().encode(wide), wide.length)).toEqual(wide);
  });

  it('gives the same bytes when reused for frame after frame', () => {
    const encoder = new LzwEncoder();
    const first = encoder.encode(randomIndices(200_000, 256, 4)).slice();
    for (const [, indices] of INPUTS.slice(0, 6)) encoder.encode(indices);
    expect(encoder.encode(randomIndices(200_000, 256, 4))).toEqual(first);
  });

  it('cuts its codes into sub-blocks of 254 bytes, then the terminator', () => {
    const data = new LzwEncoder().encode(randomIndices(10_000, 256, 5));
    expect(data[0]).toBe(8); // minimum code size
    let p = 1;
    const sizes: number[] = [];
    while (data[p] !== 0) {
      sizes.push(data[p]!);
      p += data[p]! + 1;
    }
    expect(p).toBe(data.length - 1);
    expect(sizes.slice(0, -1).every((size) => size === 254)).toBe(true);
    expect(sizes.at(-1)).toBeGreaterThan(0);
  });
});
