import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../src/geometry.js';
import { ColorTable, MAX_TABLE_COLORS, TRANSPARENT_INDEX } from '../../src/record/color-table.js';
import { indexFrame } from '../../src/record/index-frame.js';

type Rgb3 = [number, number, number];

function image(widthPx: number, heightPx: number, color: (x: number, y: number) => Rgb3): RgbaImage {
  const data = new Uint8Array(widthPx * heightPx * 4);
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) data.set([...color(x, y), 255], (y * widthPx + x) * 4);
  }
  return { widthPx, heightPx, data };
}

const BLACK: Rgb3 = [0, 0, 0];
const WHITE: Rgb3 = [255, 255, 255];
const RED: Rgb3 = [200, 0, 0];

/** The key ColorTable uses for an opaque colour: its RGBA bytes read as one Uint32. */
const keyOf = ([r, g, b]: Rgb3): number => new Uint32Array(new Uint8Array([r, g, b, 255]).buffer)[0]!;

describe('ColorTable', () => {
  it('numbers colours from 1 in order of arrival, finds them again, and answers 0 when full', () => {
    const table = new ColorTable();
    expect(table.indexOf(keyOf(RED), ...RED)).toBe(1);
    expect(table.indexOf(keyOf(WHITE), ...WHITE)).toBe(2);
    expect(table.indexOf(keyOf(RED), ...RED)).toBe(1);
    expect(table.find(keyOf(WHITE))).toBe(2);
    expect(table.find(keyOf(BLACK))).toBe(0);
    for (let i = 3; i <= MAX_TABLE_COLORS; i++) expect(table.indexOf(keyOf([i, 1, 2]), i, 1, 2)).toBe(i);
    expect(table.indexOf(keyOf(BLACK), ...BLACK)).toBe(0);
    expect(table.size).toBe(255);
    expect(table.colors.slice(0, 4)).toEqual([
      { r: 0, g: 0, b: 0 },
      { r: 200, g: 0, b: 0 },
      { r: 255, g: 255, b: 255 },
      { r: 3, g: 1, b: 2 },
    ]);
    expect(table.keys[2]).toBe(keyOf(WHITE));
  });
});

describe('indexFrame', () => {
  it('indexes a first frame whole, its colours going into the shared table', () => {
    const shared = new ColorTable();
    const frame = indexFrame(
      image(3, 2, (x) => (x === 1 ? WHITE : BLACK)),
      undefined,
      shared,
    );
    expect(frame).toEqual({ xPx: 0, yPx: 0, widthPx: 3, heightPx: 2, indices: new Uint8Array([1, 2, 1, 1, 2, 1]) });
    expect(shared.colors).toEqual([
      { r: 0, g: 0, b: 0 },
      { r: 0, g: 0, b: 0 },
      { r: 255, g: 255, b: 255 },
    ]);
  });

  it('keeps only the rectangle that changed, unchanged pixels in it transparent', () => {
    const shared = new ColorTable();
    const before = image(6, 5, () => BLACK);
    indexFrame(before, undefined, shared);
    // An L of red: (1,1), (1,2), (3,2).
    const red = new Set(['1,1', '1,2', '3,2']);
    const after = image(6, 5, (x, y) => (red.has(`${x},${y}`) ? RED : BLACK));
    const T = TRANSPARENT_INDEX;
    expect(indexFrame(after, before, shared)).toEqual({
      xPx: 1,
      yPx: 1,
      widthPx: 3,
      heightPx: 2,
      indices: new Uint8Array([2, T, T, 2, T, 2]),
    });
  });

  it('answers null when no pixel changed, and looks only at the given rows', () => {
    const shared = new ColorTable();
    const before = image(4, 4, () => BLACK);
    expect(
      indexFrame(
        image(4, 4, () => BLACK),
        before,
        shared,
      ),
    ).toBeNull();
    const after = image(4, 4, (x, y) => (y === 3 || (y === 1 && x === 2) ? WHITE : BLACK));
    expect(indexFrame(after, before, shared, { y0: 0, y1: 2 })).toEqual({ xPx: 2, yPx: 1, widthPx: 1, heightPx: 1, indices: new Uint8Array([1]) });
  });

  it('gives a frame an exact table of its own when its new colours do not fit the shared one', () => {
    const shared = new ColorTable();
    for (let i = 0; i < 250; i++) shared.indexOf(keyOf([i, 0, 0]), i, 0, 0);
    const before = image(10, 1, () => [0, 0, 0]);
    const after = image(10, 1, (x) => [x, 100, 0]);
    const frame = indexFrame(after, before, shared)!;
    expect(frame.colors).toEqual([{ r: 0, g: 0, b: 0 }, ...Array.from({ length: 10 }, (_, x) => ({ r: x, g: 100, b: 0 }))]);
    expect(frame.indices).toEqual(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(shared.size).toBe(250);
  });

  it('reuses the shared indices of colours it already holds', () => {
    const shared = new ColorTable();
    indexFrame(
      image(2, 1, (x) => (x ? WHITE : RED)),
      undefined,
      shared,
    );
    const frame = indexFrame(
      image(2, 1, (x) => (x ? RED : WHITE)),
      image(2, 1, () => BLACK),
      shared,
    )!;
    expect(frame).toEqual({ xPx: 0, yPx: 0, widthPx: 2, heightPx: 1, indices: new Uint8Array([2, 1]) });
  });

  it('quantizes a frame of more than 255 changed colours to a table of its own', () => {
    const shared = new ColorTable();
    const colorful = image(64, 16, (x, y) => [x * 4, y * 16, (x + y) * 3]); // 1024 colours
    const frame = indexFrame(colorful, undefined, shared)!;
    expect(shared.size).toBe(0);
    const colors = frame.colors!;
    // The transparent slot, then gifenc 1.0.3's 255 colours, every one of them used.
    expect([colors.length, colors[0], new Set(frame.indices).size, frame.indices.includes(TRANSPARENT_INDEX)]).toEqual([256, { r: 0, g: 0, b: 0 }, 255, false]);
    let worst = 0;
    let total = 0;
    frame.indices.forEach((index, i) => {
      const c = colors[index]!;
      const [r, g, b] = colorful.data.subarray(i * 4, i * 4 + 3);
      const error = Math.max(Math.abs(c.r - r!), Math.abs(c.g - g!), Math.abs(c.b - b!));
      worst = Math.max(worst, error);
      total += error;
    });
    // The largest channel error of a pixel, and their sum over the 1024 pixels.
    expect([worst, total]).toEqual([14, 4436]);
  });
});
