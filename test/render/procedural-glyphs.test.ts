import { describe, expect, it } from 'vitest';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { renderScreen, tofuCodePoints } from '../../src/render/index.js';
import { cellMetricsFor } from '../../src/render/metrics.js';
import { proceduralGlyph, tofuGlyph } from '../../src/render/procedural-glyphs.js';
import { coverageArt } from './helpers/coverage-art.js';
import { pixelArt } from './helpers/pixels.js';
import { ScreenBuilder } from './helpers/screen-builder.js';

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
  it('covers at least one pixel with every glyph that draws anything, at every font size 6–20 px, 1x and 2x', () => {
    const ranges = [
      [0x2500, 0x259f],
      [0x2801, 0x28ff],
      [0xe0b0, 0xe0d7],
      [0x1fb00, 0x1fbff],
      [0x1cd00, 0x1ceaf],
    ];
    const vanished: string[] = [];
    for (const [first, last] of ranges) {
      for (let cp = first!; cp <= last!; cp++) {
        const chars = String.fromCodePoint(cp);
        if (!proceduralGlyph(chars, 9, 18, 1, 1)) continue;
        for (let fontSizePx = 6; fontSizePx <= 20; fontSizePx++) {
          for (const scale of [1, 2] as const) {
            const m = cellMetricsFor({ fontSizePx, scale, paddingPx: 0 });
            const coverage = proceduralGlyph(chars, m.cellWidthPx, m.cellHeightPx, m.lineThicknessPx, scale)!;
            const ink = coverage.alpha.reduce((sum, a) => sum + a, 0);
            if (ink < 255 * scale * scale) vanished.push(`U+${cp.toString(16).toUpperCase()} ${fontSizePx}px ${scale}x`);
          }
        }
      }
    }
    expect(vanished).toEqual([]);
  });
  it('keeps one pixel for bars and dashes that would round to nothing in the 4×7 cell of a 6 px font: ▕ 🭰 ┈ ┊', () => {
    const tiny = (chars: string): string[] => coverageArt(proceduralGlyph(chars, 4, 7, 1, 1)!);
    expect(tiny('▕')).toEqual(rows(7, '...#'));
    expect(tiny('\u{1fb70}')).toEqual(rows(7, '#...')); // the 2nd eighth of 4 px is the first pixel's right half
    expect(tiny('┈')).toEqual([...rows(3, '....'), '#.#.', ...rows(3, '....')]); // 2 dashes: 4 do not fit with gaps
    expect(tiny('┊')).toEqual(['.#..', '....', '.#..', '....', '.#..', '.#..', '....']);
  });

  it('draws 🭳 (vertical one eighth block-4) as column 3 of the 7×14 cell of a 12 px font, where it rounded to nothing', () => {
    expect(coverageArt(proceduralGlyph('\u{1fb73}', 7, 14, 1, 1)!)).toEqual(rows(14, '...#...'));
  });

  it('draws a procedural character followed by VS15 or VS16 as the character, and leaves other sequences to fonts', () => {
    for (const selector of ['\ufe0e', '\ufe0f']) {
      for (const base of ['─', '█', '⣿', '\ue0b0', '\u{1fb70}'])
        expect(proceduralGlyph(base + selector, 9, 18, 1, 1)).toEqual(proceduralGlyph(base, 9, 18, 1, 1));
    }
    expect(proceduralGlyph('⣿\u0301', 9, 18, 1, 1)).toBeNull();
    expect(proceduralGlyph('\ufe0f', 9, 18, 1, 1)).toBeNull();
    expect(proceduralGlyph('─\ufe0f\ufe0f', 9, 18, 1, 1)).toBeNull();
  });

  it('joins ─ + VS16 in a width-1 cell (as tmux stores it) to its neighbours, with no tofu', () => {
    const screen = new ScreenBuilder(3, 1).text(0, 0, '─').set(1, 0, { chars: '─\ufe0f', width: 1 }).text(2, 0, '─').build();
    const art = pixelArt(renderScreen(screen, { paddingPx: 0, cursor: 'hide' }), { xPx: 0, yPx: 0, widthPx: 27, heightPx: 18 }, [255, 255, 255], [0, 0, 0]);
    expect(art).toEqual([...rows(8, '.'.repeat(27)), '#'.repeat(27), ...rows(9, '.'.repeat(27))]);
    expect(tofuCodePoints(screen)).toEqual([]);
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
