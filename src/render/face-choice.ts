/**
 * Which bundled font face draws a grapheme (pure). Only faces that cover every code point of
 * the grapheme qualify, so Skia never falls back to a system font; when none does, the caller
 * draws tofu.
 */

/** The bundled faces: DejaVu Sans Mono in four styles, Noto Sans SC (CJK), Noto Color Emoji. */
export type FaceId = 'mono' | 'mono-bold' | 'mono-italic' | 'mono-bold-italic' | 'cjk' | 'emoji';

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
 * Faces to try for `chars`, best first: a wide grapheme or one with VS16 prefers colour emoji,
 * then CJK, then monospace; a narrow one (or one with VS15) prefers the monospace face of its
 * style, then regular monospace (the oblique faces cover fewer characters), CJK, emoji.
 */
export function faceCandidates(chars: string, width: 1 | 2, bold: boolean, italic: boolean): FaceId[] {
  const style: FaceId = bold ? (italic ? 'mono-bold-italic' : 'mono-bold') : italic ? 'mono-italic' : 'mono';
  const monos: FaceId[] = style === 'mono' ? ['mono'] : [style, 'mono'];
  const wantsEmoji = !chars.includes('\ufe0e') && (width === 2 || chars.includes('\ufe0f'));
  return wantsEmoji ? ['emoji', 'cjk', ...monos] : [...monos, 'cjk', 'emoji'];
}

/**
 * The first candidate face that covers all of `chars` (see {@link faceCandidates}), or null
 * when none does. `covers` answers from the font's cmap.
 */
export function chooseFace(chars: string, width: 1 | 2, bold: boolean, italic: boolean, covers: (face: FaceId, codePoint: number) => boolean): FaceId | null {
  const codePoints = codePointsToCover(chars);
  for (const face of faceCandidates(chars, width, bold, italic)) {
    if (codePoints.every((cp) => covers(face, cp))) return face;
  }
  return null;
}
