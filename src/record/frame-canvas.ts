/**
 * The GIF's canvas: one RGBA image the size of the largest screen of the recording, redrawn
 * frame after frame by re-rendering only the rows that changed.
 */
import type { Rgb, RgbaImage } from '../geometry.js';
import { fillRect } from '../render/index.js';
import type { CellMetrics } from '../render/index.js';
import { screensEqual } from '../screen/index.js';
import { DEFAULT_MODES } from '../snapshot.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** Renders a whole snapshot, padding included, as render/'s `renderScreen` does. */
export type RenderSnapshot = (snapshot: ScreenSnapshot) => RgbaImage;

/** Pixel rows [y0, y1) of the canvas. */
export interface PixelRows {
  readonly y0: number;
  readonly y1: number;
}

const NO_CURSOR = { col: 0, row: 0, visible: false, shape: 'block', blinking: false } as const;

/** True when two rows hold equal cells (screen/'s equality, applied to one row). */
function rowsEqual(a: readonly Cell[], b: readonly Cell[]): boolean {
  const row = (cells: readonly Cell[]): ScreenSnapshot => ({
    cols: cells.length,
    rows: 1,
    cells: [cells],
    cursor: NO_CURSOR,
    alternateScreen: false,
    title: '',
    modes: DEFAULT_MODES,
  });
  return a === b || screensEqual(row(a), row(b));
}

/** Rows [from, to) of `snapshot`, the cursor kept only when it is among them. */
function band(snapshot: ScreenSnapshot, from: number, to: number): ScreenSnapshot {
  const { cursor } = snapshot;
  const inside = cursor.row >= from && cursor.row < to;
  return {
    cols: snapshot.cols,
    rows: to - from,
    cells: snapshot.cells.slice(from, to),
    cursor: inside ? { ...cursor, row: cursor.row - from } : NO_CURSOR,
    alternateScreen: snapshot.alternateScreen,
    title: snapshot.title,
    modes: snapshot.modes,
  };
}

/**
 * A canvas of `widthPx`×`heightPx` in the theme background. Each {@link FrameCanvas.draw} puts a
 * screen at its top-left corner; a smaller screen (before or after a resize) leaves the rest in
 * the background colour. Rows render independently in render/'s compositor (glyphs stay inside
 * their cell box), which is what lets unchanged rows be kept; a test compares the result with a
 * whole render.
 */
export class FrameCanvas {
  /** The current pixels. */
  readonly image: RgbaImage;
  /** The pixels as of the last {@link FrameCanvas.commit}; undefined before the first. */
  previous: RgbaImage | undefined;
  readonly #background: Rgb;
  readonly #metrics: CellMetrics;
  readonly #render: RenderSnapshot;
  #lastScreen: ScreenSnapshot | undefined;

  constructor(widthPx: number, heightPx: number, background: Rgb, metrics: CellMetrics, render: RenderSnapshot) {
    this.image = { widthPx, heightPx, data: new Uint8Array(widthPx * heightPx * 4) };
    this.#background = background;
    this.#metrics = metrics;
    this.#render = render;
  }

  /**
   * Draws `snapshot`: every row after a size change, else the rows whose cells or cursor changed.
   * @returns The pixel rows that were redrawn (they may still hold the same pixels), or null for none.
   */
  draw(snapshot: ScreenSnapshot): PixelRows | null {
    const previous = this.#lastScreen;
    this.#lastScreen = snapshot;
    if (!previous || previous.cols !== snapshot.cols || previous.rows !== snapshot.rows) {
      this.#clear();
      this.#paste(band(snapshot, 0, snapshot.rows), 0);
      return { y0: 0, y1: this.image.heightPx };
    }
    const dirty = snapshot.cells.map((cells, row) => !rowsEqual(cells, previous.cells[row]!));
    const a = previous.cursor;
    const b = snapshot.cursor;
    if (a.col !== b.col || a.row !== b.row || a.visible !== b.visible) {
      for (const row of [a.row, b.row]) if (row >= 0 && row < snapshot.rows) dirty[row] = true;
    }
    let first = -1;
    let last = -1;
    for (let row = 0; row < snapshot.rows; ) {
      if (!dirty[row]) {
        row++;
        continue;
      }
      let end = row + 1;
      while (end < snapshot.rows && dirty[end]) end++;
      this.#paste(band(snapshot, row, end), row);
      if (first < 0) first = row;
      last = end;
      row = end;
    }
    if (first < 0) return null;
    const { cellHeightPx, paddingPx } = this.#metrics;
    return { y0: paddingPx + first * cellHeightPx, y1: paddingPx + last * cellHeightPx };
  }

  /** Makes the current pixels of `rows` (everything, the first time) the {@link FrameCanvas.previous} ones. */
  commit(rows: PixelRows): void {
    if (!this.previous) {
      this.previous = { ...this.image, data: this.image.data.slice() };
      return;
    }
    const rowBytes = this.image.widthPx * 4;
    this.previous.data.set(this.image.data.subarray(rows.y0 * rowBytes, rows.y1 * rowBytes), rows.y0 * rowBytes);
  }

  #clear(): void {
    fillRect(this.image, { xPx: 0, yPx: 0, widthPx: this.image.widthPx, heightPx: this.image.heightPx }, this.#background);
  }

  /** Renders `part` and copies its cell rows (with the side padding) to grid row `row` of the canvas. */
  #paste(part: ScreenSnapshot, row: number): void {
    const { cellHeightPx, paddingPx } = this.#metrics;
    const source = this.#render(part);
    const rowBytes = source.widthPx * 4;
    const canvasRowBytes = this.image.widthPx * 4;
    for (let y = 0; y < part.rows * cellHeightPx; y++) {
      const from = (paddingPx + y) * rowBytes;
      this.image.data.set(source.data.subarray(from, from + rowBytes), (paddingPx + row * cellHeightPx + y) * canvasRowBytes);
    }
  }
}
