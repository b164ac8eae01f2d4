import { describe, expect, it } from 'vitest';
import { inkBounds } from '../../src/render/glyph-coverage.js';

describe('inkBounds', () => {
  const plane = (rows: string[]) => Uint8Array.from(rows.join(''), (c) => (c === '.' ? 0 : 255));
  const all = { x0: 0, y0: 0, x1: 4, y1: 3 };
  it.each<[string, string[], typeof all, typeof all | null]>([
    ['one pixel', ['....', '..#.', '....'], all, { x0: 2, y0: 1, x1: 3, y1: 2 }],
    ['pixels in opposite corners', ['#...', '....', '...#'], all, all],
    ['no ink', ['....', '....', '....'], all, null],
    ['ink only outside the window', ['#...', '....', '...#'], { x0: 1, y0: 0, x1: 3, y1: 3 }, null],
    ['ink cut to the window', ['.##.', '.##.', '####'], { x0: 1, y0: 0, x1: 4, y1: 2 }, { x0: 1, y0: 0, x1: 3, y1: 2 }],
  ])('%s', (_name, rows, within, bounds) => {
    expect(inkBounds(plane(rows), 4, within)).toEqual(bounds);
  });
});
