/** PNG bytes → RGBA pixels: the only use of pngjs in the core. */
import pngjs from 'pngjs';
import { TmuxShotError } from '../errors.js';
import type { RgbaImage } from '../geometry.js';

/**
 * Decodes PNG bytes (any colour type and bit depth; 16-bit channels are scaled to 8) into a
 * non-premultiplied RGBA image.
 *
 * @param label - names the image in the error message ("reference", "actual").
 * @throws {TmuxShotError} when the bytes are not a valid PNG; the pngjs error is the `cause`.
 */
export function decodePng(png: Uint8Array, label: string): RgbaImage {
  try {
    const decoded = pngjs.PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    return { widthPx: decoded.width, heightPx: decoded.height, data: new Uint8Array(decoded.data) };
  } catch (cause) {
    throw new TmuxShotError(
      `The ${label} screenshot is not a valid PNG (${png.byteLength} bytes; ${(cause as Error).message}).`,
      { cause },
    );
  }
}
