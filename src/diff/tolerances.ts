/** The pass/fail check of a comparison against its resolved comparator options (options.ts). */
import type { ResolvedComparatorOptions } from './options.js';

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
