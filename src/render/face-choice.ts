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
 * The text handed to Skia to draw `chars` (the canonical form a face covers) with face `face`:
 * without the code points that face's cmap lacks, which would invite Skia's fallback to a system
 * font. Text faces get neither presentation selector; the emoji face keeps VS16, which selects
 * its sequences (Skia draws it as part of the emoji although the cmap has no VS16), never VS15.
 */
export function textToDraw(face: FaceId, chars: string): string {
  return face === 'emoji' ? chars.replaceAll('\ufe0e', '') : String.fromCodePoint(...codePointsToCover(chars));
}

/**
 * Faces to try for `chars`, best first. A narrow grapheme: the monospace face of its style,
 * regular monospace (the oblique faces cover fewer characters), the script faces, Nerd
 * symbols, CJK, Hangul, colour emoji, then UnifontEX. A wide grapheme or one with VS16: colour
 * emoji, CJK, Hangul, then the narrow order. A grapheme with VS15 (text presentation, at any
 * width): the narrow order with colour emoji moved after UnifontEX, so any text face is
 * preferred to emoji. UnifontEX comes after every other text face: it covers the whole BMP, but
 * as a 16 px bitmap design; Nerd comes before CJK and emoji, whose few shared code points
 * (e.g. U+2665) it draws in the terminal style Nerd-patched fonts use.
 */
export function faceCandidates(chars: string, width: 1 | 2, bold: boolean, italic: boolean): FaceId[] {
  const style: FaceId = bold ? (italic ? 'mono-bold-italic' : 'mono-bold') : italic ? 'mono-italic' : 'mono';
  const monos: FaceId[] = style === 'mono' ? ['mono'] : [style, 'mono'];
  const text: FaceId[] = [...monos, ...SCRIPT_FACES, 'nerd', 'cjk', 'hangul'];
  if (chars.includes('\ufe0e')) return [...text, 'last-resort', 'emoji'];
  if (width === 2 || chars.includes('\ufe0f')) return ['emoji', 'cjk', 'hangul', ...monos, ...SCRIPT_FACES, 'nerd', 'last-resort'];
  return [...text, 'emoji', 'last-resort'];
}

/**
 * The canonically equivalent spellings of `chars` to try, each once: NFC, as given, then NFD.
 * Precomposed first: a font's precomposed letter is designed as one (Ấ, Ǻ), while the
 * monospace faces cannot stack a second combining mark on a first (DejaVu Sans Mono draws the
 * acute of A + U+0302 + U+0301 in the next cell); a decomposed Hangul syllable (NFD, as in macOS
 * file names) is covered only composed. NFD last, for a letter no font has precomposed.
 */
export function canonicalForms(chars: string): string[] {
  return [...new Set([chars.normalize('NFC'), chars, chars.normalize('NFD')])];
}

/** The face {@link chooseFace} found and the spelling of the grapheme it covers, which is the one to draw. */
export interface FaceChoice<T> {
  readonly font: T;
  readonly chars: string;
}

/**
 * The first candidate face (see {@link faceCandidates}) for which `find` gives a font covering
 * all code points (presentation selectors aside) of the grapheme's first canonical form (see
 * {@link canonicalForms}) that any face covers, with that form; null when none does. A form
 * goes down the whole chain, UnifontEX included, before the next form is tried, so the
 * precomposed letter wins over a decomposition the monospace faces would draw with a mark
 * misplaced. `find` answers from the fonts' cmaps; for a face sliced by unicode-range, from the
 * one slice whose range holds every code point.
 */
export function chooseFace<T>(
  chars: string,
  width: 1 | 2,
  bold: boolean,
  italic: boolean,
  find: (face: FaceId, codePoints: readonly number[]) => T | null,
): FaceChoice<T> | null {
  const faces = faceCandidates(chars, width, bold, italic);
  for (const form of canonicalForms(chars)) {
    const codePoints = codePointsToCover(form);
    for (const face of faces) {
      const font = find(face, codePoints);
      if (font !== null) return { font, chars: form };
    }
  }
  return null;
}
