/** PNG bytes → RGBA pixels: the only use of pngjs in the core. */
import { createRequire } from 'node:module';
import { TmuxShotError } from '../errors.js';
import type { RgbaImage } from '../geometry.js';

const require = createRequire(import.meta.url);
type Pngjs = typeof import('pngjs');
let pngjs: Pngjs | undefined;
/** pngjs (22 modules), loaded with the first PNG decoded so that importing tmux-shot/vitest stays cheap. */
const loadPngjs = (): Pngjs => (pngjs ??= require('pngjs') as Pngjs);

/**
 * Decodes PNG bytes (any colour type and bit depth; 16-bit channels are scaled to 8) into a
 * non-premultiplied RGBA image.
 *
 * @param label - names the image in the error message ("reference", "actual").
 * @throws {TmuxShotError} when the bytes are not a valid PNG; the pngjs error is the `cause`.
 */
export function decodePng(png: Uint8Array, label: string): RgbaImage {
  try {
    const decoded = loadPngjs().PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    return { widthPx: decoded.width, heightPx: decoded.height, data: new Uint8Array(decoded.data) };
  } catch (cause) {
    throw new TmuxShotError(`The ${label} screenshot is not a valid PNG: ${whatIsWrong(png, cause as Error)}.`, { cause });
  }
}

/** The 8 bytes every PNG starts with (PNG specification, 5.2). */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** How a Git LFS pointer file starts: the image itself was never fetched. */
const LFS_POINTER = 'version https://git-lfs';

/** What the bytes are instead of a PNG, in words; the decoder's message for a broken PNG. */
function whatIsWrong(png: Uint8Array, cause: Error): string {
  const size = `${png.byteLength} bytes`;
  if (Buffer.from(png.subarray(0, LFS_POINTER.length)).toString('latin1') === LFS_POINTER) {
    return `it is a Git LFS pointer (${size}), not the image; fetch the images with \`git lfs pull\``;
  }
  if (png.byteLength === 0) return 'the file is empty';
  const signed = SIGNATURE.every((byte, i) => i >= png.byteLength || png[i] === byte);
  if (!signed) return `its ${size} do not start with the PNG signature`;
  return `it is cut short or corrupt (${size}; the decoder says: ${cause.message})`;
}
