/**
 * What each cell of a screen is, and how it is drawn, as plain data for the failure report's cell
 * inspector: the stored colours and attributes, the colours painted (after bold-is-bright,
 * inverse and dim, exactly as {@link resolveCellColors} paints them) and where the grid lies in
 * the PNG. Read from the snapshot, never from pixels.
 */

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
