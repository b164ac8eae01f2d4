import type { GlyphCoverage } from '../../../src/render/glyph-coverage.js';

/** A glyph's coverage as text rows: '#' full coverage, '.' none, '+' partial. */
export function coverageArt(coverage: GlyphCoverage): string[] {
  return Array.from({ length: coverage.heightPx }, (_, y) =>
    Array.from({ length: coverage.widthPx }, (_, x) => {
      const a = coverage.alpha[y * coverage.widthPx + x]!;
      return a === 255 ? '#' : a === 0 ? '.' : '+';
    }).join(''),
  );
}
