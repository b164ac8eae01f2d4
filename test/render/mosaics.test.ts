import { describe, expect, it } from 'vitest';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { gridEdge, OCTANT_PATTERNS, SEXTANT_PATTERNS } from '../../src/render/mosaics.js';
import { renderScreen } from '../../src/render/index.js';
import { proceduralGlyph } from '../../src/render/procedural-glyphs.js';
import { coverageArt } from './helpers/coverage-art.js';
import { pixelArt } from './helpers/pixels.js';
import { ScreenBuilder } from './helpers/screen-builder.js';

interface Cell {
  widthPx: number;
  heightPx: number;
  scale: number;
}

/** Cells of font sizes 15 px (9×18), 16 px (10×19) and 15 px at scale 2 (18×36). */
const CELLS: readonly [Cell, Cell, Cell] = [
  { widthPx: 9, heightPx: 18, scale: 1 },
  { widthPx: 10, heightPx: 19, scale: 1 },
  { widthPx: 18, heightPx: 36, scale: 2 },
];

const glyph = (codePoint: number, { widthPx, heightPx, scale }: Cell = CELLS[0]): GlyphCoverage => {
  const coverage = proceduralGlyph(String.fromCodePoint(codePoint), widthPx, heightPx, scale, scale);
  if (!coverage) throw new Error(`no procedural glyph for U+${codePoint.toString(16)}`);
  return coverage;
};
const rows = (count: number, row: string): string[] => Array.from({ length: count }, () => row);
/** The pattern bits a Unicode name "BLOCK SEXTANT-235" / "BLOCK OCTANT-124" spells: cell n is bit n − 1. */
const bitsOfName = (name: string): number => [...name.split('-')[1]!].reduce((bits, n) => bits | (1 << (Number(n) - 1)), 0);

describe('pattern tables', () => {
  // Names from UnicodeData.txt (Unicode 13.0 sextants, 16.0 octants); 1FB28 follows the skipped ▐ (SEXTANT-246).
  it('derives 60 sextants and 230 octants, as U+1FB00–U+1FB3B and U+1CD00–U+1CDE5 hold', () => {
    expect([SEXTANT_PATTERNS.length, OCTANT_PATTERNS.length]).toEqual([60, 230]);
  });

  it.each([
    ['1FB00', 'BLOCK SEXTANT-1'],
    ['1FB13', 'BLOCK SEXTANT-35'],
    ['1FB14', 'BLOCK SEXTANT-235'],
    ['1FB27', 'BLOCK SEXTANT-146'],
    ['1FB28', 'BLOCK SEXTANT-1246'],
    ['1FB3B', 'BLOCK SEXTANT-23456'],
  ])('maps U+%s to the pattern of its chart name %s', (hex, name) => {
    expect(SEXTANT_PATTERNS[Number.parseInt(hex, 16) - 0x1fb00]).toBe(bitsOfName(name));
  });

  it.each([
    ['1CD00', 'BLOCK OCTANT-3'],
    ['1CD05', 'BLOCK OCTANT-124'],
    ['1CD64', 'BLOCK OCTANT-12567'],
    ['1CD65', 'BLOCK OCTANT-3567'],
    ['1CDE4', 'BLOCK OCTANT-1345678'],
    ['1CDE5', 'BLOCK OCTANT-2345678'],
  ])('maps U+%s to the pattern of its chart name %s', (hex, name) => {
    expect(OCTANT_PATTERNS[Number.parseInt(hex, 16) - 0x1cd00]).toBe(bitsOfName(name));
  });

  it('rounds grid edges to whole layout pixels', () => {
    expect([0, 1, 2, 3].map((k) => gridEdge(19, k, 3, 1))).toEqual([0, 6, 13, 19]);
    expect([1, 2, 3].map((k) => gridEdge(19, k, 4, 1))).toEqual([5, 10, 14]);
    expect(gridEdge(9, 1, 2, 1)).toBe(5);
    expect(gridEdge(18, 1, 2, 2)).toBe(10);
  });
});

