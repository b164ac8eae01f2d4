/** Cutting rectangles out of RGBA images (for `region` screenshots). */
import { TmuxShotError } from '../errors.js';
import type { RgbaImage } from '../geometry.js';
import type { PixelRect } from './cell-pixels.js';

/**
 * Copies `rect` out of `image` into a new image of `rect.widthPx × rect.heightPx`.
 *
 * @throws {TmuxShotError} when `rect` is empty or not wholly inside the image.
 */
export function cropImage(image: RgbaImage, rect: PixelRect): RgbaImage {
  const { xPx, yPx, widthPx, heightPx } = rect;
  if (widthPx <= 0 || heightPx <= 0 || xPx < 0 || yPx < 0 || xPx + widthPx > image.widthPx || yPx + heightPx > image.heightPx) {
    throw new TmuxShotError(
      `Cannot crop ${widthPx}×${heightPx} px at (${xPx}, ${yPx}) from a ${image.widthPx}×${image.heightPx} px image: ` +
        `the region must lie inside the screen.`,
    );
  }
  const data = new Uint8Array(widthPx * heightPx * 4);
  const rowBytes = widthPx * 4;
  for (let y = 0; y < heightPx; y++) {
    const from = ((yPx + y) * image.widthPx + xPx) * 4;
    data.set(image.data.subarray(from, from + rowBytes), y * rowBytes);
  }
  return { widthPx, heightPx, data };
}
