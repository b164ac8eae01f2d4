/**
 * Glyph rasterization: each distinct (grapheme, width, style, cell geometry) is drawn once with
 * Skia on a small canvas with a margin around its cell box, read back as its coverage (or colour
 * pixels for emoji), cropped to its ink and cached for the life of the process. Procedural
 * glyphs (box drawing, blocks, tofu) skip the canvas and fill exactly their cell box.
 */

import type { SKRSContext2D } from '@napi-rs/canvas';
import { debuglog } from 'node:util';
import { proceduralGlyph, tofuGlyph } from './procedural-glyphs.js';
import { formatCodePoint } from '../snapshot.js';
import { chooseFace, codePointsToCover, textToDraw } from './face-choice.js';
import { fontFor, loadCanvas, type FontFace } from './fonts.js';
import { type Glyph, inkBounds } from './glyph-coverage.js';
import type { CellMetrics } from './metrics.js';

/** Cached glyphs before the cache is emptied (a screen rarely holds more than a few hundred). */
const MAX_CACHED_GLYPHS = 20_000;

/**
 * Text coverage is rounded to multiples of 17 (16 levels): a glyph colour on a background then
 * yields at most 14 blended colours, so screens with a dozen colour pairs still fit a 256-colour
 * PNG palette (4–9× smaller than RGBA), at no visible cost.
 */
const COVERAGE_STEP = 17;

/** `NODE_DEBUG=tmux-shot` prints each grapheme drawn as tofu (once per glyph cached). */
const debug = debuglog('tmux-shot');

/** Weights of a face with a `wght` axis: bold text at 700, the rest at the regular 400 (the SC/KR default is 100). */
const REGULAR_WEIGHT = 400;
const BOLD_WEIGHT = 700;

/**
 * Ink may reach this many cell heights beyond each side of its cell box (Thai SARA AM's circle
 * over the previous letter, stacked Vietnamese accents, a Devanagari i-matra's hook); beyond
 * that it is cut off. Real terminals draw it too: Alacritty lets glyphs leave their cell on
 * purpose (alacritty#4921) and paints all backgrounds first so none is painted over (#791).
 */
const INK_MARGIN_CELL_HEIGHTS = 1;

/** UnifontEX is a 16 px bitmap design: drawn at whole multiples of it, its pixels stay whole. */
const LAST_RESORT_DESIGN_PX = 16;

/** No-break space: a base HarfBuzz accepts for a lone combining mark, and draws no ink of its own. */
const NBSP = '\u00a0';
const NBSP_CODE_POINT = 0xa0;
const DOTTED_CIRCLE_CODE_POINT = 0x25cc;

/** Glyphs by grapheme, a map for each metrics, width and style (keyed by them as text). */
const cache = new Map<string, Map<string, Glyph | null>>();
let cachedGlyphs = 0;
/** The eight maps of `cache` (width 1–2 × bold × italic) for a metrics object, found once per object: a screen asks once a cell. */
const mapsByMetrics = new WeakMap<CellMetrics, Map<string, Glyph | null>[]>();

function glyphMap(m: CellMetrics, width: 1 | 2, bold: boolean, italic: boolean): Map<string, Glyph | null> {
  let maps = mapsByMetrics.get(m);
  if (!maps) {
    const prefix = `${m.scale}:${m.fontSizePx}:${m.cellWidthPx}x${m.cellHeightPx}:${m.baselinePx}:${m.lineThicknessPx}:`;
    maps = [];
    for (const w of [1, 2]) {
      for (const style of ['', 'i', 'b', 'bi']) {
        const key = `${prefix}${w}${style}`;
        let map = cache.get(key);
        if (!map) cache.set(key, (map = new Map()));
        maps.push(map);
      }
    }
    mapsByMetrics.set(m, maps);
  }
  return maps[(width - 1) * 4 + (bold ? 2 : 0) + (italic ? 1 : 0)]!;
}
const contexts = new Map<string, SKRSContext2D>();

/** A reusable canvas context of one box size. */
function contextFor(widthPx: number, heightPx: number): SKRSContext2D {
  const key = `${widthPx}x${heightPx}`;
  let ctx = contexts.get(key);
  if (!ctx) {
    ctx = loadCanvas().createCanvas(widthPx, heightPx).getContext('2d');
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    ctx.fillStyle = '#ffffff';
    contexts.set(key, ctx);
  }
  ctx.clearRect(0, 0, widthPx, heightPx);
  return ctx;
}

/** Font size and pen position of `text` in a `boxWidthPx`-wide cell box. */
interface Placement {
  sizePx: number;
  xPx: number;
  baselinePx: number;
}

/** Font size at which a Nerd icon's ink bounds are measured (Skia reports them in 1/32 px steps). */
const INK_PROBE_SIZE_PX = 1000;

