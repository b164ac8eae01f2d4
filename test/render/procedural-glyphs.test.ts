import { describe, expect, it } from 'vitest';
import { proceduralGlyph, tofuGlyph } from '../../src/render/procedural-glyphs.js';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { coverageArt } from './helpers/coverage-art.js';

/** A default cell: 9×18 px, 1 px light lines. */
const cellGlyph = (chars: string): GlyphCoverage => {
  const coverage = proceduralGlyph(chars, 9, 18, 1, 1);
  if (!coverage) throw new Error(`no procedural glyph for ${chars}`);
  return coverage;
};

const EMPTY = '.........';
const rows = (count: number, row: string): string[] => Array.from({ length: count }, () => row);

describe('box-drawing lines', () => {
  it('draws ─ as row 8 from edge to edge and │ as column 4 from top to bottom', () => {
    expect(coverageArt(cellGlyph('─'))).toEqual([...rows(8, EMPTY), '#########', ...rows(9, EMPTY)]);
    expect(coverageArt(cellGlyph('│'))).toEqual(rows(18, '....#....'));
  });

  it('joins arms at the centre: ┼ and ┍ (light down, heavy right)', () => {
    expect(coverageArt(cellGlyph('┼'))).toEqual([...rows(8, '....#....'), '#########', ...rows(9, '....#....')]);
    expect(coverageArt(cellGlyph('┍'))).toEqual([...rows(8, EMPTY), '....#####', '....#####', ...rows(8, '....#....')]);
  });

  it('draws heavy lines 2 px thick: ━', () => {
    expect(coverageArt(cellGlyph('━'))).toEqual([...rows(8, EMPTY), '#########', '#########', ...rows(8, EMPTY)]);
  });

  it('nests the corners of double lines: ╔', () => {
    expect(coverageArt(cellGlyph('╔'))).toEqual([...rows(7, EMPTY), '...######', '...#.....', '...#.####', ...rows(8, '...#.#...')]);
  });

  it('keeps the four corners of ╬ apart and stops ╟ at the near line', () => {
    expect(coverageArt(cellGlyph('╬'))).toEqual([...rows(7, '...#.#...'), '####.####', EMPTY, '####.####', ...rows(8, '...#.#...')]);
    expect(coverageArt(cellGlyph('╟'))).toEqual([...rows(8, '...#.#...'), '...#.####', ...rows(9, '...#.#...')]);
  });

  it('draws dashes with gaps split between the cell ends: ┄', () => {
    expect(coverageArt(cellGlyph('┄'))).toEqual([...rows(8, EMPTY), '##.##.##.', ...rows(9, EMPTY)]);
  });

  it('ends a rounded corner ╭ on the light lines at the right and bottom edges, anti-aliased in between', () => {
    expect(coverageArt(cellGlyph('╭'))).toEqual([...rows(8, EMPTY), '......++#', '.....+++.', '....+++..', '....++...', ...rows(6, '....#....')]);
  });

  it('draws diagonals from corner to corner: ╱ from the top-right pixel to the bottom-left one, 2 px wide, never fully covered', () => {
    const coverage = cellGlyph('╱');
    expect(coverageArt(coverage)).toEqual([
      '........+',
      '.......++',
      '.......++',
      '......++.',
      '......++.',
      '.....++..',
      '.....++..',
      '....++...',
      '....++...',
      '...++....',
      '...++....',
      '..++.....',
      '..++.....',
      '.++......',
      '.++......',
      '++.......',
      '++.......',
      '+........',
    ]);
    expect(new Set(coverage.alpha)).toEqual(new Set([0, 64, 191]));
  });

  it('lets lines of neighbouring cells meet with no gap', () => {
    const horizontal = coverageArt(cellGlyph('─'))[8]!;
    expect(horizontal[0]! + horizontal[8]!).toBe('##');
    const vertical = coverageArt(cellGlyph('│'));
    expect(vertical[0]![4]! + vertical[17]![4]!).toBe('##');
  });
});

