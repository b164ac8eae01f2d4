import { describe, expect, it } from 'vitest';
import type { Glyph } from '../../src/render/glyph-coverage.js';
import { glyphFor } from '../../src/render/glyphs.js';
import { cellMetricsFor } from '../../src/render/metrics.js';

/**
 * The box [left, top, right, bottom) of the pixels a coverage glyph covers at all, in pixels from
 * its cell box's top-left corner (negative or past the box where ink reaches outside it), and how
 * many there are.
 */
function ink(glyph: Glyph | null): { box: [number, number, number, number]; lit: number } {
  if (glyph?.kind !== 'coverage') throw new Error('no coverage glyph');
  const { coverage, xPx, yPx } = glyph;
  const box: [number, number, number, number] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  let lit = 0;
  for (let y = 0; y < coverage.heightPx; y++) {
    for (let x = 0; x < coverage.widthPx; x++) {
      if (coverage.alpha[y * coverage.widthPx + x] === 0) continue;
      lit++;
      box[0] = Math.min(box[0], xPx + x);
      box[1] = Math.min(box[1], yPx + y);
      box[2] = Math.max(box[2], xPx + x + 1);
      box[3] = Math.max(box[3], yPx + y + 1);
    }
  }
  return { box, lit };
}

const metrics = (scale: 1 | 2) => cellMetricsFor({ fontSizePx: 15, scale, paddingPx: 0 });

function nerdInk(chars: string, scale: 1 | 2): ReturnType<typeof ink> {
  return ink(glyphFor(chars, 1, false, false, metrics(scale)));
}

describe('Nerd Font icons in one cell (9x18 at 1x, 18x36 at 2x)', () => {
  // Ink of the Symbols Nerd Font glyphs in em: U+E0A0 0.31 x 0.77, U+E7A8 0.76 x 0.77, U+F023 0.66 x 0.77.
  it.each<[string, string, 1 | 2, [number, number, number, number], number]>([
    // Narrow ink drawn at the text's 15 px, centred: 4.7 px wide, 11.5 px tall.
    ['U+E0A0 Powerline branch', '\ue0a0', 1, [2, 3, 7, 15], 39],
    ['U+E0A0 Powerline branch', '\ue0a0', 2, [4, 6, 14, 30], 135],
    // Ink wider than the cell at 15 px: shrunk until it spans the cell's width exactly.
    ['U+E7A8 Devicons Rust', '\ue7a8', 1, [0, 4, 9, 14], 71],
    ['U+E7A8 Devicons Rust', '\ue7a8', 2, [0, 9, 18, 27], 235],
    ['U+F023 Font Awesome lock', '\uf023', 1, [0, 3, 9, 14], 83],
    ['U+F023 Font Awesome lock', '\uf023', 2, [0, 8, 18, 29], 301],
  ])('%s %j at %ix: ink box %j, %i pixels lit', (_name, chars, scale, box, lit) => {
    expect(nerdInk(chars, scale)).toEqual({ box, lit });
  });

  it('draws an icon whose ink fits the cell at the text size, not shrunk to fit its 1 em advance', () => {
    // At 15 px U+E0A0's ink is 0.3125 x 0.7656 em = 4.7 x 11.5 px; its advance (15 px) is 1.66 cells.
    const [left, top, right, bottom] = nerdInk('\ue0a0', 1).box;
    expect([right - left, bottom - top]).toEqual([5, 12]);
    expect(left).toBe(9 - right); // centred: 2 columns free on each side
  });
});

const textInk = (chars: string, scale: 1 | 2 = 1) => ink(glyphFor(chars, 1, false, false, metrics(scale)));

describe('ink outside the cell box (9x18 at 1x), as terminals draw it', () => {
  it.each<[string, string, [number, number, number, number], number]>([
    // SARA AM's circle sits over the previous letter, 4 columns left of its own cell.
    ['U+0E33 Thai SARA AM', '\u0e33', [-4, 1, 5, 14], 36],
    // Stacked Vietnamese accents reach 1 row above the cell (Noto Sans SC draws these).
    ['U+1EA4 A circumflex acute', '\u1ea4', [0, -1, 10, 14], 72],
    ['U+1ED2 O circumflex grave', '\u1ed2', [-1, -1, 10, 15], 92],
    ['U+1EEE U horn tilde', '\u1eee', [0, -1, 9, 14], 68],
    // DO CHADA + SARA U reaches 3 rows into the row below.
    ['U+0E0E U+0E38 Thai DO CHADA, SARA U', '\u0e0e\u0e38', [0, 5, 8, 21], 74],
  ])('%s %j: ink box %j, %i pixels lit', (_name, chars, box, lit) => {
    expect(textInk(chars)).toEqual({ box, lit });
  });
});

