/** Hand-built screen snapshots for render tests. */

import { BLANK_CELL, DEFAULT_MODES } from '../../../src/snapshot.js';
import type { Cell, Color, Cursor, ScreenSnapshot } from '../../../src/snapshot.js';

/** A blank cell with default colours and no attributes, with `overrides` applied. */
export function cell(overrides: Partial<Cell> = {}): Cell {
  return { ...BLANK_CELL, ...overrides };
}

export const palette = (index: number): Color => ({ kind: 'palette', index });
export const rgb = (r: number, g: number, b: number): Color => ({ kind: 'rgb', r, g, b });

/** East Asian Wide / emoji ranges, enough for the characters the tests use. */
function isWide(grapheme: string): boolean {
  const cp = grapheme.codePointAt(0)!;
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Builds a snapshot cell by cell; rows start blank and the cursor hidden at (0, 0). */
export class ScreenBuilder {
  private readonly rows: Cell[][];
  private cursor: Cursor = { col: 0, row: 0, visible: false, shape: 'block', blinking: false };

  constructor(
    readonly cols: number,
    readonly rowCount: number,
  ) {
    this.rows = Array.from({ length: rowCount }, () => Array.from({ length: cols }, () => cell()));
  }

  /** Writes `text` from (`col`, `row`), one grapheme a cell (two for wide ones), with `attrs`. */
  text(col: number, row: number, text: string, attrs: Partial<Cell> = {}): this {
    let x = col;
    for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
      const wide = isWide(segment);
      this.rows[row]![x] = cell({ ...attrs, chars: segment, width: wide ? 2 : 1 });
      if (wide) this.rows[row]![x + 1] = cell({ ...attrs, chars: '', width: 0 });
      x += wide ? 2 : 1;
    }
    return this;
  }

  /** Sets one cell. */
  set(col: number, row: number, overrides: Partial<Cell>): this {
    this.rows[row]![col] = cell(overrides);
    return this;
  }

  cursorAt(col: number, row: number, visible = true): this {
    this.cursor = { ...this.cursor, col, row, visible };
    return this;
  }

  build(): ScreenSnapshot {
    return {
      cols: this.cols,
      rows: this.rowCount,
      cells: this.rows.map((r) => [...r]),
      cursor: { ...this.cursor },
      alternateScreen: false,
      title: '',
      modes: DEFAULT_MODES,
    };
  }
}
