/**
 * The pixel comparator: the only importer of pixelmatch. Takes two RGBA images and returns the
 * mismatch count, a diff image and a per-pixel mismatch mask. A size change is a result, not an
 * error: both images are compared over their common top-left area and every pixel outside it is
 * a mismatch. Also cuts rectangles out of images (the common area here, `region` screenshots in
 * the Vitest plugin).
 */
import pixelmatch from 'pixelmatch';
import { DIFF_IMAGE } from '../defaults.js';
import { TmuxShotError } from '../errors.js';
import type { PixelRect, RgbaImage } from '../geometry.js';
import { resolveComparatorOptions } from './options.js';

/** Width and height of an image, in px. */
export interface ImageSize {
  widthPx: number;
  heightPx: number;
}

/**
 * Options of {@link comparePixels}; names follow Vitest's pixelmatch `comparatorOptions`, and
 * `threshold` and `includeAA` default as in {@link resolveComparatorOptions}.
 */
export interface ComparePixelsOptions {
  /** Colour threshold 0–1 (pixelmatch's OKLab HyAB distance). @default 0 */
  threshold?: number;
  /** Count anti-aliased-looking pixels as mismatches. @default true */
  includeAA?: boolean;
  /** Pixel rects left out of the comparison (drawn grey in the diff). Parts outside the common area are ignored. */
  mask?: readonly PixelRect[];
}

/** What {@link comparePixels} found. */
export interface PixelComparison {
  /** Mismatched pixels, including every pixel outside the common area when the sizes differ. */
  mismatchedPixels: number;
  /** `mismatchedPixels` divided by the diff image's area (0–1). */
  ratio: number;
  /**
   * The reference in faint grey with mismatches in `DIFF_IMAGE.diffColor`; as large as the larger of
   * both images in each direction, its padding painted as mismatched.
   */
  diff: RgbaImage;
  /** One byte per diff pixel: 1 where the pixel counts as mismatched, else 0. */
  mismatchMask: Uint8Array;
  /** Present only when the two images differ in size. */
  sizeMismatch?: { reference: ImageSize; actual: ImageSize };
}

/** pixelmatch views the data as 32-bit words, which needs a 4-byte-aligned offset (Buffers from a pool may not be). */
function aligned(data: Uint8Array): Uint8Array {
  return data.byteOffset % 4 === 0 ? data : data.slice();
}

function checkImage(image: RgbaImage, label: string): void {
  if (image.data.length !== image.widthPx * image.heightPx * 4) {
    throw new TmuxShotError(
      `The ${label} image claims ${image.widthPx}×${image.heightPx} px but holds ${image.data.length} bytes ` +
        `(expected ${image.widthPx * image.heightPx * 4}).`,
    );
  }
}

function ignoreMaskOf(mask: readonly PixelRect[] | undefined, widthPx: number, heightPx: number): Uint8Array | undefined {
  if (!mask?.length) return undefined;
  const ignore = new Uint8Array(widthPx * heightPx);
  for (const rect of mask) {
    const x0 = Math.max(0, rect.xPx);
    const x1 = Math.min(widthPx, rect.xPx + rect.widthPx);
    for (let y = Math.max(0, rect.yPx); y < Math.min(heightPx, rect.yPx + rect.heightPx); y++) {
      if (x1 > x0) ignore.fill(1, y * widthPx + x0, y * widthPx + x1);
    }
  }
  return ignore;
}

