/**
 * Glyph rasterization: each distinct (grapheme, width, style, cell geometry) is drawn once with
 * Skia on a small canvas, read back as its coverage (or colour pixels for emoji) and cached
 * for the life of the process. Procedural glyphs (box drawing, blocks, tofu) skip the canvas.
 */

import type { SKRSContext2D } from '@napi-rs/canvas';
import { debuglog } from 'node:util';
import { proceduralGlyph, tofuGlyph } from './procedural-glyphs.js';
import { chooseFace, codePointsToCover, formatCodePoint, textToDraw } from './face-choice.js';
import { fontFor, loadCanvas, type FontFace } from './fonts.js';
import type { Glyph } from './glyph-coverage.js';
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

const cache = new Map<string, Glyph>();
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
  const sizePx = m.fontSizePx;
  const xPx = face.id === 'cjk' || face.id === 'hangul' || width === 2 ? (boxWidthPx - measure(sizePx)) / 2 : 0;
  return { sizePx, xPx, baselinePx: m.baselinePx };
}

function rasterize(chars: string, width: 1 | 2, bold: boolean, italic: boolean, m: CellMetrics): Glyph {
  const boxWidthPx = width * m.cellWidthPx;
  const procedural = proceduralGlyph(chars, boxWidthPx, m.cellHeightPx, m.lineThicknessPx, m.scale);
  if (procedural) return { kind: 'coverage', coverage: procedural };
  const choice = chooseFace(chars, width, bold, italic, fontFor);
  if (!choice) {
    debug('tofu for %s: no bundled font covers it', codePointsToCover(chars).map(formatCodePoint).join(' '));
    return { kind: 'coverage', coverage: tofuGlyph(boxWidthPx, m.cellHeightPx, m.lineThicknessPx) };
  }
  const face = choice.font;
  const text = textToDraw(face.id, choice.chars);
  const weight = face.weightAxis ? `${bold ? BOLD_WEIGHT : REGULAR_WEIGHT} ` : '';
  const font = (sizePx: number): string => `${weight}${sizePx}px "${face.family}"`;
  const ctx = contextFor(boxWidthPx, m.cellHeightPx);
  const { sizePx, xPx, baselinePx } = place(face, font, text, ctx, boxWidthPx, width, m);
  ctx.font = font(sizePx);
  ctx.fillText(text, xPx, baselinePx);
  const { data } = ctx.getImageData(0, 0, boxWidthPx, m.cellHeightPx);
  const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (face.id === 'emoji') return { kind: 'color', widthPx: boxWidthPx, heightPx: m.cellHeightPx, rgba };
  const alpha = new Uint8Array(boxWidthPx * m.cellHeightPx);
  for (let i = 0; i < alpha.length; i++) alpha[i] = COVERAGE_STEP * Math.round(rgba[i * 4 + 3]! / COVERAGE_STEP);
  return { kind: 'coverage', coverage: { widthPx: boxWidthPx, heightPx: m.cellHeightPx, alpha } };
}

/**
 * The glyph of grapheme `chars` drawn across `width` cells of geometry `metrics`, or null for a
 * blank (`''` or a space). Characters no bundled font covers come back as tofu; system fonts
 * are never used.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 */
export function glyphFor(chars: string, width: 1 | 2, bold: boolean, italic: boolean, metrics: CellMetrics): Glyph | null {
  if (chars === '' || chars === ' ') return null;
  const m = metrics;
  const key = `${m.scale}:${m.fontSizePx}:${m.cellWidthPx}x${m.cellHeightPx}:${m.baselinePx}:${m.lineThicknessPx}:${width}${bold ? 'b' : ''}${italic ? 'i' : ''}:${chars}`;
  let glyph = cache.get(key);
  if (glyph === undefined) {
    if (cache.size >= MAX_CACHED_GLYPHS) cache.clear();
    glyph = rasterize(chars, width, bold, italic, m);
    cache.set(key, glyph);
  }
  return glyph;
}
