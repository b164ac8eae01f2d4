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
 *   model's call syntax: its calls count only when they end the text (prose before them is fine;
 *   text between or after them — a call quoted in an explanation, or weighed in reasoning — makes
 *   the reply ambiguous), and a name that is not an offered tool is left for repair to refuse
 *   (naming the valid tools); a marker whose call cannot be read is ambiguous;
 * - plain JSON (bare or fenced) is a call only when it is the whole text and every name in it is an
 *   offered tool: JSON with other names is data, and the reply is prose;
 * - JSON naming an offered tool inside other text (an example in an explanation, or a call with
 *   commentary) is ambiguous: nothing runs, and the model is told the shape to use.
 */
import type { ToolCall, ToolSpec } from './chat.js';
import { balancedSpans, jsonEnd, jsonSequence, parseJson, parseTolerant } from './json-text.js';
import { PARALLEL_WRAPPER, repairToolName } from './repair.js';

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
  | {
      kind: 'ambiguous';
      /** The error the model reads. */
      error: string;
      /** Why, for the step log: `with text after the call`, `with a call that cannot be read`, `with a call inside other text`. */
      reason: string;
    };

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
 * @param tools - The tools offered in this request (names, and the parameter types of `<parameter>` values).
 * @param idPrefix - Prefix of the generated call ids (deterministic, so cassettes replay).
 */
export function readContentCalls(reply: ReplyText, tools: readonly ToolSpec[], idPrefix: string): ContentCalls {
  const offered = tools.map((t) => t.function.name);
  const content = (reply.content ?? '').replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const field = content === '' ? 'reasoning' : 'content';
  const text = content === '' ? (reply.reasoning ?? '').trim() : content;
  if (text === '') return { kind: 'none' };
  const found = marked(text, tools) ?? unmarked(text, offered);
  if (found.kind !== 'calls') return found;
  return { ...found, field, calls: found.calls.map((c, i) => ({ ...c, id: `${idPrefix}${i + 1}` })) };
}

type Found = { kind: 'none' } | { kind: 'calls'; calls: ToolCall[]; format: string } | { kind: 'ambiguous'; error: string; reason: string };

const MARKERS = ['<tool_call>', '[TOOL_CALLS]', '<|python_tag|>', '<function_calls>'] as const;

/**
 * Calls after a template marker, or undefined when the text has no marker. The calls must END the
 * text: prose before the first marker is fine (`I'll press Down.\n<tool_call>…`), but anything
 * but blanks between or after them makes the reply ambiguous (a call quoted in an explanation, or
 * weighed in reasoning, is not run). `<|python_tag|>` must start the text (vLLM's llama3_json parser).
 */
function marked(text: string, tools: readonly ToolSpec[]): Found | undefined {
  const at = MARKERS.map((m) => text.indexOf(m)).filter((i) => i >= 0);
  if (at.length === 0) return undefined;
  const first = Math.min(...at);
  const rest = text.slice(first);
  if (rest.startsWith('[TOOL_CALLS]')) return mistralCalls(rest);
  if (rest.startsWith('<|python_tag|>')) return first === 0 ? pythonTagCalls(rest) : ambiguousAt(PYTHON_TAG, 'before', 'start the reply with it');
  if (rest.startsWith('<tool_call>')) return tagCalls(rest);
  return functionCalls(rest, tools);
}

interface Format {
  name: string;
  shape: string;
}
const TOOL_CALL: Format = { name: '<tool_call> tags', shape: '<tool_call>{"name": "<tool>", "arguments": {…}}</tool_call>' };
const MISTRAL_LIST: Format = { name: '[TOOL_CALLS] list', shape: '[TOOL_CALLS] [{"name": "<tool>", "arguments": {…}}]' };
const MISTRAL_ARGS: Format = { name: '[TOOL_CALLS]name[ARGS]', shape: '[TOOL_CALLS]<tool>[ARGS]{…}' };
const PYTHON_TAG: Format = { name: '<|python_tag|> prefix', shape: '<|python_tag|>{"name": "<tool>", "parameters": {…}}' };
const FUNCTION_CALLS: Format = {
  name: '<function_calls> block',
  shape: '<function_calls><invoke name="<tool>"><parameter name="…">…</parameter></invoke></function_calls>',
};