/**
 * Monospace and script text sits at the cell's baseline from its left edge; CJK, Hangul and
 * every wide glyph are centred across their box; emoji are scaled to fit the box (the font's
 * ascent + descent in the cell height, the advance in the box width) and centred both ways.
 * Nerd symbols are sized by their ink, not their advance (a whole em, 1.66 cells, around ink
 * as narrow as U+E0A0's 0.31 em): drawn at the text's font size, shrunk only as far as the ink
 * needs to fit the box, and the ink centred in the box with the pen on whole pixels (Skia would
 * otherwise move it to the nearest quarter pixel). So kitty (`render_bitmap` rescales a bitmap
 * wider than its cells) and WezTerm (`load_glyph` scales a fallback glyph only when it
 * overflows) size them, except that an icon here never overflows into a following space.
 * UnifontEX, the last resort, is drawn at the largest whole multiple of its 16 px design that
 * fits the 1x cell height, times the scale (16 px in the default 18 px cell, 32 px at 2x; the
 * text size when the cell is under 16 px), on the cell's baseline, centred across the box with
 * the pen on whole layout pixels, so its bitmap pixels stay whole instead of being resampled
 * to grey.
 */
function place(
  face: FontFace,
  font: (sizePx: number) => string,
  text: string,
  ctx: SKRSContext2D,
  boxWidthPx: number,
  width: 1 | 2,
  m: CellMetrics,
): Placement {
  const measure = (sizePx: number): number => {
    ctx.font = font(sizePx);
    return ctx.measureText(text).width;
  };
  if (face.id === 'nerd') {
    ctx.font = font(INK_PROBE_SIZE_PX);
    const ink = ctx.measureText(text);
    const inkWidthEm = (ink.actualBoundingBoxLeft + ink.actualBoundingBoxRight) / INK_PROBE_SIZE_PX;
    const inkHeightEm = (ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent) / INK_PROBE_SIZE_PX;
    const sizePx = Math.min(m.fontSizePx, boxWidthPx / inkWidthEm, m.cellHeightPx / inkHeightEm);
    const toPx = (probePx: number): number => (probePx * sizePx) / INK_PROBE_SIZE_PX;
    return {
      sizePx,
      xPx: Math.round((boxWidthPx - inkWidthEm * sizePx) / 2 + toPx(ink.actualBoundingBoxLeft)),
      baselinePx: Math.round((m.cellHeightPx - inkHeightEm * sizePx) / 2 + toPx(ink.actualBoundingBoxAscent)),
    };
  }
  if (face.id === 'emoji') {
    const emPx = m.cellHeightPx / ((face.ascent - face.descent) / face.unitsPerEm);
    const sizePx = Math.min(emPx, (boxWidthPx * 100) / measure(100));
    const ascentPx = (face.ascent * sizePx) / face.unitsPerEm;
    const heightPx = ((face.ascent - face.descent) * sizePx) / face.unitsPerEm;
    return { sizePx, xPx: (boxWidthPx - measure(sizePx)) / 2, baselinePx: (m.cellHeightPx - heightPx) / 2 + ascentPx };
  }
  if (face.id === 'last-resort') {
    // Chosen at scale 1 and then scaled, so a 2x glyph is exactly the 1x one doubled.
    const multiple = Math.floor(m.cellHeightPx / m.scale / LAST_RESORT_DESIGN_PX);
    const sizePx = multiple > 0 ? m.scale * multiple * LAST_RESORT_DESIGN_PX : m.fontSizePx;
    const xPx = m.scale * Math.max(0, Math.floor((boxWidthPx - measure(sizePx)) / 2 / m.scale));
    return { sizePx, xPx, baselinePx: m.baselinePx };
  }
  const sizePx = m.fontSizePx;
  const xPx = face.id === 'cjk' || face.id === 'hangul' || width === 2 ? (boxWidthPx - measure(sizePx)) / 2 : 0;
  return { sizePx, xPx, baselinePx: m.baselinePx };
}

/**
 * Draws `text` with its pen at (`xPx`, `baselinePx`) as a terminal draws one cell. A grapheme
 * that starts with a combining mark (a Devanagari vowel sign tmux gives a cell of its own) is
 * drawn on a no-break space, where the font puts the mark after a base, when its face has a
 * dotted circle U+25CC: HarfBuzz's script shapers would draw the lone mark on one, which
 * terminals never show. The monospace faces design every mark to be drawn at its base's pen, as
 * terminals draw combining characters; there a mark the shaper gives an advance of its own
 * (DejaVu's overlay marks U+0335–U+0338 are not GDEF marks) is drawn at that pen, not in the
 * next cell.
 */
function drawText(ctx: SKRSContext2D, face: FontFace, text: string, xPx: number, baselinePx: number): void {
  const codePoints = [...text];
  if (face.id.startsWith('mono')) {
    const struck = codePoints.map((c, i) => i > 0 && ctx.measureText(c).width > 0);
    ctx.fillText(codePoints.filter((_, i) => !struck[i]).join(''), xPx, baselinePx);
    codePoints.forEach((mark, i) => struck[i] && ctx.fillText(mark, xPx, baselinePx));
    return;
  }
  const lone = /\p{M}/u.test(codePoints[0]!) && face.has(DOTTED_CIRCLE_CODE_POINT) && face.has(NBSP_CODE_POINT);
  ctx.fillText(lone ? NBSP + text : text, xPx, baselinePx);
}

