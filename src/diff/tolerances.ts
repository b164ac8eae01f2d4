/** Comparator options (Vitest's names), their defaults, and the pass/fail check against them. */
import { COMPARE } from '../defaults.js';
import { ConfigError, describeValue } from '../errors.js';

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

/** {@link ComparatorOptions} with defaults applied; an undefined limit is not checked. */
export interface ResolvedComparatorOptions {
  threshold: number;
  includeAA: boolean;
  allowedMismatchedPixels: number | undefined;
  allowedMismatchedPixelRatio: number | undefined;
  allowedMismatchedCells: number | undefined;
}

/** A limit that a comparison exceeded. */
export interface ToleranceViolation {
  tolerance: 'allowedMismatchedPixels' | 'allowedMismatchedPixelRatio' | 'allowedMismatchedCells';
  /** The allowed value. */
  limit: number;
  /** The measured value (pixels, ratio 0–1, or cells). */
  actual: number;
}

/** What a comparison measured, in the units of the limits. */
export interface MeasuredMismatch {
  mismatchedPixels: number;
  ratio: number;
  /** Cells with a mismatched pixel; undefined when no cell metrics were given. */
  mismatchedCells: number | undefined;
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

/** Every limit of `options` that `measured` exceeds (empty when the comparison passes). */
export function checkTolerances(measured: MeasuredMismatch, options: ResolvedComparatorOptions): ToleranceViolation[] {
  const checks = [
    ['allowedMismatchedPixels', options.allowedMismatchedPixels, measured.mismatchedPixels],
    ['allowedMismatchedPixelRatio', options.allowedMismatchedPixelRatio, measured.ratio],
    ['allowedMismatchedCells', options.allowedMismatchedCells, measured.mismatchedCells ?? 0],
  ] as const;
  return checks
    .filter(([, limit, actual]) => limit !== undefined && actual > limit)
    .map(([tolerance, limit, actual]) => ({ tolerance, limit: limit!, actual }));
}

/** One sentence per violation, e.g. `52 pixels differ, more than the 0 allowed (allowedMismatchedPixels).` */
export function describeViolation(violation: ToleranceViolation): string {
  const { tolerance, limit, actual } = violation;
  switch (tolerance) {
    case 'allowedMismatchedPixels':
      return `${actual} ${actual === 1 ? 'pixel differs' : 'pixels differ'}, more than the ${limit} allowed (${tolerance}).`;
    case 'allowedMismatchedPixelRatio':
      // Rounded up so a ratio just over the limit never prints as equal to it.
      return `A ratio of ${(Math.ceil(actual * 1e6) / 1e6).toFixed(6)} of the pixels differs, more than the ${limit} allowed (${tolerance}).`;
    case 'allowedMismatchedCells':
      return `${actual} ${actual === 1 ? 'cell differs' : 'cells differ'}, more than the ${limit} allowed (${tolerance}).`;
  }
}
