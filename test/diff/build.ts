/** Tiny hand-built images and snapshots for the diff tests. */
import pngjs from 'pngjs';
import type { RgbaImage } from '../../src/geometry.js';
import type { Cell, ScreenSnapshot } from '../../src/snapshot.js';
import { BLANK_CELL, DEFAULT_MODES } from '../../src/snapshot.js';

export type Rgb = readonly [number, number, number];

/** A `widthPx × heightPx` opaque image of one colour. */
export function solid(widthPx: number, heightPx: number, [r, g, b]: Rgb): RgbaImage {
  const data = new Uint8Array(widthPx * heightPx * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return { widthPx, heightPx, data };
}

/** A copy of `image` with the given pixels painted. */
export function paint(image: RgbaImage, pixels: readonly (readonly [x: number, y: number])[], [r, g, b]: Rgb): RgbaImage {
  const data = image.data.slice();
  for (const [x, y] of pixels) data.set([r, g, b, 255], (y * image.widthPx + x) * 4);
  return { ...image, data };
}

/** The RGBA bytes of one pixel. */
export function pixelAt(image: RgbaImage, x: number, y: number): number[] {
  const at = (y * image.widthPx + x) * 4;
  return [...image.data.subarray(at, at + 4)];
}

/** PNG bytes of an image (pngjs; default filters and compression unless given). */
export function png(image: RgbaImage, options: { deflateLevel?: number } = {}): Uint8Array {
  const out = new pngjs.PNG({ width: image.widthPx, height: image.heightPx });
  out.data = Buffer.from(image.data);
  return new Uint8Array(pngjs.PNG.sync.write(out, options));
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;

/** One row of cells from text: CJK and emoji take two cells, spaces are blank cells. */
export function row(text: string, cols: number, attrs: Partial<Cell> = {}): Cell[] {
  const cells: Cell[] = [];
  for (const ch of text) {
    const width = WIDE.test(ch) ? 2 : 1;
    cells.push({ ...BLANK_CELL, ...attrs, chars: ch === ' ' ? '' : ch, width });
    if (width === 2) cells.push({ ...BLANK_CELL, ...attrs, chars: '', width: 0 });
  }
  while (cells.length < cols) cells.push(BLANK_CELL);
  return cells.slice(0, cols);
}

/** A snapshot of `cols` columns with one row per line of text. */
export function snapshot(lines: readonly string[], cols: number): ScreenSnapshot {
  return {
    cols,
    rows: lines.length,
    cells: lines.map((line) => row(line, cols)),
    cursor: { col: 0, row: 0, visible: true, shape: 'block', blinking: false },
    alternateScreen: false,
    title: '',
    modes: DEFAULT_MODES,
  };
}

/** `snap` with the cell at (row, col) replaced by `patch` applied to it. */
export function withCell(snap: ScreenSnapshot, rowIndex: number, col: number, patch: Partial<Cell>): ScreenSnapshot {
  const cells = snap.cells.map((r, y) => (y === rowIndex ? r.map((c, x) => (x === col ? { ...c, ...patch } : c)) : r));
  return { ...snap, cells };
}

/** The error `fn` throws (fails the test when it throws nothing). */
export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