describe('block elements', () => {
  it('fills the whole cell with █', () => {
    expect(coverageArt(cellGlyph('█'))).toEqual(rows(18, '#########'));
  });

  it('splits halves without overlap or gap: ▀ ▄ ▌ ▐', () => {
    expect(coverageArt(cellGlyph('▀'))).toEqual([...rows(9, '#########'), ...rows(9, EMPTY)]);
    expect(coverageArt(cellGlyph('▄'))).toEqual([...rows(9, EMPTY), ...rows(9, '#########')]);
    expect(coverageArt(cellGlyph('▌'))).toEqual(rows(18, '#####....'));
    expect(coverageArt(cellGlyph('▐'))).toEqual(rows(18, '.....####'));
  });

  it('rounds eighths to whole pixels: ▁ is the bottom 2 rows, ▏ the left column', () => {
    expect(coverageArt(cellGlyph('▁'))).toEqual([...rows(16, EMPTY), ...rows(2, '#########')]);
    expect(coverageArt(cellGlyph('▏'))).toEqual(rows(18, '#........'));
  });

  it('draws quadrants: ▚ is upper left and lower right', () => {
    expect(coverageArt(cellGlyph('▚'))).toEqual([...rows(9, '#####....'), ...rows(9, '.....####')]);
  });

  it('draws shades as uniform 25 %, 50 % and 75 % coverage', () => {
    expect(new Set(cellGlyph('░').alpha)).toEqual(new Set([64]));
    expect(new Set(cellGlyph('▒').alpha)).toEqual(new Set([128]));
    expect(new Set(cellGlyph('▓').alpha)).toEqual(new Set([191]));
  });
});

describe('proceduralGlyph', () => {
  it('draws every code point from U+2500 to U+259F', () => {
    const blank: string[] = [];
    for (let cp = 0x2500; cp <= 0x259f; cp++) {
      const coverage = proceduralGlyph(String.fromCodePoint(cp), 9, 18, 1, 1);
      if (!coverage || coverage.alpha.every((a) => a === 0)) blank.push(cp.toString(16));
    }
    expect(blank).toEqual([]);
  });

  it('returns null for other characters and for sequences', () => {
    expect(proceduralGlyph('A', 9, 18, 1, 1)).toBeNull();
    expect(proceduralGlyph('\u24ff', 9, 18, 1, 1)).toBeNull();
    expect(proceduralGlyph('\u25a0', 9, 18, 1, 1)).toBeNull();
    expect(proceduralGlyph('──', 9, 18, 1, 1)).toBeNull();
  });

  it('draws every glyph at 2x as the 1x glyph doubled', () => {
    const differ: string[] = [];
    for (let cp = 0x2500; cp <= 0x259f; cp++) {
      if (cp >= 0x256d && cp <= 0x2573) continue; // arcs and diagonals are anti-aliased at each size
      const one = proceduralGlyph(String.fromCodePoint(cp), 9, 18, 1, 1)!;
      const two = proceduralGlyph(String.fromCodePoint(cp), 18, 36, 2, 2)!;
      const doubled = two.alpha.every((a, i) => a === one.alpha[Math.floor(i / 36) * 9 + Math.floor((i % 18) / 2)]);
      if (!doubled) differ.push(cp.toString(16));
    }
    expect(differ).toEqual([]);
  });
});

describe('tofuGlyph', () => {
  it('is an outline inset 1 px at the sides and 2 px at top and bottom', () => {
    expect(coverageArt(tofuGlyph(9, 18, 1))).toEqual([EMPTY, EMPTY, '.#######.', ...rows(12, '.#.....#.'), '.#######.', EMPTY, EMPTY]);
  });

  it('spans both cells of a wide character', () => {
    expect(coverageArt(tofuGlyph(18, 18, 1))[2]).toBe('.################.');
  });
});
