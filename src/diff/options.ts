/** Comparator options (Vitest's names), their defaults, and their one merge. */
import { ConfigError, describeValue } from '../errors.js';

/**
 * Every option of `T` named, with its default or `undefined` where the option is off unless given
 * (a limit with no default): unlike `Required<T>`, it allows such options and still does not
 * compile when one is left out.
 */
type Defaults<T> = { [K in keyof Required<T>]: T[K] };

/**
 * How exact a screenshot comparison is. Names and meaning follow Vitest's `toMatchScreenshot`
 * `comparatorOptions` for pixelmatch, plus `allowedMismatchedCells`. Every limit given must hold;
 * when none is given, 0 mismatched pixels are allowed.
 */
export interface ComparatorOptions {
  /** Colour threshold 0–1 (pixelmatch OKLab HyAB distance). @default 0 */
  threshold?: number;
  /** Count anti-aliased-looking pixels as mismatches. @default true */
  includeAA?: boolean;
  /** Most mismatched pixels that pass. @default 0 when no other limit is given, else no pixel limit */
  allowedMismatchedPixels?: number;
  /** Most mismatched pixels as a share of the image area, 0–1. @default undefined (no ratio limit) */
  allowedMismatchedPixelRatio?: number;
  /**
   * Most cells containing at least one mismatched pixel (needs the renderer's cell metrics).
   * Reads naturally for terminals: `1` tolerates one changed character. @default undefined (no cell limit)
   */
  allowedMismatchedCells?: number;
}

/**
 * Screenshot comparison (src/diff/), with Vitest's `toMatchScreenshot` comparator option names.
 * Stricter than Vitest's defaults on purpose: our PNGs are rendered from cells with bundled fonts,
 * so the same screen gives the same bytes, and one changed character is only ≈ 40–55 pixels
 * (≈ 0.01 % of an 80×24 image) — any tolerance hides real regressions.
 */
export const COMPARE = {
  /**
   * pixelmatch colour threshold, 0–1 (OKLab HyAB distance; 1 is black vs white). 0 means any
   * colour change counts: 0.1 (Vitest's default) reports ANSI white #e5e5e5 vs bright white
   * #ffffff as equal. @default 0
   */
  threshold: 0,
  /**
   * Count pixels that pixelmatch classifies as anti-aliasing as mismatches. Measured here with
   * DejaVu Sans Mono 15 px: with `false`, '.' → ',' counted 1 pixel instead of 12 and 'l' → 'I'
   * 13 instead of 49. @default true
   */
  includeAA: true,
  /**
   * Most mismatched pixels that still pass. Applies only when none of `allowedMismatchedPixels`,
   * `allowedMismatchedPixelRatio`, `allowedMismatchedCells` is given (as in Vitest, where no limit
   * means 0). @default 0
   */
  allowedMismatchedPixels: 0,
  /** No limit on the share of mismatched pixels unless given. @default undefined */
  allowedMismatchedPixelRatio: undefined,
  /** No limit on mismatched cells unless given. @default undefined */
  allowedMismatchedCells: undefined,
} as const satisfies Defaults<ComparatorOptions>;

/** {@link ComparatorOptions} with defaults applied; an undefined limit is not checked. */
export interface ResolvedComparatorOptions {
  threshold: number;
  includeAA: boolean;
  allowedMismatchedPixels: number | undefined;
  allowedMismatchedPixelRatio: number | undefined;
  allowedMismatchedCells: number | undefined;
}

function checkRange(name: string, value: number | undefined, max: number): void {
  if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= max)) {
    throw new ConfigError(`${name} must be a number from 0 to ${max}, got ${describeValue(value)}.`);
  }
}

/**
 * Applies the `COMPARE` defaults to `options`.
 *
 * @throws {ConfigError} when `threshold` or `allowedMismatchedPixelRatio` is outside 0–1 or not a
 *   number, a count is negative or not a number, or `includeAA` is not a boolean.
 */
export function resolveComparatorOptions(options: ComparatorOptions = {}): ResolvedComparatorOptions {
  const { allowedMismatchedPixels, allowedMismatchedPixelRatio, allowedMismatchedCells } = options;
  checkRange('threshold', options.threshold, 1);
  checkRange('allowedMismatchedPixelRatio', allowedMismatchedPixelRatio, 1);
  checkRange('allowedMismatchedPixels', allowedMismatchedPixels, Number.MAX_SAFE_INTEGER);
  checkRange('allowedMismatchedCells', allowedMismatchedCells, Number.MAX_SAFE_INTEGER);
  if (options.includeAA !== undefined && typeof options.includeAA !== 'boolean') {
    throw new ConfigError(`includeAA must be true or false, got ${describeValue(options.includeAA)}.`);
  }
  const noLimit = allowedMismatchedPixels === undefined && allowedMismatchedPixelRatio === undefined && allowedMismatchedCells === undefined;
  return {
    threshold: options.threshold ?? COMPARE.threshold,
    includeAA: options.includeAA ?? COMPARE.includeAA,
    allowedMismatchedPixels: noLimit ? COMPARE.allowedMismatchedPixels : allowedMismatchedPixels,
    allowedMismatchedPixelRatio,
    allowedMismatchedCells,
  };
}
