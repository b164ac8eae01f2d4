// What the grid holds for flags and keycaps (measured in tmux 3.3a and the screen model, see
// test/examples/emoji-sequences.test.ts) and what the renderer draws for it.
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../src/render/index.js';
import type { Cell } from '../../src/snapshot.js';
import { pixel, pixelArt } from './helpers/pixels.js';
import { ScreenBuilder } from './helpers/screen-builder.js';

const BARE = { paddingPx: 0, cursor: 'hide' } as const;
const BLACK = [0, 0, 0];

/** A row of cells, each `[chars, width]`, as tmux and the screen model lay them out. */
function grid(cells: [string, Cell['width']][], attrs: Partial<Cell> = {}) {
  const builder = new ScreenBuilder(cells.length, 1);
  cells.forEach(([chars, width], col) => builder.set(col, 0, { ...attrs, chars, width }));
  return builder.build();
}

/** The pixels of a column of the image, top to bottom, as 'r,g,b'. */
const column = (image: ReturnType<typeof renderScreen>, xPx: number) => Array.from({ length: 18 }, (_, y) => pixel(image, xPx, y).join(','));

describe('regional-indicator flags', () => {
  it('draws a pair in two cells as one flag across both: the German flag has red, then gold stripes', () => {
    const image = renderScreen(
      grid([
        ['🇩', 1],
        ['🇪', 1],
      ]),
      BARE,
    );
    // x = 9 is the flag's middle; its black stripe sits on the black background.
    expect(column(image, 9)).toEqual([
      ...Array(3).fill('0,0,0'),
      '25,25,25',
      ...Array(3).fill('0,0,0'),
      '160,0,0',
      '221,0,0',
      '220,0,0',
      '219,0,0',
      '254,194,0',
      '255,200,0',
      '255,198,0',
      '220,163,2',
      ...Array(3).fill('0,0,0'),
    ]);
    expect(pixelArt(image, { xPx: 0, yPx: 0, widthPx: 18, heightPx: 18 }, [-1], BLACK)).toEqual([
      '..................',
      '..................',
      '................++',
      '++++++++++++++++++',
      '++........++++++++',
      '+...............++',
      '+..++++.........++',
      ...Array(8).fill('++++++++++++++++++'),
      '++.........++++...',
      '..................',
      '..................',
    ]);
  });

  it('draws two adjacent pairs as two flags, and each flag the same wherever it starts', () => {
    const us = renderScreen(
      grid([
        ['🇺', 1],
        ['🇸', 1],
      ]),
      BARE,
    );
    const both = renderScreen(
      grid([
        ['🇯', 1],
        ['🇵', 1],
        ['🇺', 1],
        ['🇸', 1],
      ]),
      BARE,
    );
    const jp = renderScreen(
      grid([
        ['🇯', 1],
        ['🇵', 1],
      ]),
      BARE,
    );
    for (let x = 0; x < 18; x++) {
      expect(column(both, x)).toEqual(column(jp, x));
      expect(column(both, 18 + x)).toEqual(column(us, x));
    }
    // The Japanese flag's red disc is in the middle of its two cells, white around it.
    expect([pixel(both, 9, 9), pixel(both, 3, 9)]).toEqual([
      [186, 0, 44],
      [255, 255, 255],
    ]);
  });

  it("draws a lone indicator as the emoji font's letter in its one cell, not as half a flag", () => {
    const image = renderScreen(
      grid([
        ['🇩', 1],
        ['x', 1],
      ]),
      BARE,
    );
    const pair = renderScreen(
      grid([
        ['🇩', 1],
        ['🇪', 1],
      ]),
      BARE,
    );
    expect(column(image, 4)).not.toEqual(column(pair, 4));
    expect(pixelArt(image, { xPx: 0, yPx: 4, widthPx: 9, heightPx: 9 }, [-1], BLACK)).toEqual([
      '.........',
      '.++++++..',
      '.+++++++.',
      '.+++.+++.',
      '.+++..++.',
      '.+++..++.',
      '.+++++++.',
      '.++++++..',
      '.+++++...',
    ]);
  });

  it("draws a flag with the left cell's attributes: a hidden (SGR 8) left cell hides the whole flag", () => {
    const builder = new ScreenBuilder(2, 1).set(0, 0, { chars: '🇩', width: 1, invisible: true }).set(1, 0, { chars: '🇪', width: 1 });
    const image = renderScreen(builder.build(), BARE);
    expect(pixelArt(image, { xPx: 0, yPx: 0, widthPx: 18, heightPx: 18 }, [-1], BLACK)).toEqual(Array(18).fill('..................'));
  });
});

describe('keycaps', () => {
  const keycap = (chars: string) => renderScreen(grid([[chars, 1]]), BARE);

  it.each([
    ['1️⃣', '1\ufe0f\u20e3'],
    ['#️⃣', '#\ufe0f\u20e3'],
  ])('draws %s (one cell, as the grid gives it) with the emoji face fitted to the cell: a 9 × 9 px key', (_name, chars) => {
    expect(pixelArt(keycap(chars), { xPx: 0, yPx: 0, widthPx: 9, heightPx: 18 }, [-1], BLACK)).toEqual([
      ...Array(4).fill('.........'),
      ...Array(9).fill('+++++++++'),
      ...Array(5).fill('.........'),
    ]);
  });

  it('draws each keycap with its own label', () => {
    const [one, hash] = [keycap('1\ufe0f\u20e3'), keycap('#\ufe0f\u20e3')];
    const differing = Array.from({ length: 9 }, (_, x) => column(one, x).filter((p, y) => p !== column(hash, x)[y]).length);
    expect(differing.reduce((a, b) => a + b)).toBe(44);
  });
});
