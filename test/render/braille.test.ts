import { describe, expect, it } from 'vitest';
import { cellMetricsFor } from '../../src/render/metrics.js';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { proceduralGlyph, tofuGlyph } from '../../src/render/procedural-glyphs.js';
import { coverageArt } from './helpers/coverage-art.js';

/** Braille pattern `chars` in a `w`×`h` cell at `scale`. */
const braille = (chars: string, w = 9, h = 18, scale = 1): GlyphCoverage => {
  const coverage = proceduralGlyph(chars, w, h, scale, scale);
  if (!coverage) throw new Error(`no procedural glyph for ${chars}`);
  return coverage;
};

/** Every braille pattern U+2800–U+28FF. */
const ALL = Array.from({ length: 256 }, (_, i) => String.fromCodePoint(0x2800 + i));

const EMPTY = '.........';
const DOTS = '.##...##.';

/** The lengths of the runs of '.' between runs of '#' in `line` (the gaps between dots). */
const gapsBetweenDots = (line: string): number[] =>
  line
    .replace(/^\.+|\.+$/g, '')
    .split(/#+/)
    .filter((run) => run !== '')
    .map((run) => run.length);

describe('braille dots', () => {
  it('places ⣿ as 2×2 dots at columns 1 and 6, rows 1, 6, 10 and 15 of a 9×18 cell', () => {
    expect(coverageArt(braille('⣿'))).toEqual([
      EMPTY,
      DOTS,
      DOTS,
      EMPTY,
      EMPTY,
      EMPTY,
      DOTS,
      DOTS,
      EMPTY,
      EMPTY,
      DOTS,
      DOTS,
      EMPTY,
      EMPTY,
      EMPTY,
      DOTS,
      DOTS,
      EMPTY,
    ]);
  });

  it('numbers dots as Unicode does: 1, 2, 3, 7 down the left column, 4, 5, 6, 8 down the right', () => {
    const lit = (chars: string): string[] => coverageArt(braille(chars)).flatMap((row, y) => [...row].flatMap((c, x) => (c === '#' ? [`${x},${y}`] : [])));
    const dot = (x: number, y: number): string[] => [`${x},${y}`, `${x + 1},${y}`, `${x},${y + 1}`, `${x + 1},${y + 1}`];
    expect(lit('⠁')).toEqual(dot(1, 1));
    expect(lit('⠂')).toEqual(dot(1, 6));
    expect(lit('⠄')).toEqual(dot(1, 10));
    expect(lit('⠈')).toEqual(dot(6, 1));
    expect(lit('⠐')).toEqual(dot(6, 6));
    expect(lit('⠠')).toEqual(dot(6, 10));
    expect(lit('⡀')).toEqual(dot(1, 15));
    expect(lit('⢀')).toEqual(dot(6, 15));
  });

  it('draws U+2800 as no dots and every pattern as 4 px per dot, unlike tofu', () => {
    const tofu = tofuGlyph(9, 18, 1).alpha.join();
    const wrong = ALL.filter((chars, i) => {
      const { alpha } = braille(chars);
      const dots = i.toString(2).replaceAll('0', '').length;
      return alpha.filter((a) => a === 255).length !== 4 * dots || alpha.some((a) => a !== 0 && a !== 255) || alpha.join() === tofu;
    });
    expect(wrong).toEqual([]);
    expect(braille('\u2800').alpha.every((a) => a === 0)).toBe(true);
  });

  it('draws every pattern at 2x as the 1x pattern doubled', () => {
    const differ = ALL.filter((chars) => {
      const one = braille(chars);
      const two = braille(chars, 18, 36, 2);
      return !two.alpha.every((a, i) => a === one.alpha[Math.floor(i / 36) * 9 + Math.floor((i % 18) / 2)]);
    });
    expect(differ).toEqual([]);
    expect(coverageArt(braille('⠁', 18, 36, 2)).slice(0, 7)).toEqual([
      '..................',
      '..................',
      '..####............',
      '..####............',
      '..####............',
      '..####............',
      '..................',
    ]);
  });

  it('keeps 2×2 dots in the 10×19 cell of a 16 px font, the odd column in the right margin', () => {
    const { cellWidthPx, cellHeightPx } = cellMetricsFor({ fontSizePx: 16, scale: 1, paddingPx: 0 });
    expect([cellWidthPx, cellHeightPx]).toEqual([10, 19]);
    const art = coverageArt(braille('⣿', 10, 19));
    expect(art.flatMap((row, y) => (row.includes('#') ? [y] : []))).toEqual([1, 2, 6, 7, 11, 12, 16, 17]);
    expect(new Set(art.filter((row) => row.includes('#')))).toEqual(new Set(['.##...##..']));
  });
});

describe('braille tiling', () => {
  it('repeats the same gaps across the seam of ⣿⣿ side by side (3, 2, 3) and stacked (3, 2, 3, 2, 3, 2, 3)', () => {
    const art = coverageArt(braille('⣿'));
    expect(gapsBetweenDots(art[1]! + art[1]!)).toEqual([3, 2, 3]);
    const column = art.map((row) => row[1]).join('');
    expect(gapsBetweenDots(column + column)).toEqual([3, 2, 3, 2, 3, 2, 3]);
  });

  it('spaces dots evenly at 16 px: gaps 3, 3, 3 side by side and 3, 3, 3, 2, 3, 3, 3 stacked', () => {
    const art = coverageArt(braille('⣿', 10, 19));
    expect(gapsBetweenDots(art[1]! + art[1]!)).toEqual([3, 3, 3]);
    const column = art.map((row) => row[1]).join('');
    expect(gapsBetweenDots(column + column)).toEqual([3, 3, 3, 2, 3, 3, 3]);
  });

  it('keeps a gap across the cell boundary in the 4×7 cell of a 6 px font, where 4 rows and 4 gaps do not fit: dots 2 and 3 touch instead (rows 0, 2, 3, 5)', () => {
    expect(coverageArt(braille('⣿', 4, 7))).toEqual(['#.#.', '....', '#.#.', '#.#.', '....', '#.#.', '....']);
    const column = coverageArt(braille('⣿', 8, 14, 2))
      .map((row) => row[0])
      .join('');
    expect(column).toBe('##..####..##..'); // 2x: the 1x rows doubled
    expect(gapsBetweenDots(column.repeat(2))).toEqual([2, 2, 2, 2, 2]);
  });

  it('keeps 8 separate square dots and gaps within one unit of each other at every font size 7–72 px, 1x and 2x (6 px cells are 7 px tall: too short for 4 separate rows)', () => {
    const uneven: string[] = [];
    for (let fontSizePx = 7; fontSizePx <= 72; fontSizePx++) {
      for (const scale of [1, 2] as const) {
        const { cellWidthPx: w, cellHeightPx: h } = cellMetricsFor({ fontSizePx, scale, paddingPx: 0 });
        const art = coverageArt(braille('⣿', w, h, scale));
        const across = gapsBetweenDots(art.find((row) => row.includes('#'))!.repeat(2));
        const dotColumn = art.find((row) => row.includes('#'))!.indexOf('#');
        const down = gapsBetweenDots(
          art
            .map((row) => row[dotColumn])
            .join('')
            .repeat(2),
        );
        const gaps = [...across, ...down];
        if (
          across.length !== 3 ||
          down.length !== 7 ||
          Math.min(...gaps) < scale ||
          Math.max(...across) - Math.min(...across) > scale ||
          Math.max(...down) - Math.min(...down) > scale
        ) {
          uneven.push(`${fontSizePx}px ${scale}x: ${across} / ${down}`);
        }
      }
    }
    expect(uneven).toEqual([]);
  });
});
