/**
 * The immutable screen snapshot: the contract between the screen model and every stage
 * downstream (render/, diff/, record/, vitest/, agent/), defined once on the ground floor. Plain
 * data, the shared blank cell and default colour, and colour equality.
 */

/**
 * A cell colour as the terminal stored it (ECMA-48 SGR 30–37/90–97/38;5/38;2 and the 4x/10x
 * background equivalents): the terminal default, an index into the 256-colour palette, or 24-bit RGB.
 */
export type Color =
  | { readonly kind: 'default' }
  | { readonly kind: 'palette'; readonly index: number }
  | { readonly kind: 'rgb'; readonly r: number; readonly g: number; readonly b: number };

/** Underline styles of SGR 4:x (xterm/kitty extension): 4:1 single … 4:5 dashed; 21 is double. */
export type UnderlineStyle = 'none' | 'single' | 'double' | 'curly' | 'dotted' | 'dashed';

/** The shared default colour, so snapshots do not allocate one per cell. */
export const DEFAULT_COLOR: Color = Object.freeze({ kind: 'default' });

/** One cell of the grid. */
export interface Cell {
  /** The grapheme drawn here; '' for a blank cell and for the right half of a wide character. */
  readonly chars: string;
  /** Cells the character occupies: 1, 2 for a wide character (CJK, emoji), 0 for the right half of one. */
  readonly width: 0 | 1 | 2;
  readonly fg: Color;
  readonly bg: Color;
  readonly bold: boolean;
  readonly dim: boolean;
  readonly italic: boolean;
  readonly underline: UnderlineStyle;
  /** SGR 58 underline colour; `default` means "same as the foreground". */
  readonly underlineColor: Color;
  readonly strikethrough: boolean;
  readonly overline: boolean;
  readonly inverse: boolean;
  readonly invisible: boolean;
  readonly blink: boolean;
  /**
   * The URI of the OSC 8 hyperlink the cell is part of (`ESC ] 8 ; params ; URI ST` text
   * `ESC ] 8 ; ; ST`, egmontkob's "Hyperlinks in terminal emulators"); absent when it is in none.
   */
  readonly link?: string;
}

/** Cursor shapes of DECSCUSR (`CSI Ps SP q`): 1–2 block, 3–4 underline, 5–6 bar (xterm ctlseqs). */
export type CursorShape = 'block' | 'bar' | 'underline';

/**
 * Cursor position (0-based cells), visibility (DECTCEM, `CSI ? 25 h/l`), and the shape and
 * blinking the app asked for (DECSCUSR `CSI Ps SP q`: odd Ps blinks, even Ps steady; 0 returns to
 * the default, a steady block, as xterm.js holds it; DECSET 12 turns blinking on).
 */
export interface Cursor {
  readonly col: number;
  readonly row: number;
  readonly visible: boolean;
  readonly shape: CursorShape;
  readonly blinking: boolean;
}

/**
 * The terminal modes an app can set, as the screen model holds them (xterm ctlseqs; DECSET
 * `CSI ? Pm h`/`l` unless said otherwise). A new terminal has them all off but `autoWrap`.
 */
export interface TerminalModes {
  /** The alternate screen buffer is in use (1049, 1047, 47). */
  readonly alternateScreen: boolean;
  /** Some mouse tracking is on (9, 1000, 1002, 1003; see {@link MouseTracking}). */
  readonly mouseTracking: boolean;
  /** Pasted text comes between `ESC [200~` and `ESC [201~` (2004). */
  readonly bracketedPaste: boolean;
  /** Cursor keys send `ESC O A`… instead of `ESC [ A`… (DECCKM, 1). */
  readonly applicationCursorKeys: boolean;
  /** The keypad sends application sequences (DECKPAM `ESC =`, DECKPNM `ESC >`; 66). */
  readonly applicationKeypad: boolean;
  /** Focus in and out are reported as `ESC [I` / `ESC [O` (1004). */
  readonly focusEvents: boolean;
  /** Inside a synchronized update: the app is halfway through a frame (2026). */
  readonly synchronizedOutput: boolean;
  /** Text wraps at the right margin (DECAWM, 7). */
  readonly autoWrap: boolean;
  /** Cursor positions are relative to the scroll region (DECOM, 6). */
  readonly originMode: boolean;
  /** Printed characters shift the rest of the line right (IRM, `CSI 4 h`/`l`). */
  readonly insertMode: boolean;
}

