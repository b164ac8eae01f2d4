import { describe, expect, it } from 'vitest';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { renderScreen } from '../../src/render/index.js';
import { proceduralGlyph, tofuGlyph } from '../../src/render/procedural-glyphs.js';
import { coverageArt } from './helpers/coverage-art.js';
import { pixelArt } from './helpers/pixels.js';
import { ScreenBuilder } from './helpers/screen-builder.js';

const glyph = (codePoint: number, widthPx = 9, heightPx = 18, scale = 1): GlyphCoverage => {
  const coverage = proceduralGlyph(String.fromCodePoint(codePoint), widthPx, heightPx, scale, scale);
  if (!coverage) throw new Error(`no procedural glyph for U+${codePoint.toString(16)}`);
  return coverage;
};
const rows = (count: number, row: string): string[] => Array.from({ length: count }, () => row);
const range = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** Every code point drawn as geometry by legacy-computing.ts, legacy-line-art.ts and mosaics.ts. */
const DRAWN = [...range(0x1fb00, 0x1fbae), ...range(0x1fbce, 0x1fbef), ...range(0x1cd00, 0x1cde5), 0x1cea0, 0x1cea3, 0x1cea8, 0x1ceab];
/** Wedges, triangles, line art and circles: anti-aliased along their slopes, so not exactly doubled at 2x. */
const SLOPED = new Set([...range(0x1fb3c, 0x1fb6f), ...range(0x1fb98, 0x1fbae), ...range(0x1fbd0, 0x1fbe3), ...range(0x1fbe8, 0x1fbef)]);

describe('wedges', () => {
  it('fills 🬼 below the line from the lower middle left to the lower centre, anti-aliased along it', () => {
    expect(coverageArt(glyph(0x1fb3c))).toEqual([...rows(12, '.........'), '+........', '#+.......', '#++......', '##++.....', '###+.....', '####+....']);
  });

  it('draws 🭒 as the complement of 🬼: together they cover every pixel, overlapping only on the slope', () => {
    const lower = glyph(0x1fb3c);
    const upper = glyph(0x1fb52);
    const sums = lower.alpha.map((a, i) => Math.min(255, a + upper.alpha[i]!));
    expect(new Set(sums)).toEqual(new Set([255]));
    expect(coverageArt(upper).slice(11)).toEqual(['#########', '+########', '.+#######', '.++######', '..++#####', '...+#####', '....+####']);
  });

  it('meets the sextant grid at 10×19 (16 px font): 🬼 starts at row 13, the lower third', () => {
    expect(coverageArt(glyph(0x1fb3c, 10, 19)).slice(12)).toEqual([
      '..........',
      '+.........',
      '#+........',
      '#++.......',
      '##++......',
      '###+......',
      '####+.....',
    ]);
  });

  it('keeps the slope at scale 2: 🬼 at 18×36 fills the bottom 12 rows up to the centre', () => {
    const art = coverageArt(glyph(0x1fb3c, 18, 36, 2));
    expect(art.slice(0, 24)).toEqual(rows(24, '..................'));
    expect([art[24], art[35]]).toEqual(['+.................', '#########+........']);
  });
});

describe('triangles', () => {
  it('draws 🭬 (left triangular one quarter block) from the left edge to the centre (5, 9)', () => {
    const art = coverageArt(glyph(0x1fb6c));
    expect(art.slice(6, 12)).toEqual(['###+.....', '####+....', '####+....', '####+....', '####+....', '###+.....']);
    expect(art.map((row) => row[0]).join('')).toBe('++##############++');
  });

  it('shades 🮜 (upper left triangular medium shade) at ▒ coverage inside, 0 outside', () => {
    const coverage = glyph(0x1fb9c);
    expect([coverage.alpha[0], coverage.alpha[8 * 9 + 1], coverage.alpha[17 * 9 + 8]]).toEqual([128, 128, 0]);
  });
});

