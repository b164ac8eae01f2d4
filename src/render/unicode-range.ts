import { TmuxShotError } from '../errors.js';

/** CSS `unicode-range` values (CSS Fonts 4 §4.5), as the font packages' `unicode.json` lists them (pure). */

/** An inclusive range of code points. */
export interface CodePointRange {
  readonly first: number;
  readonly last: number;
}

/**
 * Parses a `unicode-range` list such as `U+0E01-0E5B,U+25CC` into inclusive ranges.
 * Wildcards (`U+4??`) are not used by the bundled packages and are rejected.
 * @throws {TmuxShotError} on any other syntax (a bundled package file would be corrupt).
 */
export function parseUnicodeRange(value: string): CodePointRange[] {
  return value.split(',').map((part) => {
    const match = /^\s*U\+([0-9A-Fa-f]{1,6})(?:-([0-9A-Fa-f]{1,6}))?\s*$/.exec(part);
    if (!match) throw new TmuxShotError(`Not a unicode-range: ${JSON.stringify(part)}`);
    const first = Number.parseInt(match[1]!, 16);
    return { first, last: match[2] === undefined ? first : Number.parseInt(match[2], 16) };
  });
}

/** True when one of `ranges` holds `codePoint`. */
export function inRanges(ranges: readonly CodePointRange[], codePoint: number): boolean {
  return ranges.some((r) => codePoint >= r.first && codePoint <= r.last);
}
