/**
 * Tool calls written as text (pure): open models whose server's chat template lacks tool support
 * write their calls in the message content (or, for reasoning models with empty content, in the
 * reasoning field) instead of `tool_calls`. This reads them back.
 *
 * Formats, each as reported on a public tracker:
 * - `[TOOL_CALLS] [{…}]` and `[TOOL_CALLS]name[ARGS]{…}` (Mistral: ml-explore/mlx-lm#1374, raullenchai/Rapid-MLX#1071);
 * - `<|python_tag|>{…}` (Llama 3.1's JSON tool calls, `parameters` for arguments);
 * - `<tool_call>{…}</tool_call>` (Hermes, Qwen, Granite: nugget/thane-ai-agent PR#21, vllm-project/vllm#54964);
 * - `<function_calls><invoke name="…"><parameter name="…">…</parameter></invoke></function_calls>` (BenedictKing/ccx#60);
 * - the whole text one JSON value: `{name, arguments|parameters}` (jundot/omlx#2565), a list of them
 *   (thane-ai-agent PR#21), `{"tool_calls": […]}` (ggml-org/llama.cpp#14697), or that JSON in ```json fences.
 *
 * When a call is ambiguous:
 * - a template marker (`[TOOL_CALLS]`, `<|python_tag|>`, `<tool_call>`, `<function_calls>`) is the
 *   model's call syntax: its calls are read whatever text surrounds them, and a name that is not an
 *   offered tool is left for repair to refuse (naming the valid tools); a marker whose call cannot be
 *   read is ambiguous;
 * - plain JSON (bare or fenced) is a call only when it is the whole text and every name in it is an
 *   offered tool: JSON with other names is data, and the reply is prose;
 * - JSON naming an offered tool inside other text (an example in an explanation, or a call with
 *   commentary) is ambiguous: nothing runs, and the model is told the shape to use.
 */
import type { ToolCall } from './chat.js';
import { jsonEnd, jsonSequence, parseJson } from './json-text.js';
import { repairToolName } from './repair.js';

/** What a reply's text holds: no call (prose), the calls written in it, or an error for the model. */
export type ContentCalls =
  | { kind: 'none' }
  | {
      kind: 'calls';
      /** The calls in order, ids `<idPrefix><n>` from 1, arguments as JSON text. */
      calls: ToolCall[];
      /** The format, for the step log: `<tool_call> tags`, `JSON object`… */
      format: string;
      /** Which field held them. */
      field: 'content' | 'reasoning';
    }
  | { kind: 'ambiguous'; error: string };

/** The text of a reply that calls can be written in. */
export interface ReplyText {
  content: string | null;
  reasoning?: string;
}

/** The shape an ambiguous reply is told to use. */
const EXPECTED = 'call the tool through tool_calls, or reply with only the call as JSON: {"name": "<tool>", "arguments": {…}}';

/**
 * Reads the tool calls written in a reply's text: the content with any `<think>…</think>` block
 * removed, or the reasoning field when that is empty (DeepSeek-R1#342, vllm-project/vllm-ascend#8042).
 * @param offered - Names of the tools offered in this request.
 * @param idPrefix - Prefix of the generated call ids (deterministic, so cassettes replay).
 */
export function readContentCalls(reply: ReplyText, offered: readonly string[], idPrefix: string): ContentCalls {
  const content = (reply.content ?? '').replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const field = content === '' ? 'reasoning' : 'content';
  const text = content === '' ? (reply.reasoning ?? '').trim() : content;
  if (text === '') return { kind: 'none' };
  const found = marked(text) ?? unmarked(text, offered);
  if (found.kind !== 'calls') return found;
  return { ...found, field, calls: found.calls.map((c, i) => ({ ...c, id: `${idPrefix}${i + 1}` })) };
}

type Found = { kind: 'none' } | { kind: 'calls'; calls: ToolCall[]; format: string } | { kind: 'ambiguous'; error: string };

/** Calls after a template marker, or undefined when the text has no marker. */
function marked(text: string): Found | undefined {
  if (text.includes('[TOOL_CALLS]')) {
    const rest = text.slice(text.indexOf('[TOOL_CALLS]') + '[TOOL_CALLS]'.length).trimStart();
    if (rest.startsWith('[')) return fromValues([firstJson(rest)], '[TOOL_CALLS] list', '[TOOL_CALLS] [{"name": "<tool>", "arguments": {…}}]');
    const calls = [...text.matchAll(/\[TOOL_CALLS\]\s*([\w.-]+)\s*\[ARGS\]/g)].map((m) => {
      const args = firstJson(text.slice(m.index + m[0].length));
      return args === undefined ? undefined : { name: m[1]!, arguments: args };
    });
    return fromValues(calls, '[TOOL_CALLS]name[ARGS]', '[TOOL_CALLS]<tool>[ARGS]{…}');
  }
  if (text.includes('<|python_tag|>')) {
    const rest = text.slice(text.indexOf('<|python_tag|>') + '<|python_tag|>'.length).replace(/<\|eom_id\|>|<\|eot_id\|>/g, '');
    return fromValues(jsonSequence(rest, ';') ?? [undefined], '<|python_tag|> prefix', '<|python_tag|>{"name": "<tool>", "parameters": {…}}');
  }
  if (text.includes('<tool_call>')) {
    const bodies = [...text.matchAll(/<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g)].map((m) => parseJson(m[1]!.trim()));
    return fromValues(bodies, '<tool_call> tags', '<tool_call>{"name": "<tool>", "arguments": {…}}</tool_call>');
  }
  if (text.includes('<function_calls>')) {
    const calls = [...text.matchAll(/<invoke name="([^"]+)">([\s\S]*?)<\/invoke>/g)].map((m) => ({
      name: m[1]!,
      arguments: Object.fromEntries([...m[2]!.matchAll(/<parameter name="([^"]+)">([\s\S]*?)<\/parameter>/g)].map((p) => [p[1]!, parameterValue(p[2]!)])),
    }));
    return fromValues(calls, '<function_calls> block', '<function_calls><invoke name="<tool>"><parameter name="…">…</parameter></invoke></function_calls>');
  }
  return undefined;
}

