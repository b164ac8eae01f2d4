/**
 * A screen snapshot as a short ASCII string, stored in each baseline PNG (tEXt chunk
 * {@link SCREEN_TEXT_KEY}) so a later failure can say which cells changed and how
 * (`row 4 col 10: 'a' -> 'b'`), not just where pixels differ. Deflated JSON in base64: about
 * 0.5–2 KB for 80×24, a small share of the PNG.
 *
 * Rows are runs of cells that share one style; a style is stored once in a table. A wide
 * character's right half (width 0) is implied by the wide cell before it.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DEFAULT_MODES } from '../snapshot.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** The tEXt key of the encoded screen. */
export const SCREEN_TEXT_KEY = 'tmux-shot:screen';

/** A cell without its character and width. */
type Style = Omit<Cell, 'chars' | 'width'>;

/** A cell in a run: its characters, or `[chars]` for a wide (2-cell) character. */
type CellToken = string | [string];

interface EncodedScreen {
  v: 1;
  cols: number;
  rows: number;
  cursor: [col: number, row: number, visible: boolean];
  alt: boolean;
  styles: Style[];
  /** Per row: runs of `[style index, ...cells]`. */
  grid: [number, ...CellToken[]][][];
}

function styleOf(cell: Cell): Style {
  const { chars: _chars, width: _width, ...style } = cell;
  return style;
}

function encodeRow(row: readonly Cell[], styleIndex: (style: Style) => number): [number, ...CellToken[]][] {
  const runs: [number, ...CellToken[]][] = [];
  for (const cell of row) {
    if (cell.width === 0) continue;
    const index = styleIndex(styleOf(cell));
    const token: CellToken = cell.width === 2 ? [cell.chars] : cell.chars;
    const last = runs[runs.length - 1];
    if (last && last[0] === index) last.push(token);
    else runs.push([index, token]);
  }
  return runs;
}

/** `snapshot` as deflated JSON in base64 (ASCII, so it fits a PNG tEXt chunk). */
export function encodeScreen(snapshot: ScreenSnapshot): string {
  const styles: Style[] = [];
  const keys = new Map<string, number>();
  const styleIndex = (style: Style): number => {
    const key = JSON.stringify(style);
    let index = keys.get(key);
    if (index === undefined) keys.set(key, (index = styles.push(style) - 1));
    return index;
  };
  const encoded: EncodedScreen = {
    v: 1,
    cols: snapshot.cols,
    rows: snapshot.rows,
    cursor: [snapshot.cursor.col, snapshot.cursor.row, snapshot.cursor.visible],
    alt: snapshot.alternateScreen,
    styles,
    grid: snapshot.cells.map((row) => encodeRow(row, styleIndex)),
  };
  return deflateRawSync(JSON.stringify(encoded)).toString('base64');
}

function decodeRow(runs: readonly [number, ...CellToken[]][], styles: readonly Style[]): Cell[] {
  const cells: Cell[] = [];
  for (const [index, ...tokens] of runs) {
    const style = styles[index];
    if (!style) throw new Error(`style ${index} missing`);
    for (const token of tokens) {
      if (typeof token === 'string') cells.push({ ...style, chars: token, width: 1 });
      else cells.push({ ...style, chars: token[0], width: 2 }, { ...style, chars: '', width: 0 });
    }
  }
  return cells;
}

/**
 * The snapshot {@link encodeScreen} stored, or undefined when `text` is not one (missing, from
 * another version, damaged): callers then fall back to pixel positions.
 */
export function decodeScreen(text: string | undefined): ScreenSnapshot | undefined {
  if (text === undefined) return undefined;
  try {
    const encoded = JSON.parse(inflateRawSync(Buffer.from(text, 'base64')).toString('utf8')) as EncodedScreen;
    if (encoded.v !== 1) return undefined;
    const [col, row, visible] = encoded.cursor;
    return {
      cols: encoded.cols,
      rows: encoded.rows,
      cells: encoded.grid.map((runs) => decodeRow(runs, encoded.styles)),
      // The PNG stores neither the cursor's looks, the title nor other modes: they read as a new terminal's.
      cursor: { col, row, visible, shape: 'block', blinking: false },
      alternateScreen: encoded.alt,
      title: '',
      modes: { ...DEFAULT_MODES, alternateScreen: encoded.alt },
    };
  } catch {
    return undefined;
  }
}