/** A name of {@link TerminalModes}: what `toBeInMode` takes. */
export type TerminalMode = keyof TerminalModes;

/** The modes of a new terminal (and of a snapshot read back from a PNG, which stores only the alternate screen): all off but `autoWrap`. */
export const DEFAULT_MODES: TerminalModes = Object.freeze({
  alternateScreen: false,
  mouseTracking: false,
  bracketedPaste: false,
  applicationCursorKeys: false,
  applicationKeypad: false,
  focusEvents: false,
  synchronizedOutput: false,
  autoWrap: true,
  originMode: false,
  insertMode: false,
});

/** An immutable copy of the visible screen. */
export interface ScreenSnapshot {
  readonly cols: number;
  readonly rows: number;
  /** `rows` arrays of `cols` cells each, top to bottom. */
  readonly cells: readonly (readonly Cell[])[];
  readonly cursor: Cursor;
  /** True while the app uses the alternate screen buffer (`CSI ? 1049 h`); the same as `modes.alternateScreen`. */
  readonly alternateScreen: boolean;
  /** The window title the app set last (OSC 0 or OSC 2, `ESC ] 2 ; text BEL`); '' when it set none. */
  readonly title: string;
  /** The terminal modes the app set. */
  readonly modes: TerminalModes;
  /**
   * Only on a snapshot taken with `{ scrollback: true }`: the index in `cells` of the first row
   * of the visible screen, the lines above it being the scrollback (oldest first). Such a snapshot
   * holds every line given, so `rows` counts them all and `cursor.row` indexes `cells` like every
   * other row; the visible screen is `cells.slice(viewportTop)`. Absent on an ordinary snapshot,
   * which is the visible screen alone (as if 0).
   */
  readonly viewportTop?: number;
}

/** The blank cell with default attributes (what ED/EL leave without SGR): the most common cell by far, shared and frozen. */
export const BLANK_CELL: Cell = Object.freeze({
  chars: '',
  width: 1,
  fg: DEFAULT_COLOR,
  bg: DEFAULT_COLOR,
  bold: false,
  dim: false,
  italic: false,
  underline: 'none',
  underlineColor: DEFAULT_COLOR,
  strikethrough: false,
  overline: false,
  inverse: false,
  invisible: false,
  blink: false,
});

/** True when both colours are the same kind with the same index or channels (shared objects compare by reference first). */
export function colorsEqual(a: Color, b: Color): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case 'default':
      return b.kind === 'default';
    case 'palette':
      return b.kind === 'palette' && a.index === b.index;
    case 'rgb':
      return b.kind === 'rgb' && a.r === b.r && a.g === b.g && a.b === b.b;
  }
}

/** `U+0378` notation of a code point (at least four hex digits), as Unicode writes them. */
export function formatCodePoint(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Which mouse events the app asked the terminal to report (xterm ctlseqs, "Mouse Tracking"; DECSET
 * `CSI ? Pm h`): `x10` presses only (9), `normal` presses and releases (1000), `button` those and
 * motion while a button is held (1002), `any` all motion too (1003); `none` when reporting is off.
 */
export type MouseTracking = 'none' | 'x10' | 'normal' | 'button' | 'any';

/**
 * How the terminal encodes mouse reports (xterm ctlseqs, "Extended coordinates"): `default` as
 * single bytes `CSI M Cb Cx Cy` (positions up to 223), `utf8` the same with positions as UTF-8
 * (1005), `sgr` as `CSI < b ; x ; y M/m` (1006), `urxvt` as `CSI b ; x ; y M` (1015).
 */
export type MouseEncoding = 'default' | 'utf8' | 'sgr' | 'urxvt';

/** The app's mouse modes as the screen model tracked them from its output. */
export interface MouseModes {
  readonly tracking: MouseTracking;
  readonly encoding: MouseEncoding;
}
