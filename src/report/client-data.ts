/**
 * The data the report's script reads (pure): screens for the cell inspector, each screenshot's
 * cell changes, each recording's frames. Serialized compactly: styles and rows are pooled across
 * every screen of the report (a recording's frames share most rows), a cell is its characters
 * alone when it is one cell wide in the style of the cell before it.
 */
import type { InspectedScreen, InspectedStyle } from '../render/inspect.js';

/** A style: stored fg, bg, underline colour; drawn fg, bg; attributes joined with `, `. */
export type ClientStyle = readonly [fg: string, bg: string, underlineColor: string, fgDrawn: string, bgDrawn: string, attributes: string];

/** A cell: its characters (width 1, the previous cell's style; the first cell of a row has style 0), or all three fields. */
export type ClientCell = string | readonly [chars: string, width: 0 | 1 | 2, style: number];

/** A screen: its grid in the PNG `[xPx, yPx, cellWidthPx, cellHeightPx]`, cursor `[col, row, visible 0/1]`, and its rows as indexes into {@link ClientData.rows}. */
export interface ClientScreen {
  readonly cols: number;
  readonly rows: number;
  readonly grid: readonly [number, number, number, number];
  readonly cursor: readonly [number, number, 0 | 1];
  readonly r: readonly number[];
}

/** A screenshot failure: its screens, and per changed cell (`"row,col"`) what changed. */
export interface ClientShot {
  readonly reference: number | null;
  readonly actual: number | null;
  readonly changes: Readonly<Record<string, string>>;
}

/** A frame of a recording: its time (ms, and as the page writes it), its picture (an `<img>` of the page, by id), where it goes, and its screen. */
export interface ClientFrame {
  readonly atMs: number;
  readonly time: string;
  readonly key: boolean;
  readonly img: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly screen: number;
}

/** Everything the script reads, in one `<script type="application/json">`. */
export interface ClientData {
  readonly styles: readonly ClientStyle[];
  readonly rows: readonly (readonly ClientCell[])[];
  readonly screens: readonly ClientScreen[];
  readonly shots: readonly ClientShot[];
  readonly recordings: readonly (readonly ClientFrame[])[];
}

function styleTuple(style: InspectedStyle): ClientStyle {
  return [style.fg, style.bg, style.underlineColor, style.fgDrawn, style.bgDrawn, style.attributes.join(', ')];
}

/** Pools styles, rows and screens as they are added; {@link ScreenPool.add} returns a screen's index. */
export class ScreenPool {
  readonly styles: ClientStyle[] = [];
  readonly rows: ClientCell[][] = [];
  readonly screens: ClientScreen[] = [];
  private readonly styleIndex = new Map<string, number>();
  private readonly rowIndex = new Map<string, number>();

  /** Adds `screen` (its styles and rows pooled) and returns its index in {@link ScreenPool.screens}. */
  add(screen: InspectedScreen): number {
    const styles = screen.styles.map((style) => this.intern(this.styles, this.styleIndex, styleTuple(style)));
    const r = screen.cells.map((cells) => this.intern(this.rows, this.rowIndex, encodeRow(cells, styles)));
    const { xPx, yPx, cellWidthPx, cellHeightPx } = screen.grid;
    const { col, row, visible } = screen.cursor;
    this.screens.push({ cols: screen.cols, rows: screen.rows, grid: [xPx, yPx, cellWidthPx, cellHeightPx], cursor: [col, row, visible ? 1 : 0], r });
    return this.screens.length - 1;
  }

  private intern<T>(list: T[], index: Map<string, number>, value: T): number {
    const key = JSON.stringify(value);
    let at = index.get(key);
    if (at === undefined) {
      at = list.push(value) - 1;
      index.set(key, at);
    }
    return at;
  }
}

/** A row's cells with their styles mapped to the pool's (`styles[local] = pooled`), compacted as {@link ClientCell} says. */
export function encodeRow(cells: InspectedScreen['cells'][number], styles: readonly number[]): ClientCell[] {
  let previous = 0;
  return cells.map(([chars, width, local]) => {
    const style = styles[local] ?? 0;
    const same = width === 1 && style === previous;
    previous = style;
    return same ? chars : [chars, width, style];
  });
}