describe('sextants', () => {
  it('fills 🬀 (SEXTANT-1) as the top third of ▌ at 9×18', () => {
    expect(coverageArt(glyph(0x1fb00))).toEqual([...rows(6, '#####....'), ...rows(12, '.........')]);
  });

  it('splits 19 rows 6 + 7 + 6: 🬓 (SEXTANT-35) at 10×19', () => {
    expect(coverageArt(glyph(0x1fb13, CELLS[1]))).toEqual([...rows(6, '..........'), ...rows(13, '#####.....')]);
  });

  it('doubles the 1x cell at scale 2: 🬻 (SEXTANT-23456) at 18×36', () => {
    expect(coverageArt(glyph(0x1fb3b, CELLS[2]))).toEqual([...rows(12, '..........########'), ...rows(24, '##################')]);
  });

  it.each(CELLS)('covers every pixel of a $widthPx×$heightPx cell exactly once with the six one-cell sextants', (cell) => {
    const singles = [0x1fb00, 0x1fb01, 0x1fb03, 0x1fb07, 0x1fb0f, 0x1fb1e].map((cp) => glyph(cp, cell));
    const sums = new Set(singles[0]!.alpha.map((_, i) => singles.reduce((sum, g) => sum + g.alpha[i]!, 0)));
    expect(sums).toEqual(new Set([255]));
  });
});

describe('octants', () => {
  it('fills 𜴀 (OCTANT-3) as the second quarter of the left column at 9×18 and 10×19', () => {
    expect(coverageArt(glyph(0x1cd00))).toEqual([...rows(5, '.........'), ...rows(4, '#####....'), ...rows(9, '.........')]);
    expect(coverageArt(glyph(0x1cd00, CELLS[1]))).toEqual([...rows(5, '..........'), ...rows(5, '#####.....'), ...rows(9, '..........')]);
  });

  it('doubles the 1x cell at scale 2: 𜷥 (OCTANT-2345678) at 18×36', () => {
    expect(coverageArt(glyph(0x1cde5, CELLS[2]))).toEqual([...rows(10, '..........########'), ...rows(26, '##################')]);
  });

  it('draws the octant patterns coded elsewhere: 🯦 (middle left one quarter) and 𜺨 (left half upper one quarter)', () => {
    expect(coverageArt(glyph(0x1fbe6))).toEqual([...rows(5, '.........'), ...rows(9, '#####....'), ...rows(4, '.........')]);
    expect(coverageArt(glyph(0x1cea8))).toEqual([...rows(5, '#####....'), ...rows(13, '.........')]);
  });

  it.each(CELLS)('covers every pixel of a $widthPx×$heightPx cell exactly once with the eight one-cell octants', (cell) => {
    const singles = [0x1cea8, 0x1ceab, 0x1cd00, 0x1cd03, 0x1cd09, 0x1cd18, 0x1cea3, 0x1cea0].map((cp) => glyph(cp, cell));
    const sums = new Set(singles[0]!.alpha.map((_, i) => singles.reduce((sum, g) => sum + g.alpha[i]!, 0)));
    expect(sums).toEqual(new Set([255]));
  });

  it('meets the block elements: 🮂 (upper one quarter, an octant pattern) ends where ▆ begins', () => {
    const upper = glyph(0x1fb82);
    const lower = glyph(0x2586);
    expect(upper.alpha.map((a, i) => a + lower.alpha[i]!).every((sum) => sum === 255)).toBe(true);
  });
});

describe('mosaics in a rendered screen', () => {
  /** 2×2 cells of sextants (10×19 px each at 16 px), as lit pixel art. */
  const render = (patterns: number[]): string[] => {
    const sextant = (bits: number): string => String.fromCodePoint(0x1fb00 + SEXTANT_PATTERNS.indexOf(bits));
    const screen = new ScreenBuilder(2, 2)
      .text(0, 0, sextant(patterns[0]!) + sextant(patterns[1]!))
      .text(0, 1, sextant(patterns[2]!) + sextant(patterns[3]!))
      .build();
    const image = renderScreen(screen, { paddingPx: 0, cursor: 'hide', fontSizePx: 16 });
    return pixelArt(image, { xPx: 0, yPx: 0, widthPx: 20, heightPx: 38 }, [255, 255, 255], [0, 0, 0]);
  };

  it('tiles a 4×6 picture of sextants and its complement: every pixel lit exactly once, across the cell seams too', () => {
    const picture = [0b100110, 0b011001, 0b110001, 0b000111];
    const one = render(picture);
    const other = render(picture.map((bits) => 63 - bits));
    const counts = new Set(one.flatMap((row, y) => [...row].map((c, x) => `${c}${other[y]![x]}`)));
    expect(counts).toEqual(new Set(['#.', '.#']));
    expect([one[0], one[6], one[19]]).toEqual(['.....##########.....', '#####..........#####', '#####.....##########']);
  });
});
