/**
 * Keeps observations bounded in long runs (pure): only the last few screenshots stay images, and
 * huge screen texts are cut with an explicit marker.
 */
import type { ChatMessage } from './chat.js';

/** Cuts `text` to `maxChars` characters, ending with a marker saying how much was dropped. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[… truncated: ${text.length - maxChars} more characters …]`;
}

/**
 * The messages to send: the same list, except that image messages older than the last `keep`
 * become a text note, so a long run does not resend every screenshot. The input is not changed.
 */
export function boundImages(messages: readonly ChatMessage[], keep: number): ChatMessage[] {
  let images = 0;
  const out = [...messages];
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.role !== 'user' || typeof m.content === 'string' || !m.content.some((p) => p.type === 'image_url')) continue;
    if (++images <= keep) continue;
    const text = m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(' ');
    out[i] = { role: 'user', content: `${text} [image omitted: only the last ${keep} screenshots are kept]` };
  }
  return out;
}