/** The error for a marked call that cannot be read. */
function unreadable(format: Format): Found {
  return {
    kind: 'ambiguous',
    reason: 'with a call that cannot be read',
    error: `error: I cannot read a call in the ${format.name} of your reply, so nothing was run; write ${format.shape}, or ${EXPECTED}`,
  };
}

/** The error for text after (or, for `<|python_tag|>`, before) the marked calls. */
function ambiguousAt(format: Format, where: 'after' | 'before', fix = 'end the reply with the calls'): Found {
  return {
    kind: 'ambiguous',
    reason: `with text ${where} the call`,
    error: `error: your reply has text ${where} the ${format.name}, so nothing was run; ${fix}, written ${format.shape}, or ${EXPECTED}`,
  };
}

/** `<tool_call>{…}</tool_call>` blocks, blanks between them, the last one possibly unclosed. */
function tagCalls(text: string): Found {
  const values: unknown[] = [];
  let at = 0;
  for (;;) {
    at = skipBlanks(text, at);
    if (at === text.length) break;
    if (!text.startsWith('<tool_call>', at)) return ambiguousAt(TOOL_CALL, 'after');
    const body = at + '<tool_call>'.length;
    const close = text.indexOf('</tool_call>', body);
    if (close < 0) {
      const last = text.slice(body).trim();
      const value = parseTolerant(last);
      if (value !== undefined) {
        values.push(value);
        break;
      }
      const end = jsonEnd(last);
      return end !== undefined && parseTolerant(last.slice(0, end)) !== undefined ? ambiguousAt(TOOL_CALL, 'after') : unreadable(TOOL_CALL);
    }
    values.push(parseTolerant(text.slice(body, close).trim()));
    at = close + '</tool_call>'.length;
  }
  return fromValues(values, TOOL_CALL);
}

/** `[TOOL_CALLS] [{…}]`, or `[TOOL_CALLS]name[ARGS]{…}` one or more times, blanks between. */
function mistralCalls(text: string): Found {
  const after = skipBlanks(text, '[TOOL_CALLS]'.length);
  if (text[after] === '[') {
    const end = jsonEnd(text.slice(after));
    const value = end === undefined ? undefined : parseTolerant(text.slice(after, after + end));
    if (value === undefined) return unreadable(MISTRAL_LIST);
    return text.slice(after + end!).trim() === '' ? fromValues([value], MISTRAL_LIST) : ambiguousAt(MISTRAL_LIST, 'after');
  }
  const calls: unknown[] = [];
  let at = 0;
  for (;;) {
    at = skipBlanks(text, at);
    if (at === text.length) break;
    if (!text.startsWith('[TOOL_CALLS]', at)) return ambiguousAt(MISTRAL_ARGS, 'after');
    const head = /^\[TOOL_CALLS\]\s*([\w.-]+)\s*\[ARGS\]\s*/.exec(text.slice(at, at + 200));
    if (!head) return unreadable(MISTRAL_ARGS);
    const start = at + head[0].length;
    const end = jsonEnd(text.slice(start));
    const args = end === undefined ? undefined : parseTolerant(text.slice(start, start + end));
    if (args === undefined) return unreadable(MISTRAL_ARGS);
    calls.push({ name: head[1]!, arguments: args });
    at = start + end!;
  }
  return fromValues(calls, MISTRAL_ARGS);
}

/** `<|python_tag|>{…}` (several separated by `;`), up to an end-of-message token. */
function pythonTagCalls(text: string): Found {
  const rest = text.slice('<|python_tag|>'.length).replace(/<\|eom_id\|>|<\|eot_id\|>/g, '');
  const values = jsonSequence(rest, ';', parseTolerant);
  return values ? fromValues(values, PYTHON_TAG) : unreadable(PYTHON_TAG);
}

