/**
 * Converts one terminal buffer cell into a snapshot {@link Cell}. Pure: it knows the shape of a
 * buffer cell (structurally, so this file does not import the terminal library) and nothing else.
 */
import { BLANK_CELL, DEFAULT_COLOR } from '../snapshot.js';
import type { Cell, Color, UnderlineStyle } from '../snapshot.js';

/**
 * The cell accessors we read, as @xterm/headless 6.0.0 implements them. The attribute getters
 * return bit masks (non-zero means set), not booleans. `getUnderlineStyle`, `hasExtendedAttrs`
 * and `extended` exist on the pinned version but not in its public typings.
 */
export interface BufferCellLike {
  getChars(): string;
  getWidth(): number;
  getCode(): number;
  isAttributeDefault(): boolean;
  isFgRGB(): boolean;
  isFgPalette(): boolean;
  getFgColor(): number;
  isBgRGB(): boolean;
  isBgPalette(): boolean;
  getBgColor(): number;
  isBold(): number;
  isDim(): number;
  isItalic(): number;
  isUnderline(): number;
  isBlink(): number;
  isInverse(): number;
  isInvisible(): number;
  isStrikethrough(): number;
  isOverline(): number;
  getUnderlineStyle(): number;
  hasExtendedAttrs(): number;
  readonly extended: {
    /** SGR 58 colour packed like fg/bg: mode in bits 24–25 (0 default, 1–2 palette, 3 RGB), value below. */
    readonly underlineColor: number;
    /** The cell's OSC 8 link, as a key of the terminal's link service; 0 for none. */
    readonly urlId: number;
  };
}

/** Colour modes of xterm's packed colours (bits 24–25). */
const MODE_MASK = 0x3000000;
const MODE_RGB = 0x3000000;
/**
 * What xterm 6.0.0 stores for SGR 59 (it masks -1 to 26 bits), which its getters then read as
 * RGB white; `58;2;255;255;255` stores the same bits. We read it as "no underline colour".
 */
const SGR_59 = 0x3ffffff;

/** SGR 4:n style numbers (0 none … 5 dashed; SGR 21 is stored as 2, double) to names. */
const UNDERLINE_STYLES: readonly UnderlineStyle[] = ['none', 'single', 'double', 'curly', 'dotted', 'dashed'];

/** One frozen Color per palette index, shared by every snapshot. */
const PALETTE: readonly Color[] = Array.from({ length: 256 }, (_, index) => Object.freeze({ kind: 'palette', index } as const));

/**
 * Reads the cells of one snapshot. Palette colours come from a shared table; an RGB colour is
 * reused while consecutive cells repeat it (a Map of every RGB colour cost more than it saved).
 */
export class CellReader {
  #lastRgb = -1;
  #lastRgbColor: Color = DEFAULT_COLOR;
  readonly #linkOf: (urlId: number) => string | undefined;

  /** @param linkOf The URI of an OSC 8 link by its `urlId` (the terminal's link service). @default none: cells carry no link */
  constructor(linkOf: (urlId: number) => string | undefined = () => undefined) {
    this.#linkOf = linkOf;
  }

  /** A new Cell with the values of `cell` (the shared blank cell when it is one). */
  read(cell: BufferCellLike): Cell {
    if (cell.getCode() === 0 && cell.getWidth() === 1 && cell.isAttributeDefault()) return BLANK_CELL;
    const underline = cell.isUnderline() === 0 ? 'none' : (UNDERLINE_STYLES[cell.getUnderlineStyle()] ?? 'single');
    const urlId = cell.hasExtendedAttrs() === 0 ? 0 : cell.extended.urlId;
    const link = urlId === 0 ? undefined : this.#linkOf(urlId);
    return {
      chars: cell.getChars(),
      width: cell.getWidth() as 0 | 1 | 2,
      fg: this.#color(cell.isFgRGB(), cell.isFgPalette(), cell.getFgColor()),
      bg: this.#color(cell.isBgRGB(), cell.isBgPalette(), cell.getBgColor()),
      bold: cell.isBold() !== 0,
      dim: cell.isDim() !== 0,
      italic: cell.isItalic() !== 0,
      underline,
      // The colour only matters while underlined; dropping it otherwise keeps equal-looking cells equal.
      underlineColor: underline === 'none' ? DEFAULT_COLOR : this.#underlineColor(cell),
      strikethrough: cell.isStrikethrough() !== 0,
      overline: cell.isOverline() !== 0,
      inverse: cell.isInverse() !== 0,
      invisible: cell.isInvisible() !== 0,
      blink: cell.isBlink() !== 0,
      ...(link === undefined ? {} : { link }),
    };
  }

  /**
   * The SGR 58 colour itself: xterm's `getUnderlineColor()` answers the foreground colour when
   * none is set, but our contract says `default` then (the renderer follows the foreground).
   */
  #underlineColor(cell: BufferCellLike): Color {
    const packed = cell.hasExtendedAttrs() === 0 ? 0 : cell.extended.underlineColor;
    const mode = packed & MODE_MASK;
    if (mode === 0 || packed === SGR_59) return DEFAULT_COLOR;
    return this.#color(mode === MODE_RGB, mode !== MODE_RGB, mode === MODE_RGB ? packed & 0xffffff : packed & 0xff);
  }

  #color(isRgb: boolean, isPalette: boolean, value: number): Color {
    if (isPalette) return PALETTE[value] ?? DEFAULT_COLOR;
    if (!isRgb) return DEFAULT_COLOR;
    if (value !== this.#lastRgb) {
      this.#lastRgb = value;
      this.#lastRgbColor = { kind: 'rgb', r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
    }
    return this.#lastRgbColor;
  }
}
