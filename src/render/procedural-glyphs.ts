/**
 * Procedural glyphs: characters drawn as geometry instead of from a font (pure), so lines meet
 * across cells and fills tile without seams. This file picks the family that draws a character —
 * box drawing U+2500–U+257F (`box-drawing.ts`), block elements U+2580–U+259F
 * (`block-elements.ts`), braille U+2800–U+28FF (`braille.ts`), powerline separators
 * U+E0B0–U+E0BF and U+E0D6–U+E0D7 (`powerline.ts`), Symbols for Legacy Computing U+1FB00–U+1FBFF
 * and octants U+1CD00–U+1CDE5 (`legacy-computing.ts`, `mosaics.ts`, `legacy-line-art.ts`) — and
 * draws the "tofu" box for characters no bundled font covers. A new family gets a file of its own
 * and a line here.
 */

import { drawBlockElement } from './block-elements.js';
import { drawBoxLine } from './box-drawing.js';
import { drawBraille } from './braille.js';
import { createCoverage, fillCoverageRect, type GlyphCoverage } from './glyph-coverage.js';
import { drawLegacyComputing } from './legacy-computing.js';
import { drawPowerline } from './powerline.js';

/** VS15 and VS16 (text and emoji presentation), which do not change how a procedural character is drawn. */
const PRESENTATION_SELECTOR = /[\uFE0E\uFE0F]$/u;

/**
 * The coverage of `chars` in a `widthPx`×`heightPx` cell when it is a single character of a
 * procedural family (box drawing, block elements, braille, powerline, legacy computing), alone
 * or followed by VS15 or VS16 (`─` + U+FE0F is still `─`, so it joins its neighbours), else
 * null: other sequences, such as a base with a combining mark, are left to fonts. `lightPx` is
 * the light line thickness; edges snap to multiples of `scale` (1 or 2) so a 2x glyph is the 1x
 * glyph doubled.
 */
export function proceduralGlyph(chars: string, widthPx: number, heightPx: number, lightPx: number, scale: number): GlyphCoverage | null {
  const base = chars.replace(PRESENTATION_SELECTOR, '');
  const codePoint = base.codePointAt(0);
  if (codePoint === undefined || base !== String.fromCodePoint(codePoint)) return null;
  const coverage = createCoverage(widthPx, heightPx);
  const drawn =
    drawBoxLine(coverage, codePoint, lightPx, scale) ||
    drawBlockElement(coverage, codePoint, scale) ||
    drawBraille(coverage, codePoint, scale) ||
    drawPowerline(coverage, codePoint, lightPx, scale) ||
    drawLegacyComputing(coverage, codePoint, lightPx, scale);
  if (!drawn) return null;
  return coverage;
}

/**
 * The "tofu" drawn for a character no bundled font covers: a rectangle outline `lightPx` thick,
 * inset `lightPx` from the left and right and `2 · lightPx` from the top and bottom of its
 * `widthPx`×`heightPx` box (one cell, or two for a wide character).
 */
export function tofuGlyph(widthPx: number, heightPx: number, lightPx: number): GlyphCoverage {
  const coverage = createCoverage(widthPx, heightPx);
  const t = lightPx;
  const [left, right, top, bottom] = [t, widthPx - t, 2 * t, heightPx - 2 * t];
  fillCoverageRect(coverage, left, top, right, top + t);
  fillCoverageRect(coverage, left, bottom - t, right, bottom);
  fillCoverageRect(coverage, left, top, left + t, bottom);
  fillCoverageRect(coverage, right - t, top, right, bottom);
  return coverage;
}
