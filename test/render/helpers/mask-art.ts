import type { AlphaMask } from '../../../src/render/mask.js';

/** A mask as text rows: '#' full coverage, '.' none, '+' partial. */
export function maskArt(mask: AlphaMask): string[] {
  return Array.from({ length: mask.heightPx }, (_, y) =>
    Array.from({ length: mask.widthPx }, (_, x) => {
      const a = mask.alpha[y * mask.widthPx + x]!;
      return a === 255 ? '#' : a === 0 ? '.' : '+';
    }).join(''),
  );
}
