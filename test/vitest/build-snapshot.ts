/** Hand-built screen snapshots for the plugin's pure tests. */
import { DEFAULT_MODES } from '../../src/snapshot.js';
import type { Cell, Color, ScreenSnapshot } from '../../src/snapshot.js';

const DEFAULT: Color = { kind: 'default' };

/** A blank cell with default colours and no attributes. */
export const BLANK: Cell = {
  chars: '',
  width: 1,
  fg: DEFAULT,
  bg: DEFAULT,
  bold: false,
  dim: false,
  italic: false,
  underline: 'none',
  underlineColor: DEFAULT,
  strikethrough: false,
  overline: false,
  inverse: false,
  invisible: false,
  blink: false,
};

/** A palette colour. */
export const palette = (index: number): Color => ({ kind: 'palette', index });

/** One row from ASCII text, padded with blanks to `cols`; `styles` apply to the text's cells. */
export function row(text: string, cols: number, styles: Partial<Cell> = {}): Cell[] {
  const cells = [...text].map((ch) => ({ ...BLANK, ...styles, chars: ch === ' ' ? '' : ch }));
  while (cells.length < cols) cells.push(BLANK);
  return cells;
}

/** A snapshot whose rows are the given texts (or ready-made rows), `cols` wide. */
export function screen(rows: readonly (string | Cell[])[], cols: number): ScreenSnapshot {
  return {
    cols,
    rows: rows.length,
    cells: rows.map((r) => (typeof r === 'string' ? row(r, cols) : r)),
    cursor: { col: 0, row: 0, visible: true, shape: 'block', blinking: false },
    alternateScreen: false,
    title: '',
    modes: DEFAULT_MODES,
  };
}
