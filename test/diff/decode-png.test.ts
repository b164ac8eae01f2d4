import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/diff/decode-png.js';
import { TmuxShotError } from '../../src/errors.js';
import { paint, png, solid, thrown } from './build.js';

describe('decodePng', () => {
  it('round-trips RGBA pixels exactly', () => {
    const image = paint(solid(3, 2, [1, 2, 3]), [[2, 1]], [250, 128, 7]);
    const decoded = decodePng(png(image), 'actual');
    expect(decoded).toEqual({ widthPx: 3, heightPx: 2, data: image.data });
  });

  it('adds opaque alpha to an RGB PNG without an alpha channel', () => {
    const rgb = new pngjs.PNG({ width: 1, height: 1 });
    rgb.data = Buffer.from([10, 20, 30, 255]);
    const bytes = pngjs.PNG.sync.write(rgb, { colorType: 2 });
    expect([...decodePng(bytes, 'reference').data]).toEqual([10, 20, 30, 255]);
  });

  it('names the image and keeps the decoder error as the cause', () => {
    const error = thrown(() => decodePng(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'reference'));
    expect(error).toBeInstanceOf(TmuxShotError);
    // pngjs 7's own words (its typo included) for a PNG cut off after the signature's first 4 bytes.
    const pngjsMessage = 'There are some read requests waitng on finished stream';
    expect(error.message).toBe(`The reference screenshot is not a valid PNG: it is cut short or corrupt (4 bytes; the decoder says: ${pngjsMessage}).`);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toBe(pngjsMessage);
  });

  it('says what the bytes are instead: a PNG cut short, a Git LFS pointer, an empty file, something else', () => {
    const whole = png(solid(3, 2, [1, 2, 3]));
    const message = (bytes: Uint8Array) => thrown(() => decodePng(bytes, 'reference')).message;
    expect(message(whole.subarray(0, 40))).toBe(
      'The reference screenshot is not a valid PNG: it is cut short or corrupt (40 bytes; the decoder says: There are some read requests waitng on finished stream).',
    );
    const pointer = 'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234\n';
    expect(message(new TextEncoder().encode(pointer))).toBe(
      'The reference screenshot is not a valid PNG: it is a Git LFS pointer (69 bytes), not the image; fetch the images with `git lfs pull`.',
    );
    expect(message(new Uint8Array())).toBe('The reference screenshot is not a valid PNG: the file is empty.');
    expect(message(new TextEncoder().encode('<<<<<<< HEAD'))).toBe(
      'The reference screenshot is not a valid PNG: its 12 bytes do not start with the PNG signature.',
    );
  });
});
