/**
 * What each cell of a screen is, and how it is drawn, as plain data for the failure report's cell
 * inspector: the stored colours and attributes, the colours painted (after bold-is-bright,
 * inverse and dim, exactly as {@link resolveCellColors} paints them) and where the grid lies in
 * the PNG. Read from the snapshot, never from pixels.
 */
import type { Rgb } from '../geometry.js';
import type { Cell, Color, ScreenSnapshot } from '../snapshot.js';
import { resolveCellColors } from './cell-colors.js';
import { cellMetricsFor } from './metrics.js';
import { resolveRenderOptions, type RenderOptions, type ResolvedRenderOptions } from './options.js';

/** One distinct style of a screen: as stored, and as drawn. */
export interface InspectedStyle {
  /** Stored foreground: `'default'`, `'palette 1'`, or `'#rrggbb'` (SGR 38). */
  readonly fg: string;
  /** Stored background, as {@link InspectedStyle.fg} (SGR 48). */
  readonly bg: string;
  /** Stored underline colour, as {@link InspectedStyle.fg} (SGR 58). */
  readonly underlineColor: string;
  /** Foreground painted, `'#rrggbb'`. */
  readonly fgDrawn: string;
  /** Background painted, `'#rrggbb'`. */
  readonly bgDrawn: string;
  /** Attributes set, by their SGR names: `bold`, `dim`, `italic`, `underline` (with its style: `underline curly`), `blink`, `inverse`, `invisible`, `strikethrough`, `overline`. */
  readonly attributes: readonly string[];
}

/**
 * One cell: `[chars, width, style index]`. `chars` is `''` for an empty cell and for the right
 * half of a wide character (width 0).
 */
export type InspectedCell = readonly [chars: string, width: 0 | 1 | 2, style: number];

/** A screen as the inspector reads it. */
export interface InspectedScreen {
  /** Size of the grid, in cells. */
  readonly cols: number;
  readonly rows: number;
  /** Where cell (0, 0) starts in the PNG and the size of one cell, in px of the PNG (padding and scale included). */
  readonly grid: { readonly xPx: number; readonly yPx: number; readonly cellWidthPx: number; readonly cellHeightPx: number };
  /** Cursor position, in cells, and whether it is shown (DECTCEM). */
  readonly cursor: { readonly col: number; readonly row: number; readonly visible: boolean };
  /** Distinct styles, each once; cells refer to them by index. */
  readonly styles: readonly InspectedStyle[];
  /** Per row, every column. */
  readonly cells: readonly (readonly InspectedCell[])[];
}

/** A stored colour as the inspector shows it: `'default'`, `'palette N'`, or `'#rrggbb'`. */
export function formatStoredColor(color: Color): string {
  switch (color.kind) {
    case 'default':
      return 'default';
    case 'palette':
      return `palette ${color.index}`;
    case 'rgb':
      return formatHex(color);
  }
}

/** `#rrggbb`, lower case. */
export function formatHex(rgb: Rgb): string {
  return `#${((1 << 24) | (rgb.r << 16) | (rgb.g << 8) | rgb.b).toString(16).slice(1)}`;
}

/** The attributes `cell` has, by SGR name, in the order of {@link InspectedStyle.attributes}. */
function attributesOf(cell: Cell): string[] {
  const attributes: string[] = [];
  if (cell.bold) attributes.push('bold');
  if (cell.dim) attributes.push('dim');
  if (cell.italic) attributes.push('italic');
  if (cell.underline !== 'none') attributes.push(cell.underline === 'single' ? 'underline' : `underline ${cell.underline}`);
  if (cell.blink) attributes.push('blink');
  if (cell.inverse) attributes.push('inverse');
  if (cell.invisible) attributes.push('invisible');
  if (cell.strikethrough) attributes.push('strikethrough');
  if (cell.overline) attributes.push('overline');
  return attributes;
}

/** The style of `cell`: stored colours and attributes, and the colours {@link resolveCellColors} paints with. */
function styleOf(cell: Cell, options: ResolvedRenderOptions): InspectedStyle {
  const drawn = resolveCellColors(cell, options.theme, options.boldIsBright);
  return {
    fg: formatStoredColor(cell.fg),
    bg: formatStoredColor(cell.bg),
    underlineColor: formatStoredColor(cell.underlineColor),
    fgDrawn: formatHex(drawn.fg),
    bgDrawn: formatHex(drawn.bg),
    attributes: attributesOf(cell),
  };
}

/** What makes two cells' styles the same: every field but the characters and width. */
function styleKey(cell: Cell): string {
  const { fg, bg, underlineColor: u } = cell;
  const color = (c: Color) => (c.kind === 'default' ? 'd' : c.kind === 'palette' ? `p${c.index}` : `r${c.r},${c.g},${c.b}`);
  const flags =
    +cell.bold |
    (+cell.dim << 1) |
    (+cell.italic << 2) |
    (+cell.blink << 3) |
    (+cell.inverse << 4) |
    (+cell.invisible << 5) |
    (+cell.strikethrough << 6) |
    (+cell.overline << 7);
  return `${color(fg)}/${color(bg)}/${color(u)}/${cell.underline}/${flags}`;
}

/**
 * The {@link InspectedScreen} of `snapshot` as render/ draws it with `options` (theme,
 * boldIsBright, font size, scale, padding): each distinct style once, the colours as stored and as
 * painted (bold-is-bright, inverse and dim applied exactly as {@link resolveCellColors} does), and
 * the grid's origin and cell size in px of the PNG `renderPng(snapshot, options)` gives.
 * @throws {ConfigError} when an option is invalid (see `resolveRenderOptions`).
 * @example
 * const screen = inspectScreen(app.screen(), { theme: 'light' });
 * screen.styles[screen.cells[0][0][2]].fgDrawn; // '#383a42'
 */
export function inspectScreen(snapshot: ScreenSnapshot, options?: Partial<RenderOptions>): InspectedScreen {
  return inspectResolved(snapshot, resolveRenderOptions(options));
}

/** {@link inspectScreen} with options already resolved, for callers that inspect many screens (the report's frames). */
export function inspectResolved(snapshot: ScreenSnapshot, options: ResolvedRenderOptions): InspectedScreen {
  const metrics = cellMetricsFor(options);
  const styles: InspectedStyle[] = [];
  const indexOf = new Map<string, number>();
  const cells = snapshot.cells.map((row) =>
    row.map((cell): InspectedCell => {
      const key = styleKey(cell);
      let index = indexOf.get(key);
      if (index === undefined) {
        index = styles.push(styleOf(cell, options)) - 1;
        indexOf.set(key, index);
      }
      return [cell.chars, cell.width, index];
    }),
  );
  const { col, row, visible } = snapshot.cursor;
  return {
    cols: snapshot.cols,
    rows: snapshot.rows,
    grid: { xPx: metrics.paddingPx, yPx: metrics.paddingPx, cellWidthPx: metrics.cellWidthPx, cellHeightPx: metrics.cellHeightPx },
    cursor: { col, row, visible },
    styles,
    cells,
  };
}
