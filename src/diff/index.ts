/** Pure screenshot comparison: pixel comparator, cell diff, masks and the update-mode decision. */
export type { CellPixelMetrics, CellPosition } from './cell-pixels.js';
export { cellRectToPixelRect, mismatchedCells } from './cell-pixels.js';
export type { CellChange, CellField } from './cell-diff.js';
export { diffCells } from './cell-diff.js';
export type { ComparePixelsOptions, ImageSize, PixelComparison } from './compare-pixels.js';
export { comparePixels, cropImage } from './compare-pixels.js';
export type { DecideOutcomeInput, ScreenshotComparison, ScreenshotOutcome, UpdateMode } from './decide-outcome.js';
export { decideOutcome } from './decide-outcome.js';
export { decodePng } from './decode-png.js';
export type { FormatCellDiffOptions } from './format-cell-diff.js';
export { formatCellDiff, formatRanges } from './format-cell-diff.js';
export { maskFromText } from './mask-from-text.js';
export type { ComparatorOptions, MeasuredMismatch, ResolvedComparatorOptions, ToleranceViolation } from './tolerances.js';
export { checkTolerances, describeViolation, resolveComparatorOptions } from './tolerances.js';