/** Calls from plain JSON that is the whole text (bare or fenced); ambiguous when JSON naming an offered tool sits in other text. */
function unmarked(text: string, offered: readonly string[]): Found {
  const fences = [...text.matchAll(/```[\w-]*[ \t]*\n?([\s\S]*?)```/g)];
  const onlyFences = fences.length > 0 && text.replace(/```[\w-]*[ \t]*\n?[\s\S]*?```/g, '').trim() === '';
  const whole = onlyFences ? fences.map((m) => parseJson(m[1]!.trim())) : [parseJson(text)];
  const calls = whole.every((v) => v !== undefined) ? callsIn(whole) : undefined;
  if (calls && calls.length > 0 && calls.every((c) => offered.includes(repairToolName(c.function?.name ?? '')))) {
    return { kind: 'calls', calls, format: onlyFences ? '```json fence' : jsonFormat(whole[0]) };
  }
  if (calls) return { kind: 'none' };
  const named = embeddedJson(text)
    .flatMap((v) => callsIn([v]) ?? [])
    .map((c) => repairToolName(c.function?.name ?? ''))
    .filter((n) => offered.includes(n));
  if (named.length === 0) return { kind: 'none' };
  return { kind: 'ambiguous', error: `error: your reply has text with a call of ${named[0]} written in it, so nothing was run; ${EXPECTED}` };
}

/** Calls from the values after a marker; ambiguous when one cannot be read as a call. */
function fromValues(values: unknown[], format: string, shape: string): Found {
  const calls = values.every((v) => v !== undefined) ? callsIn(values) : undefined;
  if (!calls || calls.length === 0)
    return { kind: 'ambiguous', error: `error: the ${format} in your reply is not a call I can read; write ${shape}, or ${EXPECTED}` };
  return { kind: 'calls', calls, format };
}

/** The calls in JSON values (each a call, a list of calls, or `{"tool_calls": […]}`), or undefined when one is not a call. */
function callsIn(values: readonly unknown[]): ToolCall[] | undefined {
  const calls: ToolCall[] = [];
  for (const value of values) {
    const items = isRecord(value) && Array.isArray(value['tool_calls']) ? value['tool_calls'] : Array.isArray(value) ? value : [value];
    for (const item of items) {
      const call = asCall(item);
      if (!call) return undefined;
      calls.push(call);
    }
  }
  return calls;
}

/** `{name, arguments|parameters}` or the API's `{function: {name, arguments}}` as a raw call (arguments as JSON text). */
function asCall(item: unknown): ToolCall | undefined {
  const fn = isRecord(item) && isRecord(item['function']) ? item['function'] : item;
  if (!isRecord(fn) || typeof fn['name'] !== 'string') return undefined;
  const args = fn['arguments'] ?? fn['parameters'] ?? {};
  if (typeof args !== 'string' && !isRecord(args)) return undefined;
  return { type: 'function', function: { name: fn['name'], arguments: typeof args === 'string' ? args : JSON.stringify(args) } };
}

function jsonFormat(value: unknown): string {
  if (Array.isArray(value)) return 'JSON list';
  return isRecord(value) && 'tool_calls' in value ? '{"tool_calls": […]} object' : 'JSON object';
}

/** A `<parameter>` value: JSON when it parses (numbers, booleans, lists), else the text itself. */
function parameterValue(raw: string): unknown {
  const value = parseJson(raw.trim());
  return value === undefined ? raw.trim() : value;
}

/** The first JSON object or list at the start of `text` (after blanks), or undefined. */
function firstJson(text: string): unknown {
  const start = text.trimStart();
  const end = jsonEnd(start);
  return end === undefined ? undefined : parseJson(start.slice(0, end));
}

/** Every JSON object in `text` that starts at a `{` outside another one. */
function embeddedJson(text: string): unknown[] {
  const values: unknown[] = [];
  for (let at = text.indexOf('{'); at >= 0; at = text.indexOf('{', at + 1)) {
    const end = jsonEnd(text.slice(at));
    const value = end === undefined ? undefined : parseJson(text.slice(at, at + end));
    if (value === undefined) continue;
    values.push(value);
    at += end! - 1;
  }
  return values;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
