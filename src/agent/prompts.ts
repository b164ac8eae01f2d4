/**
 * What the model reads (pure): the system, goal, planning, chunk and nudge prompts, and the
 * builders of tool and image messages (OpenAI Chat Completions message shapes).
 */
import { Buffer } from 'node:buffer';
import type { ChatMessage } from './chat.js';

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
  return [
    `Overall goal: ${goal}`,
    `This is chunk ${index} of ${count}. Your task now: ${chunk}`,
    timeSentence(seconds),
    screenBlock(screen),
  ].join('\n\n');
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

/** The user message carrying screenshot `label` as a `data:image/png;base64,…` image_url part. */
export function imageMessage(label: string, png: Uint8Array): ChatMessage {
  return {
    role: 'user',
    content: [
      { type: 'text', text: `Screenshot '${label}':` },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } },
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
