/**
 * The shapes the agent exchanges with a chat-completions model, following the OpenAI Chat
 * Completions API (`POST /v1/chat/completions`). Requests are typed strictly; replies loosely,
 * because OpenAI-compatible servers (Ollama, vLLM, llama.cpp) differ in what they fill in.
 */

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
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

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
}
