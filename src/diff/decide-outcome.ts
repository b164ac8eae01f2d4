/**
 * The screenshot decision: reference PNG (or none) + actual PNG + update mode → what to do. All
 * update-mode branching lives here; the caller writes files and formats the message afterwards.
 * Semantics follow Vitest 4.1's `toMatchScreenshot` (packages/browser/src/node/commands/screenshotMatcher).
 */
import { ConfigError, TmuxShotError } from '../errors.js';
import type { CellPosition, CellRect, RgbaImage } from '../geometry.js';
import type { CellPixelMetrics } from './cell-pixels.js';
import { cellRectToPixelRect, mismatchedCells } from './cell-pixels.js';
import type { PixelComparison } from './compare-pixels.js';
import { comparePixels } from './compare-pixels.js';
import { decodePng } from './decode-png.js';
import { resolveComparatorOptions } from './options.js';
import type { ComparatorOptions, ResolvedComparatorOptions } from './options.js';
import type { ToleranceViolation } from './tolerances.js';
import { checkTolerances, describeViolation } from './tolerances.js';

/**
 * Vitest's snapshot update state: `'all'` with `-u` (write missing references, rewrite failing
 * ones), `'new'` locally (write missing ones only), `'none'` in CI (write nothing).
 */
export type UpdateMode = 'all' | 'new' | 'none';

/** Input of {@link decideOutcome}. */
export interface DecideOutcomeInput {
  /** The stored reference PNG, or undefined when there is none. */
  reference?: { png: Uint8Array } | undefined;
  /**
   * The PNG just rendered, and optionally `showsSamePixels`: whether a reference PNG shows exactly
   * these pixels, when the caller can tell that more cheaply than by encoding `png` (render/'s
   * `pngShowsImage`). It is asked first; `png` is read only when it says no or is absent, so `png`
   * may be a getter that encodes on first read.
   */
  actual: { readonly png: Uint8Array; showsSamePixels?: ((reference: Uint8Array) => boolean) | undefined };
  updateMode: UpdateMode;
  /** Tolerances, resolved against `COMPARE`. */
  comparatorOptions?: ComparatorOptions;
  /** The renderer's cell layout; required by `mask` and `allowedMismatchedCells`. */
  metrics?: CellPixelMetrics;
  /** Cell rects (screen coordinates, 0-based) left out of the comparison. */
  mask?: readonly CellRect[];
  /** The cell rect both images were cropped to, when the screenshot covers only part of the screen. */
  region?: CellRect;
}

/** A pixel comparison with the cells it touches and the limits it broke. */
export interface ScreenshotComparison extends PixelComparison {
  /** Cells with at least one mismatched pixel, sorted; undefined without `metrics`. */
  mismatchedCells: CellPosition[] | undefined;
  /** Limits exceeded; empty when within tolerance. */
  violations: ToleranceViolation[];
}

/**
 * What the caller must do. Passing kinds: `pass-byte-equal` (identical bytes, nothing decoded),
 * `pass-pixel-equal` (the actual's `showsSamePixels` says the reference shows its very pixels;
 * never rewritten, even with `-u`, as `pass`), `pass` (within tolerance; never rewritten, even with `-u`), `write-new-baseline` and
 * `update-baseline` (`'all'`: write the actual PNG as the reference). Failing kinds:
 * `write-new-baseline-and-fail` (`'new'`: write the reference, ask for review),
 * `missing-baseline-ci` (`'none'`: write nothing under `__screenshots__`, attach the actual PNG),
 * `mismatch` (attach actual and diff).
 */
export type ScreenshotOutcome =
  | { kind: 'pass-byte-equal' }
  | { kind: 'pass-pixel-equal' }
  | { kind: 'pass'; comparison: ScreenshotComparison }
  | { kind: 'write-new-baseline' }
  | { kind: 'write-new-baseline-and-fail' }
  | { kind: 'missing-baseline-ci' }
  /** `comparison` is undefined when the old reference was not a valid PNG. */
  | { kind: 'update-baseline'; comparison: ScreenshotComparison | undefined }
  | { kind: 'mismatch'; comparison: ScreenshotComparison; message: string };

/**
 * Whether an outcome passes as it is, writing nothing: `pass-byte-equal`, `pass-pixel-equal` and
 * `pass` (the kinds that write a baseline pass too, but only once it is written).
 */
