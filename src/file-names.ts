/**
 * Names made into file names (pure): screenshot names, test names (cassettes, failure screens,
 * GIFs) and Vitest project names. Shared by the two shells that name files, `vitest/` and `cli/`
 * (`cassettes check` finds a project's folder by the same rule).
 */

/**
 * One path segment made safe for a file name. As Vitest sanitizes screenshot names, white-space
 * runs become `-`, other characters are dropped and `-` runs collapse to one (so no result holds
 * `--`); unlike Vitest, the letters, digits and combining marks of every script are kept (after NFC
 * normalization, so a name typed precomposed or decomposed gives one file), so names in Japanese,
 * Cyrillic or Devanagari stay readable and distinct. May return `''` (a name of symbols or emoji only).
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

/** Longest stem of an agent's screenshot, in characters. */
const MAX_SCREENSHOT_STEM = 60;

/**
 * The file-name stem of an agent's screenshot labelled `label` (the model's words):
 * {@link sanitizeSegment}, so every script's letters stay and no path, dot or slash gets through,
 * without leading or trailing `-`, at most 60 characters; `screenshot` when nothing is left.
 * @example screenshotFileStem('../Settings open!') === 'Settings-open'
 * @example screenshotFileStem('設定 画面') === '設定-画面'
 */
export function screenshotFileStem(label: string): string {
  const stem = Array.from(sanitizeSegment(label))
    .slice(0, MAX_SCREENSHOT_STEM)
    .join('')
    .replace(/^-+|-+$/g, '');
  return stem === '' ? 'screenshot' : stem;
}

/**
 * The key under which two file names are one file: case-folded and NFC-normalized, since the
 * default file systems of macOS and Windows ignore case (`Menu.png` and `menu.png` are one file
 * there) and macOS ignores the Unicode form.
 */
export function fileNameKey(fileName: string): string {
  return fileName.normalize('NFC').toLowerCase();
}

/** The stem of a name that has no letter or digit to name a file after. */
const UNNAMED = 'unnamed';

/**
 * File-name stems for `names`, in order, all distinct under {@link fileNameKey}: each is its
 * {@link sanitizeSegment} (`unnamed` when that is empty); the second and later names with one stem
 * get `--2`, `--3`… after it, which no sanitized name holds. For files that must never fail to be
 * written (a failed test's screen), where refusing a name would lose them.
 * @example distinctStems(['menu item', 'menu item', '🎉']) → ['menu-item', 'menu-item--2', 'unnamed']
 */
export function distinctStems(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const stem = sanitizeSegment(name) || UNNAMED;
    const n = (seen.get(fileNameKey(stem)) ?? 0) + 1;
    seen.set(fileNameKey(stem), n);
    return n === 1 ? stem : `${stem}--${n}`;
  });
}

/**
 * Characters that cannot be in a folder name on Linux, macOS or Windows (control characters, `/`,
 * `\` and Windows' reserved `:*?"<>|`), and `%`, which introduces an encoded one.
 */
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f%/\\:*?"<>|]/gu;

/** `char` as `%XX` escapes of its UTF-8 bytes, as `encodeURIComponent` writes them. */
function percentEncode(char: string): string {
  return [...Buffer.from(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * A Vitest project name as one folder name, reversibly (`decodeURIComponent` gives the name back),
 * so distinct project names never share a folder: the name as written — spaces, case and every
 * script kept — with the characters of {@link UNSAFE_IN_NAMES}, a leading `.` (`.`, `..`, hidden
 * folders) and a trailing `.` or space (which Windows drops) percent-encoded.
 * @example projectFolderName('dark mode') === 'dark mode'; projectFolderName('web/dark') === 'web%2Fdark'
 */
export function projectFolderName(name: string): string {
  return name.replace(UNSAFE_IN_NAMES, percentEncode).replace(/^\./, '%2E').replace(/[. ]$/, percentEncode);
}
