/**
 * Palette-first colour reduction of a rendered screen (pure): each cell paints with two colours,
 * its background and its foreground, and the glyph's anti-aliasing blends between them. Snapping
 * those blends to a few coverage levels leaves a GIF frame with about `levels` colours per
 * (foreground, background) pair in use, so it fits one 256-colour table and needs no quantizer.
 * Emoji pixels are snapped to a small fixed colour cube, dithered. Anything else (underline
 * colours, a bar cursor…) is left exact.
 */
import type { Rgb, RgbaImage } from '../geometry.js';
import { blendChannel, cellRectPx, packOpaque, resolveCellColors } from '../render/index.js';
import type { CellMetrics, ResolvedRenderOptions } from '../render/index.js';
import type { Cell, ScreenSnapshot } from '../snapshot.js';

/** Levels per channel of the cube emoji pixels snap to: 4³ = 64 colours, the emoji slice of the palette. */
export const EMOJI_CUBE_LEVELS = 4;

/** 4×4 ordered-dither thresholds (Bayer), 0–15. */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5] as const;

/** Graphemes drawn from the colour emoji font: pictographs, flags, and anything asking for emoji presentation. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\uFE0F/u;

/** Most a channel may stray from the fg–bg line (rounding in the compositor) for a pixel to count as a blend. */
const LINE_TOLERANCE = 2;

/** How one cell's pixels are snapped: its two colours, their difference, and the channel where it is largest. */
interface CellPaint {
  readonly fg: Rgb;
  readonly bg: Rgb;
  readonly dr: number;
  readonly dg: number;
  readonly db: number;
  /** Byte offset (0 r, 1 g, 2 b) of the channel with the largest |fg − bg|. */
  readonly channel: number;
  readonly emoji: boolean;
}

/** The colours a cell's glyph blends between: its own, or those of the block cursor on it. */
function paintOf(cell: Cell, isCursor: boolean, options: ResolvedRenderOptions): CellPaint {
  const block = isCursor && options.cursorStyle === 'block';
  const { fg, bg } = block ? { fg: options.theme.background, bg: options.theme.cursor } : resolveCellColors(cell, options.theme, options.boldIsBright);
  const [dr, dg, db] = [fg.r - bg.r, fg.g - bg.g, fg.b - bg.b];
  const channel = Math.abs(dr) >= Math.abs(dg) ? (Math.abs(dr) >= Math.abs(db) ? 0 : 2) : Math.abs(dg) >= Math.abs(db) ? 1 : 2;
  // One character below U+00A9 (©, the first pictograph) is no emoji: skip the regular expression.
  const emoji = cell.chars.length === 1 && cell.chars.charCodeAt(0) < 0xa9 ? false : EMOJI.test(cell.chars);
  return { fg, bg, dr, dg, db, channel, emoji };
}

/** Moves an emoji pixel at byte offset `i` to the dithered cube; (`dx`, `dy`) is its place in the cell. */
function ditherToCube(data: Uint8Array, i: number, dx: number, dy: number): void {
  const threshold = (BAYER[(dy & 3) * 4 + (dx & 3)]! + 0.5) / 16;
  const top = EMOJI_CUBE_LEVELS - 1;
  for (let k = i; k < i + 3; k++) data[k] = Math.round((Math.floor((data[k]! * top) / 255 + threshold) * 255) / top);
}

/** Snaps the pixel at byte offset `i`, neither of the cell's pure colours; (`dx`, `dy`) is its position in the cell, for dithering. */
function snapPixel(data: Uint8Array, i: number, p: CellPaint, levels: number, dx: number, dy: number): void {
  const { fg, bg } = p;
  const r = data[i]!;
  const g = data[i + 1]!;
  const b = data[i + 2]!;
  const a = p.channel === 0 ? (r - bg.r) / p.dr : p.channel === 1 ? (g - bg.g) / p.dg : (b - bg.b) / p.db;
  const onLine =
    a >= 0 &&
    a <= 1 &&
    Math.abs(bg.r + p.dr * a - r) <= LINE_TOLERANCE &&
    Math.abs(bg.g + p.dg * a - g) <= LINE_TOLERANCE &&
    Math.abs(bg.b + p.db * a - b) <= LINE_TOLERANCE;
  if (onLine) {
    const alpha = Math.round((Math.round(a * (levels - 1)) * 255) / (levels - 1));
    data[i] = blendChannel(bg.r, fg.r, alpha);
    data[i + 1] = blendChannel(bg.g, fg.g, alpha);
    data[i + 2] = blendChannel(bg.b, fg.b, alpha);
  } else if (p.emoji) {
    ditherToCube(data, i, dx, dy);
  }
}

