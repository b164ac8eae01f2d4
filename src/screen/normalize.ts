/** Screen text normalized for digests, so volatile text does not change them. Pure. */
import { TEXT_MASKS } from '../defaults.js';

/** What every masked span becomes. */
export const MASK_TOKEN = '*';

/** The built-in masks (clock times, durations, spinner glyphs, pids, /tmp paths), in order. */
export const DEFAULT_TEXT_MASKS: readonly RegExp[] = Object.values(TEXT_MASKS);

/**
 * `text` with every match of every mask replaced by {@link MASK_TOKEN} (masks applied in order;
 * a mask without the `g` flag still masks every occurrence) and trailing spaces dropped from each
 * line. Masks run before trimming, so a masked span at the end of a line stays as the token.
 * @param masks The patterns to mask. @default DEFAULT_TEXT_MASKS; pass
 *   `[...DEFAULT_TEXT_MASKS, /mine/g]` to add yours, `[]` for trimming only.
 * @example normalizeText('took 1.23s at 12:34:56  ') // 'took * at *'
 */
export function normalizeText(text: string, masks: readonly RegExp[] = DEFAULT_TEXT_MASKS): string {
  let masked = text;
  for (const mask of masks) {
    const global = mask.global ? mask : new RegExp(mask.source, `${mask.flags}g`);
    masked = masked.replace(global, MASK_TOKEN);
  }
  return masked.replace(/ +$/gm, '');
}
