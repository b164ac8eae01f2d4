import { describe, expect, it } from 'vitest';
import { comparePixels } from '../../src/diff/compare-pixels.js';
import { TmuxShotError } from '../../src/errors.js';
import { paint, pixelAt, solid, thrown } from './build.js';

const BLACK = [0, 0, 0] as const;
const RED = [255, 0, 0, 255];

describe('comparePixels', () => {
  it('finds nothing in identical images and draws the reference in faint grey', () => {
    const result = comparePixels(solid(3, 2, BLACK), solid(3, 2, BLACK));
    expect(result.mismatchedPixels).toBe(0);
    expect(result.ratio).toBe(0);
    expect(result.sizeMismatch).toBeUndefined();
    expect([result.diff.widthPx, result.diff.heightPx]).toEqual([3, 2]);
    // 255 + (0 - 255) * alpha 0.1 = 229.5, stored as 229
    expect(pixelAt(result.diff, 0, 0)).toEqual([229, 229, 229, 255]);
    expect([...result.mismatchMask]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('counts one changed pixel at the default threshold 0, which 0.1 would hide', () => {
    const reference = solid(4, 3, BLACK);
    const actual = paint(reference, [[2, 1]], [1, 1, 1]);
    const result = comparePixels(reference, actual);
    expect(result.mismatchedPixels).toBe(1);
    expect(result.ratio).toBe(1 / 12);
    expect(pixelAt(result.diff, 2, 1)).toEqual(RED);
    expect([...result.mismatchMask].flatMap((v, i) => (v ? [i] : []))).toEqual([1 * 4 + 2]);
    expect(comparePixels(reference, actual, { threshold: 0.1 }).mismatchedPixels).toBe(0);
  });

  it.each([
    { threshold: 0, mismatched: 6 },
    { threshold: 0.1, mismatched: 0 },
  ])('ANSI white #e5e5e5 vs bright white #ffffff at threshold $threshold: $mismatched pixels', ({ threshold, mismatched }) => {
    const result = comparePixels(solid(3, 2, [0xe5, 0xe5, 0xe5]), solid(3, 2, [0xff, 0xff, 0xff]), { threshold });
    expect(result.mismatchedPixels).toBe(mismatched);
  });

  it('pads a size change instead of throwing: padding counts and is painted as mismatched', () => {
    const reference = solid(4, 3, BLACK);
    const actual = paint(solid(6, 2, BLACK), [[1, 0]], [9, 9, 9]);
    const result = comparePixels(reference, actual);
    expect(result.sizeMismatch).toEqual({ reference: { widthPx: 4, heightPx: 3 }, actual: { widthPx: 6, heightPx: 2 } });
    expect([result.diff.widthPx, result.diff.heightPx, result.diff.data.length]).toEqual([6, 3, 6 * 3 * 4]);
    // common area 4×2 holds 1 changed pixel; the other 18 - 8 = 10 pixels are padding
    expect(result.mismatchedPixels).toBe(11);
    expect(result.ratio).toBe(11 / 18);
    expect(pixelAt(result.diff, 1, 0)).toEqual(RED);
    expect(pixelAt(result.diff, 0, 0)).toEqual([229, 229, 229, 255]);
    expect(pixelAt(result.diff, 5, 0)).toEqual(RED); // right of the reference
    expect(pixelAt(result.diff, 0, 2)).toEqual(RED); // below the actual
    expect(result.mismatchMask.reduce((a, b) => a + b, 0)).toBe(11);
  });

  it('leaves masked pixels out and counts changes outside the mask', () => {
    const reference = solid(5, 5, BLACK);
    const actual = paint(
      reference,
      [
        [1, 1],
        [2, 2],
        [4, 4],
      ],
      [200, 0, 0],
    );
    const mask = [{ xPx: 1, yPx: 1, widthPx: 2, heightPx: 2 }];
    expect(comparePixels(reference, actual, { mask }).mismatchedPixels).toBe(1);
    expect(comparePixels(reference, actual).mismatchedPixels).toBe(3);
  });

  it('counts a change pixelmatch calls anti-aliasing only with includeAA (our default)', () => {
    // a grey column between black and white is what a glyph edge looks like to the AA detector
    const reference = solid(5, 5, BLACK);
    const columns = (x: number) => [0, 1, 2, 3, 4].map((y) => [x, y] as const);
    const edged = paint(paint(reference, [...columns(3), ...columns(4)], [255, 255, 255]), columns(2), [128, 128, 128]);
    const actual = paint(edged, [[2, 2]], [100, 100, 100]);
    const excluded = comparePixels(edged, actual, { includeAA: false });
    expect(excluded.mismatchedPixels).toBe(0);
    expect(pixelAt(excluded.diff, 2, 2)).toEqual([255, 255, 0, 255]);
    expect(excluded.mismatchMask[2 * 5 + 2]).toBe(0);
    expect(comparePixels(edged, actual).mismatchedPixels).toBe(1);
  });

  it('accepts pixel data at an unaligned byte offset', () => {
    const backing = new Uint8Array(1 + 2 * 2 * 4);
    const image = { widthPx: 2, heightPx: 2, data: backing.subarray(1) };
    image.data.fill(255);
    expect(comparePixels(image, paint(image, [[0, 0]], BLACK)).mismatchedPixels).toBe(1);
  });

  it('throws when the data length does not match the size', () => {
    const broken = { widthPx: 2, heightPx: 2, data: new Uint8Array(15) };
    const error = thrown(() => comparePixels(solid(2, 2, BLACK), broken));
    expect(error).toBeInstanceOf(TmuxShotError);
    expect(error.message).toBe('The actual image claims 2×2 px but holds 15 bytes (expected 16).');
  });
});
