/** Plain geometry and colour shapes shared by every stage. */

/** A terminal size in cells. */
export interface Size {
  /** Columns (cells across). */
  cols: number;
  /** Rows (cells down). */
  rows: number;
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
