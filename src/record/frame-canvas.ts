/**
 * The GIF's canvas: one RGBA image the size of the largest screen of the recording, redrawn
 * frame after frame by re-rendering only the rows that changed.
 */
import type { Rgb, RgbaImage } from '../geometry.js';
import { fillRect } from '../render/index.js';
import type { CellMetrics, InkReach } from '../render/index.js';
import { screensEqual } from '../screen/index.js';
import { DEFAULT_MODES } from '../snapshot.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** Renders a whole snapshot, padding included, as render/'s `renderScreen` does. */
export type RenderSnapshot = (snapshot: ScreenSnapshot) => RgbaImage;

/** Whether a row's glyphs draw ink into the rows above and below it, as render/'s `inkReachOf` says. */
export type RowInkReach = (cells: readonly Cell[]) => InkReach;

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
 * the background colour. Only rows whose cells or cursor changed are redrawn, the others kept;
 * as a glyph's ink may reach into the row above or below (render/ cuts it off one cell height
 * beyond its cell), a changed row whose old or new ink reaches a neighbour redraws that
 * neighbour too, and rows are rendered with the neighbours whose ink reaches into them. Tests
 * compare the result with a whole render.
 */
export class FrameCanvas {
  /** The current pixels. */
  readonly image: RgbaImage;
  /** The pixels as of the last {@link FrameCanvas.commit}; undefined before the first. */
  previous: RgbaImage | undefined;
  readonly #background: Rgb;
  readonly #metrics: CellMetrics;
  readonly #render: RenderSnapshot;
  readonly #inkReach: RowInkReach;
  /** Ink reach of rows already asked about: unchanged rows keep their array from snapshot to snapshot. */
  readonly #reached = new WeakMap<readonly Cell[], InkReach>();
  #lastScreen: ScreenSnapshot | undefined;

  constructor(widthPx: number, heightPx: number, background: Rgb, metrics: CellMetrics, render: RenderSnapshot, inkReach: RowInkReach) {
    this.image = { widthPx, heightPx, data: new Uint8Array(widthPx * heightPx * 4) };
    this.#background = background;
    this.#metrics = metrics;
    this.#render = render;
    this.#inkReach = inkReach;
  }

  /**
   * Draws `snapshot`: every row after a size change, else the rows whose cells or cursor changed
   * and the rows their ink may reach.
   * @returns The pixel rows that were redrawn (they may still hold the same pixels), or null for none.
   */
  draw(snapshot: ScreenSnapshot): PixelRows | null {
    const previous = this.#lastScreen;
    this.#lastScreen = snapshot;
    if (!previous || previous.cols !== snapshot.cols || previous.rows !== snapshot.rows) {
      this.#clear();
      this.#paste(snapshot, 0, snapshot.rows);
      return { y0: 0, y1: this.image.heightPx };
    }
    const changed = snapshot.cells.map((cells, row) => !rowsEqual(cells, previous.cells[row]!));
    const a = previous.cursor;
    const b = snapshot.cursor;
    if (a.col !== b.col || a.row !== b.row || a.visible !== b.visible) {
      for (const row of [a.row, b.row]) if (row >= 0 && row < snapshot.rows) changed[row] = true;
    }
    const dirty = changed.slice();
    // Asked only for a neighbour not redrawn anyway: a screen redrawn whole asks nothing.
    const reaches = (row: number, side: keyof InkReach): boolean => this.#reach(previous.cells[row]!)[side] || this.#reach(snapshot.cells[row]!)[side];
    changed.forEach((isChanged, row) => {
      if (!isChanged) return;
      if (row > 0 && !changed[row - 1] && reaches(row, 'above')) dirty[row - 1] = true;
      if (row + 1 < snapshot.rows && !changed[row + 1] && reaches(row, 'below')) dirty[row + 1] = true;
    });
    let y0 = -1;
    let y1 = -1;
    for (let row = 0; row < snapshot.rows; ) {
      if (!dirty[row]) {
        row++;
        continue;
      }
      let end = row + 1;
      while (end < snapshot.rows && dirty[end]) end++;
      const rows = this.#paste(snapshot, row, end);
      if (y0 < 0) y0 = rows.y0;
      y1 = rows.y1;
      row = end;
    }
    return y0 < 0 ? null : { y0, y1 };
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

  #reach(cells: readonly Cell[]): InkReach {
    let reach = this.#reached.get(cells);
    if (!reach) this.#reached.set(cells, (reach = this.#inkReach(cells)));
    return reach;
  }

  /**
   * Renders rows [from, to) of `snapshot`, with the row above or below when its ink reaches into
   * them, and copies their pixel rows (with the side padding, and the top or bottom padding when
   * they reach the screen's edge) to the same place on the canvas.
   * @returns The canvas pixel rows copied.
   */
  #paste(snapshot: ScreenSnapshot, from: number, to: number): PixelRows {
    const { cellHeightPx, paddingPx } = this.#metrics;
    const first = from > 0 && this.#reach(snapshot.cells[from - 1]!).below ? from - 1 : from;
    const last = to < snapshot.rows && this.#reach(snapshot.cells[to]!).above ? to + 1 : to;
    const source = this.#render(band(snapshot, first, last));
    const y0 = from === 0 ? 0 : paddingPx + from * cellHeightPx;
    const y1 = paddingPx + to * cellHeightPx + (to === snapshot.rows ? paddingPx : 0);
    const rowBytes = source.widthPx * 4;
    const canvasRowBytes = this.image.widthPx * 4;
    for (let y = y0; y < y1; y++) {
      const at = (y - first * cellHeightPx) * rowBytes;
      this.image.data.set(source.data.subarray(at, at + rowBytes), y * canvasRowBytes);
    }
    return { y0, y1 };
  }
}
