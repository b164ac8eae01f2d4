/**
 * The report's escaping and embedding (pure): every string from the input (test names, screen
 * text, model output) is untrusted and enters the page only through these functions.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` as HTML text or a quoted attribute value: `& < > " '` become entities (HTML Living Standard, "Escaping a string"). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** Base64 of bytes (Node's encoder; the same bytes always give the same text). */
function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** A `data:image/png;base64,…` URL of PNG bytes. */
export function pngDataUrl(png: Uint8Array): string {
  return `data:image/png;base64,${base64(png)}`;
}

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * `value` as JSON safe inside a `<script type="application/json">` element: `<`, `>` and `&`
 * become `\u003c`-style escapes, so no `</script>` or `<!--` in a string can end the element, and
 * JSON.parse reads the same value back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => SCRIPT_ESCAPES[ch]!);
}
