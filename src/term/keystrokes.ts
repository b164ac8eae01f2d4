/**
 * Text as a keyboard types it: one keystroke per grapheme (a user-perceived character, Unicode
 * UAX #29 by `Intl.Segmenter`), each sent as its own write so the app reads it as its own
 * `read()`, as from a person's keyboard. A line break is Enter: `'\n'` and `'\r\n'` (one grapheme)
 * are sent as CR (0x0D), what Enter sends, so a raw-mode app submits. Pure.
 */

let graphemes: Intl.Segmenter | undefined;
/** The grapheme segmenter, made on first use: making one loads ICU's break data (≈ 20 ms), at every import of the package otherwise. */
const segmenter = (): Intl.Segmenter => (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));

/** The keystrokes of `text`: its graphemes in order, each as the UTF-8 bytes a terminal sends for it. */
export function textKeystrokes(text: string): Buffer[] {
  return [...segmenter().segment(text)].map(({ segment }) => keystrokeBytes(segment));
}

/** The bytes of typed text sent as one write (`insertText`): its UTF-8, each line break as CR. */
export function typedBytes(text: string): Buffer {
  return Buffer.from(text.replace(/\r?\n/g, '\r'), 'utf8');
}

function keystrokeBytes(grapheme: string): Buffer {
  return Buffer.from(grapheme === '\n' || grapheme === '\r\n' ? '\r' : grapheme, 'utf8');
}