describe('eighths, shades and checker boards', () => {
  it('draws 🭰 (vertical one eighth block-2) at 9, 10 and 18 px wide', () => {
    expect(coverageArt(glyph(0x1fb70))).toEqual(rows(18, '.#.......'));
    expect(coverageArt(glyph(0x1fb70, 10, 19))).toEqual(rows(19, '.##.......'));
    expect(coverageArt(glyph(0x1fb70, 18, 36, 2))).toEqual(rows(36, '..##..............'));
  });

  it('draws 🭼 (left and lower one eighth block) with the rows of ▁', () => {
    expect(coverageArt(glyph(0x1fb7c))).toEqual([...rows(16, '#........'), '#########', '#########']);
    expect(coverageArt(glyph(0x1fb7c)).slice(16)).toEqual(coverageArt(glyph(0x2581)).slice(16));
  });

  it('draws 🮑 as ▀ over a medium-shaded lower half', () => {
    const coverage = glyph(0x1fb91);
    expect([...new Set(coverage.alpha.slice(0, 9 * 9))]).toEqual([255]);
    expect([...new Set(coverage.alpha.slice(9 * 9))]).toEqual([128]);
  });

  it('draws 🮕 (checker board fill) as 4×4 squares starting filled at the top left', () => {
    expect(coverageArt(glyph(0x1fb95))).toEqual([...rows(5, '##...##..'), ...rows(4, '..###..##'), ...rows(5, '##...##..'), ...rows(4, '..###..##')]);
  });

  it('draws 🯎 (left two thirds block) 6 of 9 px wide', () => {
    expect(coverageArt(glyph(0x1fbce))).toEqual(rows(18, '######...'));
  });
});

describe('the drawn ranges', () => {
  it('draws every code point of the covered ranges, and none of them as the tofu box', () => {
    const tofu = tofuGlyph(9, 18, 1).alpha.join();
    const missing = DRAWN.filter((cp) => {
      const coverage = proceduralGlyph(String.fromCodePoint(cp), 9, 18, 1, 1);
      return !coverage || coverage.alpha.every((a) => a === 0) || coverage.alpha.join() === tofu;
    });
    expect([DRAWN.length, missing]).toEqual([443, []]);
  });

  it('leaves the pictographs and segmented digits to fonts', () => {
    const codePoints = [0x1fbaf, 0x1fbb0, 0x1fbcd, 0x1fbf0, 0x1fbf9, 0x1cde6, 0x1cea1];
    expect(codePoints.map((cp) => proceduralGlyph(String.fromCodePoint(cp), 9, 18, 1, 1))).toEqual(codePoints.map(() => null));
  });

  it('draws every rectangle glyph at 2x as the 1x glyph doubled', () => {
    const differ = DRAWN.filter((cp) => !SLOPED.has(cp)).filter((cp) => {
      const one = glyph(cp);
      const two = glyph(cp, 18, 36, 2);
      return !two.alpha.every((a, i) => a === one.alpha[Math.floor(i / 36) * 9 + Math.floor((i % 18) / 2)]);
    });
    expect(differ).toEqual([]);
  });
});

describe('in a rendered screen', () => {
  it('joins 🭇🬼 over 🬎🬎 across the cell seams without a gap', () => {
    const screen = new ScreenBuilder(2, 2).text(0, 0, '🭇🬼').text(0, 1, '🬎🬎').build();
    const image = renderScreen(screen, { paddingPx: 0, cursor: 'hide' });
    expect(pixelArt(image, { xPx: 0, yPx: 12, widthPx: 18, heightPx: 19 }, [255, 255, 255], [0, 0, 0])).toEqual([
      '........++........',
      '.......++#+.......',
      '.......+##++......',
      '......+####++.....',
      '.....++#####+.....',
      '.....+#######+....',
      ...rows(12, '##################'),
      '..................',
    ]);
  });
});