/** Compares the common area; returns pixelmatch's count and its diff image. */
function compareCommon(reference: RgbaImage, actual: RgbaImage, size: ImageSize, options: ComparePixelsOptions) {
  const { threshold, includeAA } = resolveComparatorOptions({ threshold: options.threshold, includeAA: options.includeAA });
  const diff = new Uint8Array(size.widthPx * size.heightPx * 4);
  if (size.widthPx === 0 || size.heightPx === 0) return { count: 0, diff };
  const whole = { xPx: 0, yPx: 0, ...size };
  const same = reference.widthPx === actual.widthPx && reference.heightPx === actual.heightPx;
  const count = pixelmatch(
    aligned(same ? reference.data : cropImage(reference, whole).data),
    aligned(same ? actual.data : cropImage(actual, whole).data),
    diff,
    size.widthPx,
    size.heightPx,
    {
      threshold,
      includeAA,
      alpha: DIFF_IMAGE.alpha,
      diffColor: [...DIFF_IMAGE.diffColor],
      ignoreMask: ignoreMaskOf(options.mask, size.widthPx, size.heightPx),
    },
  );
  return { count, diff };
}

/** Places the common-area diff top-left in a `full`-sized image whose other pixels are painted as mismatched. */
function padDiff(diff: Uint8Array, common: ImageSize, full: ImageSize): Uint8Array {
  const padded = new Uint8Array(full.widthPx * full.heightPx * 4);
  const [red, green, blue] = DIFF_IMAGE.diffColor;
  for (let i = 0; i < padded.length; i += 4) {
    padded[i] = red;
    padded[i + 1] = green;
    padded[i + 2] = blue;
    padded[i + 3] = 255;
  }
  const rowBytes = common.widthPx * 4;
  for (let y = 0; y < common.heightPx; y++) {
    padded.set(diff.subarray(y * rowBytes, (y + 1) * rowBytes), y * full.widthPx * 4);
  }
  return padded;
}

/**
 * pixelmatch paints counted mismatches in `diffColor` and every other pixel grey (r = g = b) or,
 * for anti-aliasing it excluded, yellow; padding is painted in `diffColor` too. So the colour
 * tells exactly which pixels count.
 */
function mismatchMaskOf(diff: Uint8Array): Uint8Array {
  const [red, green, blue] = DIFF_IMAGE.diffColor;
  const mask = new Uint8Array(diff.length / 4);
  for (let i = 0; i < mask.length; i++) {
    const at = i * 4;
    mask[i] = diff[at] === red && diff[at + 1] === green && diff[at + 2] === blue ? 1 : 0;
  }
  return mask;
}

/**
 * Compares `actual` with `reference` pixel by pixel (pixelmatch 8, mapbox/pixelmatch), following
 * the shape of Vitest's pixelmatch comparator, except that a size change yields a padded result
 * instead of a bare failure.
 *
 * @throws {TmuxShotError} when an image's data length does not match its size.
 * @throws {ConfigError} when `threshold` is not a number from 0 to 1 or `includeAA` not a boolean.
 */
export function comparePixels(reference: RgbaImage, actual: RgbaImage, options: ComparePixelsOptions = {}): PixelComparison {
  checkImage(reference, 'reference');
  checkImage(actual, 'actual');
  const common = { widthPx: Math.min(reference.widthPx, actual.widthPx), heightPx: Math.min(reference.heightPx, actual.heightPx) };
  const full = { widthPx: Math.max(reference.widthPx, actual.widthPx), heightPx: Math.max(reference.heightPx, actual.heightPx) };
  const { count, diff } = compareCommon(reference, actual, common, options);
  const sameSize = common.widthPx === full.widthPx && common.heightPx === full.heightPx;
  const padded = sameSize ? diff : padDiff(diff, common, full);
  const area = full.widthPx * full.heightPx;
  const mismatchedPixels = count + area - common.widthPx * common.heightPx;
  return {
    mismatchedPixels,
    ratio: area === 0 ? 0 : mismatchedPixels / area,
    diff: { ...full, data: padded },
    mismatchMask: mismatchMaskOf(padded),
    ...(sameSize
      ? {}
      : {
          sizeMismatch: {
            reference: { widthPx: reference.widthPx, heightPx: reference.heightPx },
            actual: { widthPx: actual.widthPx, heightPx: actual.heightPx },
          },
        }),
  };
}

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
