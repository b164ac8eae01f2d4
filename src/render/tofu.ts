/** Which code points a screenshot draws as tofu: no procedural glyph and no bundled font for them. */

import { formatCodePoint, type ScreenSnapshot } from '../snapshot.js';
import { chooseFace, codePointsToCover } from './face-choice.js';
import { fontFor } from './fonts.js';
import { proceduralGlyph } from './procedural-glyphs.js';
import { regionalIndicatorPairs } from './regional-indicators.js';

/** Decisions kept before the cache is emptied (as the glyph cache). */
const MAX_DECISIONS = 20_000;

/** Per grapheme, width and style: the code points drawn as tofu (empty when a font or geometry draws it). */
const decisions = new Map<string, readonly number[]>();

/**
 * The code points of one grapheme drawn as tofu, decided once per process. The cmaps are asked
 * first; only a grapheme no font covers is tried as geometry, whose coverage is then allocated
 * once (the geometry only sizes it; whether a family draws the character does not depend on it).
 */
function tofuOf(chars: string, width: 1 | 2, bold: boolean, italic: boolean): readonly number[] {
  const key = `${width}${bold ? 'b' : ''}${italic ? 'i' : ''}:${chars}`;
  let tofu = decisions.get(key);
  if (tofu === undefined) {
    if (decisions.size >= MAX_DECISIONS) decisions.clear();
    const drawn = chooseFace(chars, width, bold, italic, fontFor) !== null || proceduralGlyph(chars, width * 9, 18, 1, 1) !== null;
    tofu = drawn ? [] : codePointsToCover(chars);
    decisions.set(key, tofu);
  }
  return tofu;
}

/**
 * The code points of `snapshot` the renderer draws as tofu (the outlined box), as `U+0378`
 * strings (as the README and `NODE_DEBUG=tmux-shot` write them), ascending by code point and
 * each once: those of every grapheme that is neither a procedural glyph (box drawing, blocks…)
 * nor covered whole, in one of its canonical forms (NFC, as given, NFD), by one bundled font
 * face. It follows the renderer: hidden (SGR 8) cells draw nothing and are not listed, and two
 * cells holding a regional-indicator pair are one flag. With UnifontEX as the last resort these
 * are unassigned code points and planes no bundled font covers (e.g. U+0378, U+10FFFD). Styles
 * matter (bold or italic text may fall back to another face), colours do not; presentation
 * selectors (VS15/VS16) are never listed. Each distinct grapheme and style is decided once per
 * process, so a call costs about one map look-up per cell. Set `NODE_DEBUG=tmux-shot` to have
 * the renderer print each tofu it draws.
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @example
 * expect(tofuCodePoints(app.screen())).toEqual([]);
 * // fails with e.g. `expected [ 'U+0378', 'U+10FFFD' ] to deeply equal []`
 */
export function tofuCodePoints(snapshot: ScreenSnapshot): string[] {
  const tofu = new Set<number>();
  for (const row of snapshot.cells) {
    const flags = regionalIndicatorPairs(row);
    row.forEach((cell, col) => {
      if (cell.invisible || cell.width === 0 || flags.has(col - 1) || cell.chars === '' || cell.chars === ' ') return;
      const [chars, width] = flags.has(col) ? [cell.chars + row[col + 1]!.chars, 2 as const] : [cell.chars, cell.width];
      for (const cp of tofuOf(chars, width, cell.bold, cell.italic)) tofu.add(cp);
    });
  }
  return [...tofu].sort((a, b) => a - b).map(formatCodePoint);
}