/** Slots of the memo of snapped blends: a power of two, well above the blends one screen holds. */
const MEMO_SLOTS = 4096;
const MEMO_SHIFT = 32 - Math.log2(MEMO_SLOTS);

/**
 * Snapped pixels already worked out, keyed by (pixel, background, foreground): the same
 * anti-aliased blends recur in every cell of a colour pair, so each is computed once a call.
 * Emoji pixels, whose dithering depends on their place in the cell, are never memoized.
 */
class SnapMemo {
  readonly #pixel = new Uint32Array(MEMO_SLOTS);
  readonly #bg = new Uint32Array(MEMO_SLOTS);
  readonly #fg = new Uint32Array(MEMO_SLOTS);
  readonly #snapped = new Uint32Array(MEMO_SLOTS);
  /** 0 for an empty slot (a pixel key is never 0: it is opaque). */
  #slot = 0;

  /** The snapped pixel for `pixel` between `bgKey` and `fgKey`, or 0 when not yet known (then {@link SnapMemo.set} stores it). */
  get(pixel: number, bgKey: number, fgKey: number): number {
    const slot = Math.imul(pixel ^ Math.imul(bgKey, 0x85ebca6b) ^ Math.imul(fgKey, 0xc2b2ae35), 0x9e3779b1) >>> MEMO_SHIFT;
    this.#slot = slot;
    return this.#pixel[slot] === pixel && this.#bg[slot] === bgKey && this.#fg[slot] === fgKey ? this.#snapped[slot]! : 0;
  }

  /** Stores `snapped` for the pixel last asked about with {@link SnapMemo.get}. */
  set(pixel: number, bgKey: number, fgKey: number, snapped: number): void {
    const slot = this.#slot;
    this.#pixel[slot] = pixel;
    this.#bg[slot] = bgKey;
    this.#fg[slot] = fgKey;
    this.#snapped[slot] = snapped;
  }
}

/**
 * Snaps the anti-aliased pixels of `image`, a render of `snapshot` with `options` and cell
 * geometry `metrics`, in place: a pixel on the line between its cell's background and
 * foreground moves to the nearest of `levels` evenly spaced blends (so it is at most half a step
 * from the original); an emoji cell's other pixels move to the {@link EMOJI_CUBE_LEVELS}-level
 * cube with 4×4 ordered dithering. Pure colours and other pixels are untouched.
 */
export function snapColors(image: RgbaImage, snapshot: ScreenSnapshot, options: ResolvedRenderOptions, metrics: CellMetrics, levels: number): void {
  const { cursor } = snapshot;
  const showCursor = options.cursor === 'show' && cursor.visible;
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.widthPx * image.heightPx);
  const memo = new SnapMemo();
  for (let row = 0; row < snapshot.rows; row++) {
    const cells = snapshot.cells[row]!;
    // The cell whose colours paint the current one (a wide character's right half is painted by
    // the character's own cell), and its paint once needed.
    let painter: Cell | undefined;
    let painterIsCursor = false;
    let paint: CellPaint | undefined;
    for (let col = 0; col < snapshot.cols; col++) {
      const cell = cells[col]!;
      const isCursor = showCursor && row === cursor.row && (col === cursor.col || (cell.width === 0 && col === cursor.col + 1));
      if (cell.width !== 0 || !painter) {
        painter = cell;
        painterIsCursor = isCursor;
        paint = undefined;
      }
      if (!isCursor && paintsOnlyBackground(cell)) continue;
      paint ??= paintOf(painter, painterIsCursor, options);
      const rect = cellRectPx(metrics, col, row);
      const bgKey = packOpaque(paint.bg);
      const fgKey = packOpaque(paint.fg);
      for (let dy = 0; dy < rect.heightPx; dy++) {
        const start = (rect.yPx + dy) * image.widthPx + rect.xPx;
        for (let dx = 0; dx < rect.widthPx; dx++) {
          const key = pixels[start + dx]!;
          if (key === bgKey || key === fgKey) continue;
          if (paint.emoji) {
            snapPixel(image.data, (start + dx) * 4, paint, levels, dx, dy);
            continue;
          }
          const known = memo.get(key, bgKey, fgKey);
          if (known !== 0) {
            pixels[start + dx] = known;
            continue;
          }
          snapPixel(image.data, (start + dx) * 4, paint, levels, dx, dy);
          memo.set(key, bgKey, fgKey, pixels[start + dx]!);
        }
      }
    }
  }
}

/** True for a cell render/ paints with its background alone: no glyph, no decoration. */
function paintsOnlyBackground(cell: Cell): boolean {
  if (cell.width === 0) return false;
  if (cell.invisible) return true;
  return (cell.chars === '' || cell.chars === ' ') && cell.underline === 'none' && !cell.strikethrough && !cell.overline;
}
