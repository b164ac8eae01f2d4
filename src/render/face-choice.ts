/**
 * Which bundled font face draws a grapheme (pure): the one ordered fallback chain. Only faces
 * that cover every code point of the grapheme qualify, so Skia never falls back to a system
 * font; when none does, the caller draws tofu.
 */

/**
 * The bundled faces: DejaVu Sans Mono in four styles; Noto Sans Hebrew, Thai, Devanagari and
 * Arabic; the Nerd Font symbols; Noto Sans SC (CJK) and KR (Hangul); Noto Color Emoji; and
 * UnifontEX, the last resort.
 */
export type FaceId =
  | 'mono'
  | 'mono-bold'
  | 'mono-italic'
  | 'mono-bold-italic'
  | 'hebrew'
  | 'thai'
  | 'devanagari'
  | 'arabic'
  | 'nerd'
  | 'cjk'
  | 'hangul'
  | 'emoji'
  | 'last-resort';

/** The script faces, tried after monospace in this order (their code points do not overlap). */
const SCRIPT_FACES: readonly FaceId[] = ['hebrew', 'thai', 'devanagari', 'arabic'];

/** VS15 (text presentation) and VS16 (emoji presentation): they select a face, they are not drawn. */
const TEXT_PRESENTATION = 0xfe0e;
const EMOJI_PRESENTATION = 0xfe0f;

/** The code points of `chars` a face must cover (all but the presentation selectors). */
export function codePointsToCover(chars: string): number[] {
  const codePoints: number[] = [];
  for (const c of chars) {
    const cp = c.codePointAt(0)!;
    if (cp !== TEXT_PRESENTATION && cp !== EMOJI_PRESENTATION) codePoints.push(cp);
  }
  return codePoints;
}

/**
 * Faces to try for `chars`, best first. A narrow grapheme (or one with VS15): the monospace
 * face of its style, regular monospace (the oblique faces cover fewer characters), the script
 * faces, Nerd symbols, CJK, Hangul, colour emoji, then UnifontEX. A wide grapheme or one with
 * VS16: colour emoji, CJK, Hangul, then the narrow order. UnifontEX is always last: it covers
 * the whole BMP, but as a 16 px bitmap design; Nerd comes before CJK and emoji, whose few
 * shared code points (e.g. U+2665) it draws in the terminal style Nerd-patched fonts use.
 */
export function faceCandidates(chars: string, width: 1 | 2, bold: boolean, italic: boolean): FaceId[] {
  const style: FaceId = bold ? (italic ? 'mono-bold-italic' : 'mono-bold') : italic ? 'mono-italic' : 'mono';
  const monos: FaceId[] = style === 'mono' ? ['mono'] : [style, 'mono'];
  const wantsEmoji = !chars.includes('\ufe0e') && (width === 2 || chars.includes('\ufe0f'));
  return wantsEmoji
    ? ['emoji', 'cjk', 'hangul', ...monos, ...SCRIPT_FACES, 'nerd', 'last-resort']
    : [...monos, ...SCRIPT_FACES, 'nerd', 'cjk', 'hangul', 'emoji', 'last-resort'];
}

/**
 * The first candidate face (see {@link faceCandidates}) for which `find` gives a font covering
 * all code points of `chars` (presentation selectors aside), or null when none does. `find`
 * answers from the fonts' cmaps; for a face sliced by unicode-range, from the one slice whose
 * range holds every code point.
 */
export function chooseFace<T>(
  chars: string,
  width: 1 | 2,
  bold: boolean,
  italic: boolean,
  find: (face: FaceId, codePoints: readonly number[]) => T | null,
): T | null {
  const codePoints = codePointsToCover(chars);
  for (const face of faceCandidates(chars, width, bold, italic)) {
    const found = find(face, codePoints);
    if (found !== null) return found;
  }
  return null;
}