export function passesUnwritten(outcome: ScreenshotOutcome): boolean {
  return outcome.kind === 'pass-byte-equal' || outcome.kind === 'pass-pixel-equal' || outcome.kind === 'pass';
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}

function checkMetricsNeeded(input: DecideOutcomeInput, options: ResolvedComparatorOptions): void {
  if (input.metrics) return;
  if (input.mask?.length) throw new ConfigError('A screenshot mask needs the cell metrics of the renderer (metrics).');
  if (options.allowedMismatchedCells !== undefined) {
    throw new ConfigError('allowedMismatchedCells needs the cell metrics of the renderer (metrics).');
  }
}

/** The decoded reference, or undefined when it is not a valid PNG and `-u` will rewrite it. */
function decodeReference(png: Uint8Array, updateMode: UpdateMode): RgbaImage | undefined {
  try {
    return decodePng(png, 'reference');
  } catch (cause) {
    if (updateMode === 'all') return undefined;
    throw new TmuxShotError(`${(cause as Error).message} Delete it, or run with -u to write it again.`, { cause });
  }
}

function compareScreenshots(reference: RgbaImage, input: DecideOutcomeInput, options: ResolvedComparatorOptions): ScreenshotComparison {
  const { metrics, region } = input;
  const mask = metrics ? input.mask?.map((rect) => cellRectToPixelRect(rect, metrics, region)) : undefined;
  const pixels = comparePixels(reference, decodePng(input.actual.png, 'actual'), { ...options, mask });
  const cells = metrics ? mismatchedCells(pixels.mismatchMask, pixels.diff.widthPx, pixels.diff.heightPx, metrics, region) : undefined;
  const violations = checkTolerances({ ...pixels, mismatchedCells: cells?.length }, options);
  return { ...pixels, mismatchedCells: cells, violations };
}

/** Vitest's comparator wording: the size sentence first, then one sentence per broken limit. */
function mismatchMessage(comparison: ScreenshotComparison): string {
  const lines = comparison.violations.map(describeViolation);
  const size = comparison.sizeMismatch;
  if (size) {
    lines.unshift(
      `Expected image dimensions to be ${size.reference.widthPx}×${size.reference.heightPx}px, ` +
        `but received ${size.actual.widthPx}×${size.actual.heightPx}px.`,
    );
  }
  return lines.join('\n');
}

/**
 * Decides what a screenshot assertion does. Cheap checks first: the same pixels told by the
 * caller (`actual.showsSamePixels`), then identical PNG bytes, pass without decoding. A size change always fails (as in Vitest), whatever the tolerances. Pure: no files,
 * no clock.
 *
 * @throws {ConfigError} when a comparator option is invalid, or a mask / `allowedMismatchedCells`
 *   comes without `metrics` (checked before anything else, so they never hide behind a passing run).
 * @throws {TmuxShotError} when the reference is not a valid PNG and `updateMode` is not `'all'`
 *   (under `'all'` it is rewritten), or the actual bytes are not a valid PNG.
 * @example
 * const outcome = decideOutcome({ reference: { png: stored }, actual: { png }, updateMode: 'new' });
 * if (outcome.kind === 'mismatch') console.log(outcome.message);
 */
export function decideOutcome(input: DecideOutcomeInput): ScreenshotOutcome {
  const options = resolveComparatorOptions(input.comparatorOptions);
  checkMetricsNeeded(input, options);
  const { reference, updateMode } = input;
  if (!reference) {
    if (updateMode === 'all') return { kind: 'write-new-baseline' };
    return { kind: updateMode === 'new' ? 'write-new-baseline-and-fail' : 'missing-baseline-ci' };
  }
  if (input.actual.showsSamePixels?.(reference.png)) return { kind: 'pass-pixel-equal' };
  if (bytesEqual(reference.png, input.actual.png)) return { kind: 'pass-byte-equal' };
  const referenceImage = decodeReference(reference.png, updateMode);
  if (!referenceImage) return { kind: 'update-baseline', comparison: undefined };
  const comparison = compareScreenshots(referenceImage, input, options);
  if (!comparison.sizeMismatch && comparison.violations.length === 0) return { kind: 'pass', comparison };
  if (updateMode === 'all') return { kind: 'update-baseline', comparison };
  return { kind: 'mismatch', comparison, message: mismatchMessage(comparison) };
}
