/**
 * Names made into file names (pure): screenshot names, test names (cassettes, failure screens,
 * GIFs) and Vitest project names. Shared by the two shells that name files, `vitest/` and `cli/`
 * (`cassettes check` finds a project's folder by the same rule).
 */

/**
 * One path segment made safe for a file name. As Vitest sanitizes screenshot names, white-space
 * runs become `-`, other characters are dropped and `-` runs collapse to one; unlike Vitest, the
 * letters, digits and combining marks of every script are kept (after NFC normalization, so a
 * name typed precomposed or decomposed gives one file), so names in Japanese, Cyrillic or
 * Devanagari stay readable and distinct. May return `''` (a name of symbols or emoji only).
 * @example sanitizeSegment('menu > opens it 1') === 'menu-opens-it-1'
 * @example sanitizeSegment('メニュー 1') === 'メニュー-1'
 */
export function sanitizeSegment(input: string): string {
  return input
    .normalize('NFC')
    .replace(/\s+/gu, '-')
    .replace(/[^\p{L}\p{M}\p{N}_-]+/gu, '')
    .replace(/-{2,}/g, '-');
}

/**
 * The key under which two file names are one file: case-folded, since the default file systems of
 * macOS and Windows ignore case (`Menu.png` and `menu.png` are one file there).
 */
export function fileNameKey(fileName: string): string {
  return fileName.toLowerCase();
}
