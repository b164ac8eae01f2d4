/** Plain geometry and colour shapes shared by every stage, and the one check of a terminal size. */
import { TERMINAL } from './defaults.js';
import { ConfigError, describeValue } from './errors.js';

/** A terminal size in cells. */
export interface Size {
  /** Columns (cells across). */
  cols: number;
  /** Rows (cells down). */
  rows: number;
}

/** One cell's position: 0-based `col` (left to right) and `row` (top to bottom). */
export interface CellPosition {
  col: number;
  row: number;
}

/** A rectangle of cells; `col`/`row` are 0-based, `cols`/`rows` its extent in cells. */
export interface CellRect {
  col: number;
  row: number;
  cols: number;
  rows: number;
}

/** A rectangle of image pixels; `xPx`/`yPx` are 0-based from the top-left corner. */
export interface PixelRect {
  xPx: number;
  yPx: number;
  widthPx: number;
  heightPx: number;
}

/** An sRGB colour, each channel 0–255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A non-premultiplied RGBA image, 4 bytes a pixel, rows top to bottom. */
export interface RgbaImage {
  /** Width in pixels. */
  widthPx: number;
  /** Height in pixels. */
  heightPx: number;
  /** `widthPx * heightPx * 4` bytes. */
  data: Uint8Array;
}

/**
 * `{ cols, rows }` when both are whole cells within `TERMINAL`'s limits (2–1000 each).
 * @throws {ConfigError} otherwise, naming what it got.
 */
export function checkSize(cols: unknown, rows: unknown): Size {
  for (const [name, value] of [
    ['cols', cols],
    ['rows', rows],
  ] as const) {
    if (typeof value !== 'number') throw new ConfigError(`${name} must be a whole number of cells from 2 to 1000; got ${describeValue(value)}.`);
  }
  const size = { cols: cols as number, rows: rows as number };
  const ok = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  if (ok(size.cols, TERMINAL.minCols, TERMINAL.maxCols) && ok(size.rows, TERMINAL.minRows, TERMINAL.maxRows)) return size;
  throw new ConfigError(
    `Invalid terminal size ${size.cols}x${size.rows}: cols must be whole numbers from ${TERMINAL.minCols} to ` +
      `${TERMINAL.maxCols} and rows from ${TERMINAL.minRows} to ${TERMINAL.maxRows}.`,
  );
}