describe('combining marks', () => {
  it.each<[string, string, [number, number, number, number], number]>([
    // Plain letters, for comparison.
    ['Z', 'Z', [1, 2, 9, 14], 56],
    ['o', 'o', [1, 5, 9, 14], 45],
    // DejaVu's overlay marks have an advance of their own; struck at the base's pen, not in the next cell.
    ['Z U+0336 long stroke overlay', 'Z\u0336', [0, 2, 10, 14], 76],
    ['o U+0336 long stroke overlay', 'o\u0336', [0, 5, 10, 14], 61],
    ['Z U+0338 long solidus overlay', 'Z\u0338', [0, 1, 9, 15], 62],
    ['a U+0335 short stroke overlay', 'a\u0335', [0, 5, 8, 14], 56],
    // A mark the font positions over its base is drawn as shaped.
    ['x U+0301 acute', 'x\u0301', [0, 1, 9, 14], 57],
  ])('%s %j: ink box %j, %i pixels lit', (_name, chars, box, lit) => {
    expect(textInk(chars)).toEqual({ box, lit });
  });

  it.each<[string, string, [number, number, number, number], number]>([
    // Devanagari vowel signs tmux gives a cell of their own: the sign alone, no dotted circle U+25CC.
    ['U+093F DEVANAGARI VOWEL SIGN I', '\u093f', [0, 1, 11, 14], 52],
    ['U+093E DEVANAGARI VOWEL SIGN AA', '\u093e', [4, 5, 9, 14], 23],
    ['U+0940 DEVANAGARI VOWEL SIGN II', '\u0940', [0, 1, 9, 14], 45],
    ['U+0E49 THAI MAI THO', '\u0e49', [-2, 1, 4, 5], 18],
    ['U+0E31 THAI MAI HAN-AKAT', '\u0e31', [-1, 1, 5, 5], 15],
    ['U+05B8 HEBREW QAMATS', '\u05b8', [0, 15, 4, 18], 8],
    ['U+064E ARABIC FATHA', '\u064e', [2, 3, 7, 6], 9],
    ['U+0301 COMBINING ACUTE', '\u0301', [3, 1, 7, 4], 9],
    ['U+0336 LONG STROKE OVERLAY', '\u0336', [0, 8, 10, 11], 29],
  ])('draws the lone mark %s %j: ink box %j, %i pixels lit', (_name, chars, box, lit) => {
    expect(textInk(chars)).toEqual({ box, lit });
  });
});

describe('UnifontEX, the last resort', () => {
  const art = (glyph: Glyph | null): string[] => {
    if (glyph?.kind !== 'coverage') throw new Error('no coverage glyph');
    const { widthPx, heightPx, alpha } = glyph.coverage;
    return Array.from({ length: heightPx }, (_, y) =>
      Array.from(alpha.subarray(y * widthPx, (y + 1) * widthPx), (a) => (a === 255 ? '#' : a === 0 ? '.' : '+')).join(''),
    );
  };

  it('draws U+13E3 CHEROKEE LETTER TSA from its 16 px bitmap, pixel for pixel, at 1x', () => {
    const glyph = glyphFor('\u13e3', 1, false, false, metrics(1));
    expect([glyph?.xPx, glyph?.yPx]).toEqual([1, 4]);
    expect(art(glyph)).toEqual(['.####..', '#....#.', '#...###', '#......', '#......', '#....#.', '#....#.', '#....#.', '#....#.', '.####..']);
  });

  it.each(['\u13e3', '\u13b3', '\u13a9', '\u1230'])('draws %j at 2x as its 1x pixels doubled (32 px, whole pixels)', (chars) => {
    const one = glyphFor(chars, 1, false, false, metrics(1));
    const two = glyphFor(chars, 1, false, false, metrics(2));
    const doubled = art(one).flatMap((row) => {
      const wide = [...row].map((p) => p + p).join('');
      return [wide, wide];
    });
    expect(art(two)).toEqual(doubled);
    expect([two?.xPx, two?.yPx]).toEqual([2 * one!.xPx, 2 * one!.yPx]);
  });

  it.each<[number, string, [number, number], [number, number], number]>([
    // The cell is under 16 px: drawn at the text size, resampled.
    [12, '7x14', [0, 3], [6, 8], 31],
    [13, '8x16', [1, 3], [7, 10], 0],
    [20, '12x24', [3, 9], [7, 10], 0],
    // 33 px holds 2 x 16: drawn at 32 px.
    [28, '17x33', [2, 6], [14, 20], 0],
  ])('at fontSizePx %i (cell %s) draws U+13E3 at %j, %j px, %i grey pixels', (fontSizePx, cell, at, size, grey) => {
    const m = cellMetricsFor({ fontSizePx, scale: 1, paddingPx: 0 });
    const glyph = glyphFor('\u13e3', 1, false, false, m);
    if (glyph?.kind !== 'coverage') throw new Error('no coverage glyph');
    expect(`${m.cellWidthPx}x${m.cellHeightPx}`).toBe(cell);
    expect([
      [glyph.xPx, glyph.yPx],
      [glyph.coverage.widthPx, glyph.coverage.heightPx],
    ]).toEqual([at, size]);
    expect(glyph.coverage.alpha.filter((a) => a > 0 && a < 255).length).toBe(grey);
  });
});