function rasterize(chars: string, width: 1 | 2, bold: boolean, italic: boolean, m: CellMetrics): Glyph | null {
  const boxWidthPx = width * m.cellWidthPx;
  const procedural = proceduralGlyph(chars, boxWidthPx, m.cellHeightPx, m.lineThicknessPx, m.scale);
  if (procedural) return { kind: 'coverage', xPx: 0, yPx: 0, coverage: procedural };
  const choice = chooseFace(chars, width, bold, italic, fontFor);
  if (!choice) {
    debug('tofu for %s: no bundled font covers it', codePointsToCover(chars).map(formatCodePoint).join(' '));
    return { kind: 'coverage', xPx: 0, yPx: 0, coverage: tofuGlyph(boxWidthPx, m.cellHeightPx, m.lineThicknessPx) };
  }
  const face = choice.font;
  const text = textToDraw(face.id, choice.chars);
  const weight = face.weightAxis ? `${bold ? BOLD_WEIGHT : REGULAR_WEIGHT} ` : '';
  const font = (sizePx: number): string => `${weight}${sizePx}px "${face.family}"`;
  const marginPx = INK_MARGIN_CELL_HEIGHTS * m.cellHeightPx;
  const canvasWidthPx = boxWidthPx + 2 * marginPx;
  const canvasHeightPx = m.cellHeightPx + 2 * marginPx;
  const ctx = contextFor(canvasWidthPx, canvasHeightPx);
  const { sizePx, xPx, baselinePx } = place(face, font, text, ctx, boxWidthPx, width, m);
  ctx.font = font(sizePx);
  drawText(ctx, face, text, marginPx + xPx, marginPx + baselinePx);
  const { data } = ctx.getImageData(0, 0, canvasWidthPx, canvasHeightPx);
  const alpha = new Uint8Array(data.length / 4);
  const step = face.id === 'emoji' ? 1 : COVERAGE_STEP;
  for (let i = 0; i < alpha.length; i++) alpha[i] = step * Math.round(data[i * 4 + 3]! / step);
  // Nerd icons are sized to fit their box (see place()); the antialiased edge of a rounded pen stays inside it too.
  const box = { x0: marginPx, y0: marginPx, x1: marginPx + boxWidthPx, y1: marginPx + m.cellHeightPx };
  const ink = inkBounds(alpha, canvasWidthPx, face.id === 'nerd' ? box : { x0: 0, y0: 0, x1: canvasWidthPx, y1: canvasHeightPx });
  if (!ink) return null;
  const widthPx = ink.x1 - ink.x0;
  const heightPx = ink.y1 - ink.y0;
  const at = { xPx: ink.x0 - marginPx, yPx: ink.y0 - marginPx };
  if (face.id === 'emoji') return { kind: 'color', ...at, widthPx, heightPx, rgba: crop(data, canvasWidthPx, ink, 4) };
  return { kind: 'coverage', ...at, coverage: { widthPx, heightPx, alpha: crop(alpha, canvasWidthPx, ink, 1) } };
}

/** The rectangle `ink` of an image `imageWidthPx` wide with `channels` bytes per pixel, as a new image of its own. */
function crop(
  pixels: Uint8Array | Uint8ClampedArray,
  imageWidthPx: number,
  ink: { x0: number; y0: number; x1: number; y1: number },
  channels: number,
): Uint8Array {
  const rowBytes = (ink.x1 - ink.x0) * channels;
  const out = new Uint8Array(rowBytes * (ink.y1 - ink.y0));
  for (let y = ink.y0; y < ink.y1; y++) {
    const from = (y * imageWidthPx + ink.x0) * channels;
    out.set(pixels.subarray(from, from + rowBytes), (y - ink.y0) * rowBytes);
  }
  return out;
}

/**
 * The glyph of grapheme `chars` drawn across `width` cells of geometry `metrics`, or null for a
 * blank (`''`, a space, or a character that draws no ink). Characters no bundled font covers
 * come back as tofu; system fonts are never used.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 */
export function glyphFor(chars: string, width: 1 | 2, bold: boolean, italic: boolean, metrics: CellMetrics): Glyph | null {
  if (chars === '' || chars === ' ') return null;
  const glyphs = glyphMap(metrics, width, bold, italic);
  let glyph = glyphs.get(chars);
  if (glyph === undefined) {
    if (cachedGlyphs >= MAX_CACHED_GLYPHS) {
      for (const map of cache.values()) map.clear();
      cachedGlyphs = 0;
    }
    glyph = rasterize(chars, width, bold, italic, metrics);
    glyphs.set(chars, glyph);
    cachedGlyphs++;
  }
  return glyph;
}
