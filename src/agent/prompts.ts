/**
 * What the model reads (pure): the system, goal, planning, chunk and nudge prompts, the builders
 * of tool and image messages (OpenAI Chat Completions message shapes), and the bounds that keep a
 * long run's observations small: only the last few screenshots stay images, and huge screen texts
 * are cut with an explicit marker.
 */
import { Buffer } from 'node:buffer';
import type { ChatMessage, ContentPart } from './chat.js';

/** The system prompt of every acting conversation. */
export function systemPrompt(): string {
  return [
    'You operate a terminal application running in a real terminal, through tools.',
    'Use send_keys for keys by name (Down, Enter, Escape, C-c, q) and type_text for literal text.',
    'After acting, look at the result with read_text or screenshot before deciding the next step.',
    'Call finish with a one-sentence summary when the goal is done or cannot be done, and as evidence',
    'the exact texts on the screen that prove it (they are checked against the screen).',
    'Every reply must call at least one tool.',
  ].join('\n');
}

/** The fenced screen text shown in goal and chunk prompts. */
function screenBlock(screen: string): string {
  return `The screen now shows:\n\`\`\`\n${screen}\n\`\`\``;
}

/** The time sentence of timed runs; `seconds` is the time left. */
function timeSentence(seconds: number): string {
  return `You have about ${Math.round(seconds)} seconds: keep using the app the whole time, then call finish.`;
}

/** The first user message of an unplanned run; `seconds` (time left) only for timed runs. */
export function goalPrompt(goal: string, screen: string, seconds?: number): string {
  return [`Goal: ${goal}`, ...(seconds === undefined ? [] : [timeSentence(seconds)]), screenBlock(screen)].join('\n\n');
}

/** The planning request of a long timed run: asks for `count` chunks of about `chunkSeconds` s. */
export function planningPrompt(goal: string, duration: number, count: number): string {
  return [
    `Goal for a ${Math.round(duration)}-second session: ${goal}`,
    `Plan it as exactly ${count} chunks of about ${Math.round(duration / count)} seconds each, in order.`,
    'Call propose_plan with one array element per chunk: a short task each, no numbering, never several tasks in one element.',
  ].join('\n');
}

/** The first user message of chunk `index` (1-based) of `count`; `seconds` is its time budget. */
export function chunkPrompt(goal: string, chunk: string, index: number, count: number, seconds: number, screen: string): string {
  return [`Overall goal: ${goal}`, `This is chunk ${index} of ${count}. Your task now: ${chunk}`, timeSentence(seconds), screenBlock(screen)].join('\n\n');
}

/** The nudge sent when a timed run's model stops calling tools with `seconds` left. */
export function nudgePrompt(seconds: number): string {
  return (
    `The session is not over: about ${Math.round(seconds)} seconds are left. ` +
    'Continue with the tools; do not stop until the time is used, then call finish.'
  );
}

/** The tool message answering call `id`. */
export function toolMessage(id: string, content: string): ChatMessage {
  return { role: 'tool', tool_call_id: id, content };
}

/** A user message's content: `text` alone, or `text` and the screenshot `png` as an `image_url` data URL part. */
export function textAndImage(text: string, png: Uint8Array | undefined): string | ContentPart[] {
  if (!png) return text;
  return [
    { type: 'text', text },
    { type: 'image_url', image_url: { url: pngDataUrl(png) } },
  ];
}

/** The user message carrying screenshot `label` as a `data:image/png;base64,…` image_url part. */
export function imageMessage(label: string, png: Uint8Array): ChatMessage {
  return {
    role: 'user',
    content: [
      { type: 'text', text: `Screenshot '${label}':` },
      { type: 'image_url', image_url: { url: pngDataUrl(png) } },
    ],
  };
}

/** The system prompt of `agent.assert`: one verdict on one claim about the screen. */
export function assertSystemPrompt(): string {
  return [
    'You check one claim about a terminal application screen, given as text.',
    'Call the verdict tool once: pass is true only if the screen shows the claim is true;',
    'reason quotes the screen text that decides it.',
  ].join('\n');
}

/** The user message of `agent.assert`. */
export function assertPrompt(claim: string, screen: string): string {
  return [`Claim: ${claim}`, screenBlock(screen)].join('\n\n');
}

/** The system prompt of `agent.query`: structured data read off the screen. */
export function querySystemPrompt(): string {
  return [
    'You read data off a terminal application screen, given as text.',
    'Call the answer tool once, with the answer in exactly the shape its schema asks for.',
  ].join('\n');
}

/** The user message of `agent.query`. */
export function queryPrompt(question: string, screen: string): string {
  return [`Question: ${question}`, screenBlock(screen)].join('\n\n');
}

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

function pngDataUrl(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}
