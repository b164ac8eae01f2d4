import { describe, expect, it } from 'vitest';
import { TRANSPARENT_INDEX } from '../../src/record/color-table.js';
import { GifWriter, MAX_DELAY_CS } from '../../src/record/gif.js';
import { decodeGif, gifComments, rgbAt } from './decode-gif.js';

const BLACK = { r: 0, g: 0, b: 0 };
const GREEN = { r: 0, g: 200, b: 0 };
const WHITE = { r: 255, g: 255, b: 255 };
const T = TRANSPARENT_INDEX;

describe('GifWriter', () => {
  it('writes frames at their offsets over the previous ones, with delays, disposal 1, a loop and a comment', () => {
    const writer = new GifWriter();
    writer.addFrame({ xPx: 0, yPx: 0, widthPx: 4, heightPx: 3, indices: new Uint8Array(12).fill(1) }, 50);
    writer.addFrame({ xPx: 1, yPx: 1, widthPx: 2, heightPx: 2, indices: new Uint8Array([2, T, T, 2]) }, 7);
    const gif = writer.finish(4, 3, [BLACK, BLACK, WHITE], 'Recorded with tmux-shot.');
    expect([...gif.subarray(0, 6)]).toEqual([...new TextEncoder().encode('GIF89a')]);
    expect(gif.at(-1)).toBe(0x3b);
    const decoded = decodeGif(gif);
    expect([decoded.width, decoded.height, decoded.loopCount]).toEqual([4, 3, 0]);
    expect(decoded.frames.map((f) => [f.x, f.y, f.width, f.height, f.delay, f.disposal, f.transparent_index])).toEqual([
      [0, 0, 4, 3, 50, 1, T],
      [1, 1, 2, 2, 7, 1, T],
    ]);
    const last = decoded.canvases[1]!;
    const row = (y: number): number[][] => [0, 1, 2, 3].map((x) => rgbAt(last, 4, x, y));
    expect([row(0), row(1), row(2)]).toEqual([
      [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 0],
        [255, 255, 255],
        [0, 0, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 0],
        [0, 0, 0],
        [255, 255, 255],
        [0, 0, 0],
      ],
    ]);
    expect(gifComments(gif)).toEqual(['Recorded with tmux-shot.']);
  });

  it('writes a frame with its own colour table as a local table', () => {
    const writer = new GifWriter();
    writer.addFrame({ xPx: 0, yPx: 0, widthPx: 2, heightPx: 1, indices: new Uint8Array([1, 1]) }, 10);
    writer.addFrame({ xPx: 1, yPx: 0, widthPx: 1, heightPx: 1, indices: new Uint8Array([1]), colors: [BLACK, GREEN] }, 10);
    const decoded = decodeGif(writer.finish(2, 1, [BLACK, WHITE]));
    expect(decoded.frames.map((f) => f.has_local_palette)).toEqual([false, true]);
    expect([rgbAt(decoded.canvases[1]!, 2, 0, 0), rgbAt(decoded.canvases[1]!, 2, 1, 0)]).toEqual([
      [255, 255, 255],
      [0, 200, 0],
    ]);
  });

  it('continues a delay beyond 655.35 s in transparent 1×1 frames', () => {
    const writer = new GifWriter();
    writer.addFrame({ xPx: 0, yPx: 0, widthPx: 2, heightPx: 2, indices: new Uint8Array(4).fill(1) }, 2 * MAX_DELAY_CS + 5);
    const decoded = decodeGif(writer.finish(2, 2, [BLACK, WHITE]));
    expect(decoded.frames.map((f) => [f.x, f.y, f.width, f.height, f.delay])).toEqual([
      [0, 0, 2, 2, MAX_DELAY_CS],
      [0, 0, 1, 1, MAX_DELAY_CS],
      [0, 0, 1, 1, 5],
    ]);
    expect(decoded.canvases[2]).toEqual(decoded.canvases[0]);
  });

  it('writes the smallest colour table that holds the colours, and no comment when given none', () => {
    const writer = new GifWriter();
    writer.addFrame({ xPx: 0, yPx: 0, widthPx: 1, heightPx: 1, indices: new Uint8Array([4]) }, 10);
    const colors = [BLACK, BLACK, WHITE, GREEN, { r: 1, g: 2, b: 3 }];
    const gif = writer.finish(1, 1, colors);
    expect(gif[10]! & 0x07).toBe(2); // 2^(2+1) = 8 entries for 5 colours
    expect([...gif.subarray(13 + 4 * 3, 13 + 5 * 3)]).toEqual([1, 2, 3]);
    expect(gifComments(gif)).toEqual([]);
    expect(rgbAt(decodeGif(gif).canvases[0]!, 1, 0, 0)).toEqual([1, 2, 3]);
  });
});
