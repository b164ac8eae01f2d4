/**
 * Pasted text as a terminal sends it, following xterm.js's paste (`prepareTextForTerminal`,
 * `bracketTextForPaste` in its Clipboard): line breaks (`\r\n` or `\n`) become CR, what Enter
 * sends, and when the app has turned bracketed paste on (DECSET 2004, xterm ctlseqs "Bracketed
 * Paste Mode") the text is wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`, so a shell or an editor
 * inserts it instead of running or interpreting each line.
 */

const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';

/** The UTF-8 bytes a terminal sends when `text` is pasted, `bracketed` when the app asked for bracketed paste. */
export function pasteBytes(text: string, bracketed: boolean): Buffer {
  const body = text.replace(/\r?\n/g, '\r');
  return Buffer.from(bracketed ? PASTE_START + body + PASTE_END : body, 'utf8');
}
