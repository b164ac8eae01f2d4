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
