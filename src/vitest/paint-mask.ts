/**
 * Masked cells painted over before rendering, as Playwright and Vitest paint masked elements in
 * `#ff00ff`: the baseline shows what is ignored, and a masked clock gives the same PNG bytes on
 * every run, so the byte-equal fast path still applies. Pure.
 */
import type { CellRect } from '../geometry.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** Vitest's `maskColor` (#ff00ff), as a 24-bit cell background. */
export const MASK_COLOR = Object.freeze({ kind: 'rgb', r: 255, g: 0, b: 255 } as const);

/** A blank cell in the mask colour. */
const MASK_CELL: Cell = Object.freeze({
  chars: '',
  width: 1,
  fg: MASK_COLOR,
  bg: MASK_COLOR,
  bold: false,
  dim: false,
  italic: false,
  underline: 'none',
  underlineColor: MASK_COLOR,
  strikethrough: false,
  overline: false,
  inverse: false,
  invisible: false,
  blink: false,
});

function inside(rects: readonly CellRect[], col: number, row: number): boolean {
  return rects.some((r) => col >= r.col && col < r.col + r.cols && row >= r.row && row < r.row + r.rows);
}

/**
 * `snapshot` with every cell inside `rects` replaced by a blank cell in {@link MASK_COLOR}
 * (parts of rects outside the screen are ignored). The same object when `rects` is empty.
 */
export function paintMask(snapshot: ScreenSnapshot, rects: readonly CellRect[]): ScreenSnapshot {
  if (rects.length === 0) return snapshot;
  const cells = snapshot.cells.map((row, rowIndex) => row.map((cell, col) => (inside(rects, col, rowIndex) ? MASK_CELL : cell)));
  return { ...snapshot, cells };
}
