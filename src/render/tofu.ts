/** Which code points a screenshot draws as tofu: no procedural glyph and no bundled font for them. */

import type { ScreenSnapshot } from '../snapshot.js';
import { chooseFace, codePointsToCover } from './face-choice.js';
import { fontFor } from './fonts.js';
import { proceduralGlyph } from './procedural-glyphs.js';

/**
 * The code points of `snapshot` the renderer draws as tofu (the outlined box), ascending and
 * each once: those of every grapheme that is neither a procedural glyph (box drawing, blocks…)
 * nor covered whole by one bundled font face. With UnifontEX as the last resort these are
 * unassigned code points and planes no bundled font covers (e.g. U+0378, U+10FFFD). Styles
 * matter (bold or italic text may fall back to another face), colours do not; presentation
 * selectors (VS15/VS16) are never listed. Set `NODE_DEBUG=tmux-shot` to have the renderer print
 * each tofu it draws.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @example
 * expect(tofuCodePoints(app.screen())).toEqual([]);
 */
export function tofuCodePoints(snapshot: ScreenSnapshot): number[] {
  const tofu = new Set<number>();
  for (const row of snapshot.cells) {
    for (const cell of row) {
      if (cell.width === 0 || cell.chars === '' || cell.chars === ' ') continue;
      // The geometry only sizes the coverage; whether a family draws the character does not depend on it.
      if (proceduralGlyph(cell.chars, cell.width * 9, 18, 1, 1)) continue;
      if (chooseFace(cell.chars, cell.width, cell.bold, cell.italic, fontFor)) continue;
      for (const cp of codePointsToCover(cell.chars)) tofu.add(cp);
    }
  }
  return [...tofu].sort((a, b) => a - b);
}
