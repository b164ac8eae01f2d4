import { describe, expect, it } from 'vitest';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { renderScreen } from '../../src/render/index.js';
import { proceduralGlyph } from '../../src/render/procedural-glyphs.js';
import { coverageArt } from './helpers/coverage-art.js';
import { pixelArt } from './helpers/pixels.js';
import { ScreenBuilder } from './helpers/screen-builder.js';

const glyph = (codePoint: number, widthPx = 9, heightPx = 18, scale = 1): GlyphCoverage => {
  const coverage = proceduralGlyph(String.fromCodePoint(codePoint), widthPx, heightPx, scale, scale);
  if (!coverage) throw new Error(`no procedural glyph for U+${codePoint.toString(16)}`);
  return coverage;
};
const rows = (count: number, row: string): string[] => Array.from({ length: count }, () => row);

describe('light diagonals', () => {
  it('draws 🮠 from the top of │ (x 4.5) to the left end of ─ (y 8.5), 1 px thick, at 9×18', () => {
    expect(coverageArt(glyph(0x1fba0))).toEqual([
      '...++....',
      '...++....',
      '..++.....',
      '..++.....',
      '.++......',
      '+++......',
      '++.......',
      '++.......',
      '+........',
      ...rows(9, '.........'),
    ]);
  });

  it('moves the ends with the line centres at 10×19 (x 4.5, y 9.5) and 18×36 (x 9, y 17, 2 px thick)', () => {
    const small = coverageArt(glyph(0x1fba0, 10, 19));
    expect([small[0], small[9], small[10]]).toEqual(['...++.....', '+.........', '..........']);
    const double = coverageArt(glyph(0x1fba0, 18, 36, 2));
    expect([double[0], double[16], double[17], double[18]]).toEqual(['.......+#+........', '#+................', '+.................', '..................']);
  });

  it('joins the two halves of 🯘 at the centre (5, 8.5)', () => {
    expect(coverageArt(glyph(0x1fbd8))).toEqual([
      '+.......+',
      '++.....++',
      '++.....++',
      '.++...++.',
      '.+++.+++.',
      '..++.++..',
      '..+++++..',
      '...+++...',
      '...+++...',
      ...rows(9, '.........'),
    ]);
  });

  it('meets ─ in the left neighbour: 🮢 leaves the cell on row 8, where ─ runs', () => {
    const screen = new ScreenBuilder(2, 1).text(0, 0, '─🮢').build();
    const image = renderScreen(screen, { paddingPx: 0, cursor: 'hide' });
    expect(pixelArt(image, { xPx: 0, yPx: 7, widthPx: 18, heightPx: 4 }, [255, 255, 255], [0, 0, 0])).toEqual([
      '..................',
      '#########+........',
      '.........++.......',
      '.........++.......',
    ]);
  });
});

describe('diagonal fills', () => {
  it('stripes 🮘 from upper left to lower right, two stripes a cell width, continuing across the cell edges', () => {
    const art = coverageArt(glyph(0x1fb98));
    expect(art.slice(0, 2)).toEqual(['+#+.+#++.', '+#++.+#+.']);
    expect(art[17]).toBe('#++.+#+.+');
    expect(art[9]).toBe(art[0]);
  });

  it('mirrors 🮙 (upper right to lower left)', () => {
    expect(coverageArt(glyph(0x1fb99))[0]).toBe('#++.+#+.+');
  });
});

describe('justified circles', () => {
  it('fills 🯨 (top justified lower half black circle) with diameter the cell width', () => {
    expect(coverageArt(glyph(0x1fbe8))).toEqual(['#########', '+#######+', '+#######+', '.++###++.', '..+++++..', ...rows(13, '.........')]);
  });

  it('fills 🯬 (top right justified lower left quarter black circle) from the top right corner', () => {
    expect(coverageArt(glyph(0x1fbec)).slice(0, 6)).toEqual(['....+####', '....+####', '.....+###', '.....++##', '.......++', '.........']);
  });
});
