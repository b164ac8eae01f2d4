import { describe, expect, it } from 'vitest';
import type { GlyphCoverage } from '../../src/render/glyph-coverage.js';
import { renderScreen } from '../../src/render/index.js';
import { proceduralGlyph, tofuGlyph } from '../../src/render/procedural-glyphs.js';
import { coverageArt } from './helpers/coverage-art.js';
import { pixelArt } from './helpers/pixels.js';
import { palette, ScreenBuilder } from './helpers/screen-builder.js';

/** Powerline separator `chars` in a `w`×`h` cell at `scale`, lines `scale` px thick. */
const separator = (chars: string, w = 9, h = 18, scale = 1): GlyphCoverage => {
  const coverage = proceduralGlyph(chars, w, h, scale, scale);
  if (!coverage) throw new Error(`no procedural glyph for ${chars}`);
  return coverage;
};

/** The code points drawn as geometry: U+E0B0–U+E0BF, U+E0D6, U+E0D7 (kitty's set). */
const DRAWN = [...Array.from({ length: 16 }, (_, i) => 0xe0b0 + i), 0xe0d6, 0xe0d7];

const ARROW_9x18 = [
  '#+.......',
  '##+......',
  '###+.....',
  '###++....',
  '####++...',
  '#####++..',
  '######+..',
  '#######+.',
  '########+',
  '########+',
  '#######+.',
  '######+..',
  '#####++..',
  '####++...',
  '###++....',
  '###+.....',
  '##+......',
  '#+.......',
];

describe('powerline arrows', () => {
  it('draws U+E0B0 with its base on the whole left column and its tip at the middle of the right edge', () => {
    expect(coverageArt(separator('\ue0b0'))).toEqual(ARROW_9x18);
  });

  it('draws U+E0B2 as U+E0B0 mirrored, and the inverted arrows U+E0D7 and U+E0D6 as their complements', () => {
    const arrow = separator('\ue0b0');
    const mirrored = (coverage: GlyphCoverage): string[] => coverageArt(coverage).map((row) => [...row].reverse().join(''));
    expect(mirrored(separator('\ue0b2'))).toEqual(ARROW_9x18);
    expect([...separator('\ue0d7').alpha]).toEqual([...arrow.alpha].map((a) => 255 - a));
    expect([...separator('\ue0d6').alpha]).toEqual([...separator('\ue0b2').alpha].map((a) => 255 - a));
  });

  it('keeps the full column of U+E0B0 2 px wide at 2x and the tip on the edge', () => {
    expect(coverageArt(separator('\ue0b0', 18, 36, 2))).toEqual([
      '##+...............',
      '###+..............',
      '####+.............',
      '####++............',
      '#####++...........',
      '######++..........',
      '#######+..........',
      '########+.........',
      '#########+........',
      '##########+.......',
      '###########+......',
      '############+.....',
      '############++....',
      '#############++...',
      '##############++..',
      '###############+..',
      '################+.',
      '#################+',
      '#################+',
      '################+.',
      '###############+..',
      '##############++..',
      '#############++...',
      '############++....',
      '############+.....',
      '###########+......',
      '##########+.......',
      '#########+........',
      '########+.........',
      '#######+..........',
      '######++..........',
      '#####++...........',
      '####++............',
      '####+.............',
      '###+..............',
      '##+...............',
    ]);
  });

  it('centres the tip on the middle row of an odd-height 10×19 cell (16 px font)', () => {
    expect(coverageArt(separator('\ue0b0', 10, 19))).toEqual([
      '#+........',
      '##+.......',
      '###+......',
      '####+.....',
      '#####+....',
      '#####++...',
      '######++..',
      '#######++.',
      '########++',
      '#########+',
      '########++',
      '#######++.',
      '######++..',
      '#####++...',
      '#####+....',
      '####+.....',
      '###+......',
      '##+.......',
      '#+........',
    ]);
  });

  it('draws the outline U+E0B1 from the left corners to the middle of the right edge, 1 px thick', () => {
    expect(coverageArt(separator('\ue0b1'))).toEqual([
      '++.......',
      '+++......',
      '.+++.....',
      '..+++....',
      '...+++...',
      '....+++..',
      '.....+++.',
      '......+++',
      '.......++',
      '.......++',
      '......+++',
      '.....+++.',
      '....+++..',
      '...+++...',
      '..+++....',
      '.+++.....',
      '+++......',
      '++.......',
    ]);
  });
});

