/**
 * The shapes the agent exchanges with a chat-completions model, following the OpenAI Chat
 * Completions API (`POST /v1/chat/completions`). Requests are typed strictly; replies loosely,
 * because OpenAI-compatible servers (Ollama, vLLM, llama.cpp) differ in what they fill in, and are
 * read through {@link readReply}, which trusts none of it.
 */
import { ModelApiError } from '../errors.js';
import type { TranscriptTurn } from './transcript.js';

/** Longest part of a reply quoted in the error about its shape, in characters. */
const QUOTED_REPLY_CHARS = 200;

/** A tool call as a model returns it (OpenAI `ChatCompletionMessageToolCall`). */
export interface ToolCall {
  /** Call id the matching tool message must echo; some servers omit it. */
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** The assistant message of a reply (OpenAI `ChatCompletionMessage`). */
export interface ReplyMessage {
  content?: string | null;
  tool_calls?: readonly ToolCall[] | null;
  /** Reasoning beside the content, as DeepSeek, vLLM and llama.cpp name it (not in the OpenAI API). */
  reasoning_content?: string | null;
  /** Reasoning beside the content, as OpenRouter and Ollama name it (not in the OpenAI API). */
  reasoning?: string | null;
}

/** Token counts as the API reports them. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * `sum` plus `usage`, field by field (`sum` undefined: from zero). A count a server left out
 * counts as 0, so the result always has all three.
 */
export function addUsage(sum: Usage | undefined, usage: Usage): Usage {
  return {
    prompt_tokens: (sum?.prompt_tokens ?? 0) + (usage.prompt_tokens ?? 0),
    completion_tokens: (sum?.completion_tokens ?? 0) + (usage.completion_tokens ?? 0),
    total_tokens: (sum?.total_tokens ?? 0) + (usage.total_tokens ?? 0),
  };
}

/** The first message of a reply as {@link readReply} hands it on: every field of the type it declares. */
export interface ReadMessage {
  /** The text, or null when the model sent none (or something that is not text). */
  content: string | null;
  /** The tool calls, in order (empty for none). */
  tool_calls: ToolCall[];
  /** The reasoning the server sent beside the content (`reasoning_content`, else `reasoning`), when a non-empty string. */
  reasoning?: string;
}

/**
 * The text of a reply to send back as the content of an assistant message without tool calls: the
 * content, else the reasoning, else `(empty reply)` — never empty, since some servers refuse an
 * assistant message with neither content nor tool calls (Mistral: "Assistant message must have
 * either content or tool_calls", OpenHands#8685).
 */
export function replyText(message: ReadMessage): string {
  return [message.content, message.reasoning].find((t) => t?.trim()) ?? '(empty reply)';
}

/**
 * What the agent reads of a reply (pure), checked field by field, since a server may answer
 * anything: the first choice's message, and the usage. In the message, text content is kept (other
 * content reads as none), and so is reasoning (`reasoning_content` or `reasoning`, when a string); a tool call keeps the fields of the right type, arguments sent as a JSON
 * value instead of a string are encoded, and a call that is not an object stays an empty call (which
 * the model is told has no name). Usage counts that are not numbers read as 0.
 * @param label - Names the call in the error ("step 3").
 * @throws {ModelApiError} when `choices[0].message` is not an object or its `tool_calls` is not a
 *   list: the message quotes the start of the reply.
 */
export function readReply(reply: unknown, label: string): { message: ReadMessage; usage: Usage | undefined } {
  const message = firstMessage(reply);
  const calls = isRecord(message) ? (message['tool_calls'] ?? []) : undefined;
  if (!isRecord(message) || !Array.isArray(calls)) {
    throw new ModelApiError(
      `Model reply for ${label} is not a chat completion with a message in choices[0]: got ${quote(reply)}. ` +
        'Check that OPENAI_BASE_URL points at an OpenAI-compatible /v1 endpoint.',
      undefined,
    );
  }
  const content = typeof message['content'] === 'string' ? message['content'] : null;
  const reasoning = [message['reasoning_content'], message['reasoning']].find((r): r is string => typeof r === 'string' && r !== '');
  return { message: { content, tool_calls: calls.map(readToolCall), ...(reasoning ? { reasoning } : {}) }, usage: readUsage(reply) };
}

/** `choices[0].message` of a reply, whatever it is; undefined when the reply has none. Never throws. */
export function firstMessage(reply: unknown): unknown {
  const choices = isRecord(reply) ? reply['choices'] : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  return isRecord(first) ? first['message'] : undefined;
}

/** The usage of a reply, each count 0 unless a finite number; undefined when the reply has no usage object. Never throws. */
export function readUsage(reply: unknown): Usage | undefined {
  const usage = isRecord(reply) ? reply['usage'] : undefined;
  if (!isRecord(usage)) return undefined;
  const count = (name: keyof Usage) => (typeof usage[name] === 'number' && Number.isFinite(usage[name]) ? usage[name] : 0);
  return { prompt_tokens: count('prompt_tokens'), completion_tokens: count('completion_tokens'), total_tokens: count('total_tokens') };
}

function readToolCall(raw: unknown): ToolCall {
  if (!isRecord(raw)) return {};
  const fn = isRecord(raw['function']) ? raw['function'] : {};
  const args = fn['arguments'];
  return {
    ...(typeof raw['id'] === 'string' ? { id: raw['id'] } : {}),
    ...(typeof raw['type'] === 'string' ? { type: raw['type'] } : {}),
    function: {
      ...(typeof fn['name'] === 'string' ? { name: fn['name'] } : {}),
      arguments: typeof args === 'string' ? args : args === undefined || args === null ? '' : JSON.stringify(args),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The start of `value` as JSON, for a message. */
function quote(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > QUOTED_REPLY_CHARS ? `${json.slice(0, QUOTED_REPLY_CHARS)}…` : json;
}

/** A chat-completions reply: only what the agent reads. */
export interface ChatReply {
  choices: ReadonlyArray<{ message: ReplyMessage }>;
  usage?: Usage | null;
}

/** A tool call as we send it back in the history (normalized: id, name and arguments always set). */
export interface SentToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A part of a multi-part user message. */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** One message of the conversation. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: SentToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A function tool offered to the model (OpenAI `ChatCompletionFunctionTool`). */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The request body of one model call. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
}

/**
 * Options of one request, as the `openai` SDK's per-request `RequestOptions` names them. The agent
 * sends both with every request; clients that are not the SDK may ignore them.
 */
export interface ChatRequestOptions {
  /** Longest wait for the whole answer (headers and body), in ms; `createClient`'s client then aborts the request. */
  timeout?: number;
  /** The SDK's own retries: the agent sends 0 (its retry policy is `retry.ts`). */
  maxRetries?: number;
}

/**
 * Anything with `chat.completions.create(params, options?)`: the `openai` client (see
 * `createClient`), `scriptedModel(...)`, or a cassette player.
 */
export interface ChatClient {
  chat: { completions: { create(params: ChatRequest, options?: ChatRequestOptions): Promise<ChatReply> } };
  /**
   * Where the last reply (or failure) came from, for the transcript: the cassette clients say
   * (`replayed`, `recorded`, `diverged`); a client without this method answers `live`.
   */
  replySource?(): TranscriptTurn['source'];
}
