/** Pure screenshot comparison: pixel comparator, cell diff, masks and the update-mode decision. */
export { cellRectToPixelRect } from './cell-pixels.js';
export { diffCells } from './cell-diff.js';
export { cropImage } from './compare-pixels.js';
export type { ScreenshotOutcome, UpdateMode } from './decide-outcome.js';
export { decideOutcome, passesUnwritten } from './decide-outcome.js';
export { formatCellChars, formatCellDiff, formatRanges } from './format-cell-diff.js';
export { maskFromText } from './mask-from-text.js';
export type { ComparatorOptions } from './options.js';
export { resolveComparatorOptions } from './options.js';