/** `<function_calls>` holding only `<invoke>` elements that hold only `<parameter>` elements; the closing tag may be cut off (a stop sequence). */
function functionCalls(text: string, tools: readonly ToolSpec[]): Found {
  const calls: unknown[] = [];
  let at = '<function_calls>'.length;
  for (;;) {
    at = skipBlanks(text, at);
    if (at === text.length) break;
    if (text.startsWith('</function_calls>', at)) {
      if (text.slice(at + '</function_calls>'.length).trim() !== '') return ambiguousAt(FUNCTION_CALLS, 'after');
      break;
    }
    const invoke = /^<invoke name="([^"]+)">([\s\S]*?)<\/invoke>/.exec(text.slice(at));
    if (!invoke) return unreadable(FUNCTION_CALLS);
    const params = [...invoke[2]!.matchAll(/<parameter name="([^"]+)">([\s\S]*?)<\/parameter>/g)];
    if (invoke[2]!.replace(/<parameter name="[^"]+">[\s\S]*?<\/parameter>/g, '').trim() !== '') return unreadable(FUNCTION_CALLS);
    const types = parameterTypes(tools, invoke[1]!);
    calls.push({ name: invoke[1]!, arguments: Object.fromEntries(params.map((p) => [p[1]!, parameterValue(p[2]!, types[p[1]!])])) });
    at += invoke[0].length;
  }
  return fromValues(calls, FUNCTION_CALLS);
}

function skipBlanks(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** Calls from plain JSON that is the whole text (bare or fenced); ambiguous when JSON naming an offered tool sits in other text. */
function unmarked(text: string, offered: readonly string[]): Found {
  const fences = [...text.matchAll(/```[\w-]*[ \t]*\n?([\s\S]*?)```/g)];
  const onlyFences = fences.length > 0 && text.replace(/```[\w-]*[ \t]*\n?[\s\S]*?```/g, '').trim() === '';
  const whole = onlyFences ? fences.map((m) => parseJson(m[1]!.trim())) : [parseJson(text)];
  const calls = whole.every((v) => v !== undefined) ? callsIn(whole) : undefined;
  const known = (c: ToolCall) => {
    const name = repairToolName(c.function?.name ?? '');
    return offered.includes(name) || name === PARALLEL_WRAPPER;
  };
  if (calls && calls.length > 0 && calls.every(known)) {
    return { kind: 'calls', calls, format: onlyFences ? '```json fence' : jsonFormat(whole[0]) };
  }
  if (calls) return { kind: 'none' };
  const named = embeddedJson(text)
    .flatMap((v) => callsIn([v]) ?? [])
    .map((c) => repairToolName(c.function?.name ?? ''))
    .filter((n) => offered.includes(n));
  if (named.length === 0) return { kind: 'none' };
  return {
    kind: 'ambiguous',
    reason: 'with a call inside other text',
    error: `error: your reply has text with a call of ${named[0]} written in it, so nothing was run; ${EXPECTED}`,
  };
}

/** Calls from the values after a marker; ambiguous when one cannot be read as a call. */
function fromValues(values: unknown[], format: Format): Found {
  const calls = values.every((v) => v !== undefined) ? callsIn(values) : undefined;
  if (!calls || calls.length === 0) return unreadable(format);
  return { kind: 'calls', calls, format: format.name };
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

/**
 * A `<parameter>` value: the text itself where the tool's schema wants a string (`42` typed as
 * text stays "42"), else JSON (or JSON5) when it parses (numbers, booleans, lists), else the text.
 */
function parameterValue(raw: string, type: unknown): unknown {
  const text = raw.trim();
  return type === 'string' ? text : (parseTolerant(text) ?? text);
}

/** The JSON Schema `type` of each parameter of the offered tool `name` (repaired), by key. */
function parameterTypes(tools: readonly ToolSpec[], name: string): Record<string, unknown> {
  const spec = tools.find((t) => t.function.name === repairToolName(name));
  const properties = spec?.function.parameters['properties'];
  if (!isRecord(properties)) return {};
  return Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, isRecord(p) ? p['type'] : undefined]));
}

/** Every JSON object in `text` that starts at a `{` outside another one (one pass: see `balancedSpans`). */
function embeddedJson(text: string): unknown[] {
  const values: unknown[] = [];
  let after = 0;
  for (const [start, end] of balancedSpans(text)) {
    if (start < after || text[start] !== '{') continue;
    const value = parseJson(text.slice(start, end));
    if (value === undefined) continue;
    values.push(value);
    after = end;
  }
  return values;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