describe('powerline rounded and slanted separators', () => {
  it('draws U+E0B4 as a half disc as wide and as tall as the cell', () => {
    expect(coverageArt(separator('\ue0b4'))).toEqual([
      '#+++.....',
      '####++...',
      '#####++..',
      '######++.',
      '#######+.',
      '########+',
      '########+',
      '########+',
      '#########',
      '#########',
      '########+',
      '########+',
      '########+',
      '#######+.',
      '######++.',
      '#####++..',
      '####++...',
      '#+++.....',
    ]);
  });

  it('draws the outline U+E0B5 inside the cell, touching the left edge at the top and bottom rows', () => {
    expect(coverageArt(separator('\ue0b5'))).toEqual([
      '#+++.....',
      '.+++++...',
      '....+++..',
      '.....+++.',
      '......++.',
      '.......++',
      '.......++',
      '.......++',
      '........#',
      '........#',
      '.......++',
      '.......++',
      '.......++',
      '......++.',
      '.....+++.',
      '....+++..',
      '.+++++...',
      '#+++.....',
    ]);
  });

  it('draws U+E0B8 as the lower-left half and U+E0BD as the diagonal from the top-right corner', () => {
    expect(coverageArt(separator('\ue0b8'))).toEqual([
      '+........',
      '+........',
      '#+.......',
      '#+.......',
      '##+......',
      '##+......',
      '###+.....',
      '###+.....',
      '####+....',
      '####+....',
      '#####+...',
      '#####+...',
      '######+..',
      '######+..',
      '#######+.',
      '#######+.',
      '########+',
      '########+',
    ]);
    expect(coverageArt(separator('\ue0bd'))).toEqual([
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
  });

  it('places U+E0BA, U+E0BC, U+E0BE in the other corners and draws U+E0B9, U+E0BB, U+E0BF as diagonals', () => {
    const art = coverageArt(separator('\ue0b8'));
    const mirror = (rows: string[]): string[] => rows.map((row) => [...row].reverse().join(''));
    expect(coverageArt(separator('\ue0ba'))).toEqual(mirror(art));
    expect(coverageArt(separator('\ue0bc'))).toEqual([...art].reverse());
    expect(coverageArt(separator('\ue0be'))).toEqual(mirror([...art].reverse()));
    expect(coverageArt(separator('\ue0b9'))).toEqual(mirror(coverageArt(separator('\ue0bd'))));
    expect(coverageArt(separator('\ue0bb'))).toEqual(coverageArt(separator('\ue0bd')));
    expect(coverageArt(separator('\ue0bf'))).toEqual(coverageArt(separator('\ue0b9')));
  });
});

describe('powerline code points', () => {
  it('draws every separator of kitty’s set, none like tofu, and leaves the rest of U+E0A0–U+E0DF to fonts', () => {
    const tofu = tofuGlyph(9, 18, 1).alpha.join();
    const drawn: number[] = [];
    const unlike: number[] = [];
    for (let cp = 0xe0a0; cp <= 0xe0df; cp++) {
      const coverage = proceduralGlyph(String.fromCodePoint(cp), 9, 18, 1, 1);
      if (!coverage) continue;
      drawn.push(cp);
      if (coverage.alpha.join() !== tofu && coverage.alpha.some((a) => a > 0)) unlike.push(cp);
    }
    expect(drawn).toEqual(DRAWN);
    expect(unlike).toEqual(DRAWN);
  });
});

describe('braille and powerline in a rendered screen', () => {
  const BLUE = [52, 101, 164];
  const GREEN = [78, 154, 6];
  const WHITE = [255, 255, 255];
  const BLACK = [0, 0, 0];

  it('joins a prompt segment, its U+E0B0 and the next segment with no gap, and ⣿⣿ with the same dot gaps across the seam', () => {
    const snapshot = new ScreenBuilder(3, 2)
      .set(0, 0, { bg: palette(4) })
      .set(1, 0, { chars: '\ue0b0', width: 1, fg: palette(4), bg: palette(2) })
      .set(2, 0, { bg: palette(2) })
      .text(0, 1, '⣿⣿')
      .build();
    const image = renderScreen(snapshot, { paddingPx: 0, cursor: 'hide' });
    const prompt = pixelArt(image, { xPx: 0, yPx: 0, widthPx: 27, heightPx: 18 }, BLUE, GREEN);
    expect(prompt).toEqual(ARROW_9x18.map((row) => `#########${row}.........`));
    const braille = pixelArt(image, { xPx: 0, yPx: 18, widthPx: 18, heightPx: 18 }, WHITE, BLACK);
    expect(braille.slice(0, 3)).toEqual(['..................', '.##...##..##...##.', '.##...##..##...##.']);
    expect(new Set(braille)).toEqual(new Set(['..................', '.##...##..##...##.']));
  });
});
