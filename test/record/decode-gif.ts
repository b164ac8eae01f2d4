/** Test helpers: decode the GIFs we write with omggif, and read what it does not expose (comments). */
import omggif from 'omggif';
import type { GifFrameInfo } from 'omggif';

/** A decoded GIF: its frames' records and the canvas after each frame. */
export interface DecodedGif {
  width: number;
  height: number;
  loopCount: number | null;
  frames: GifFrameInfo[];
  /** RGBA of the whole canvas after each frame was drawn over the previous ones (disposal 1). */
  canvases: Uint8Array[];
}

/** Decodes every frame of `gif`, compositing them as a browser does with disposal 1. */
export function decodeGif(gif: Uint8Array): DecodedGif {
  const reader = new omggif.GifReader(gif);
  const canvas = new Uint8Array(reader.width * reader.height * 4);
  const frames: GifFrameInfo[] = [];
  const canvases: Uint8Array[] = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    frames.push(reader.frameInfo(i));
    reader.decodeAndBlitFrameRGBA(i, canvas);
    canvases.push(canvas.slice());
  }
  return { width: reader.width, height: reader.height, loopCount: reader.loopCount(), frames, canvases };
}

/** The RGB of pixel (x, y) of an RGBA canvas `width` pixels wide. */
export function rgbAt(canvas: Uint8Array, width: number, x: number, y: number): [number, number, number] {
  const i = (y * width + x) * 4;
  return [canvas[i]!, canvas[i + 1]!, canvas[i + 2]!];
}

/** Skips data sub-blocks starting at `p`; returns the offset after the terminator and the data. */
function readSubBlocks(gif: Uint8Array, p: number): [number, number[]] {
  const data: number[] = [];
  while (gif[p] !== 0) {
    const size = gif[p]!;
    data.push(...gif.subarray(p + 1, p + 1 + size));
    p += size + 1;
  }
  return [p + 1, data];
}

/** The text of every comment extension (GIF89a § 24), walking the blocks in order. */
export function gifComments(gif: Uint8Array): string[] {
  const tableBytes = (packed: number): number => (packed & 0x80 ? 3 << ((packed & 7) + 1) : 0);
  let p = 13 + tableBytes(gif[10]!);
  const comments: string[] = [];
  while (p < gif.length && gif[p] !== 0x3b) {
    if (gif[p] === 0x21) {
      const label = gif[p + 1];
      const [next, data] = readSubBlocks(gif, label === 0xff || label === 0xf9 ? p + 2 + 1 + gif[p + 2]! : p + 2);
      if (label === 0xfe) comments.push(new TextDecoder().decode(new Uint8Array(data)));
      p = next;
    } else {
      p += 10 + tableBytes(gif[p + 9]!) + 1; // image descriptor, local table, LZW minimum code size
      [p] = readSubBlocks(gif, p);
    }
  }
  return comments;
}
