/**
 * Tool-call repair (pure): turns a raw tool call into a validated one, or into the error text the
 * model reads in its tool message. Each rule answers a failure seen with real models: leaked
 * chat-template tokens in names (`read_text<|channel|>commentary`), a `functions.` prefix, an empty
 * arguments string, arguments that are not JSON, missing or mistyped arguments; and the shapes of
 * open models (issue 17): `multi_tool_use.parallel` wrappers (respawn-llc/kent#45), arguments
 * encoded twice (FoundationAgents/OpenManus PR#989, vllm-project/vllm#54964), nested values encoded
 * twice (MoonshotAI/kimi-cli PR#2513), two argument objects run together, and near-JSON (trailing
 * commas, single quotes) read as JSON5.
 */
import type { z } from 'zod';
import type { ToolCall } from './chat.js';
import { jsonSequence, parseJson, parseJson5 } from './json-text.js';
import { TOOLS, type ToolCallArgs, type ToolName } from './tools.js';

/** A raw call after repair: either dispatchable or an error for the model. */
export type RepairedCall =
  | { ok: true; id: string; call: ToolCallArgs; arguments: string; repairs?: string[] }
  | { ok: false; id: string; name: string; arguments: string; error: string; repairs?: string[] };

/** Longest piece of bad arguments echoed back in an error, in characters. */
const ECHO_CHARS = 200;

/**
 * Cleans a tool name: drops a leaked chat-template token and everything after it (`<|…|>`, as in
 * harmony-format `<|channel|>commentary`), a `functions.` namespace prefix, and surrounding blanks.
 */
export function repairToolName(raw: string): string {
  return raw
    .replace(/<\|[\s\S]*$/, '')
    .trim()
    .replace(/^functions\./, '')
    .trim();
}

/**
 * Repairs and validates one raw tool call against the tools `allowed` in this phase.
 * `fallbackId` is used when the server sent no call id. Never throws.
 */
export function repairToolCall(raw: ToolCall, allowed: readonly ToolName[], fallbackId: string): RepairedCall {
  const id = raw.id || fallbackId;
  const name = repairToolName(raw.function?.name ?? '');
  const rawArgs = raw.function?.arguments ?? '';
  const fail = (error: string, args = rawArgs) => ({ ok: false as const, id, name, arguments: args, error });

  if (!allowed.includes(name as ToolName)) {
    const what = name === '' ? 'the tool call has no name' : name in TOOLS ? `tool '${name}' is not available now` : `unknown tool '${name}'`;
    return fail(`error: ${what}; valid tools: ${allowed.join(', ')}`);
  }
  const schema = TOOLS[name as ToolName].schema;
  const read = readArguments(rawArgs, shapeOf(schema));
  if (!read.ok) return fail(read.error);
  const nested = decodeNested(read.value, schema);
  const parsed = nested.value;
  const repairs = [...read.repairs, ...nested.repairs];
  const extra = repairs.length ? { repairs } : {};
  const normalized = JSON.stringify(parsed);
  const result = schema.safeParse(parsed);
  if (!result.success) return { ...fail(`error: ${result.error.issues.map((i) => describeIssue(i, parsed)).join('; ')}`, normalized), ...extra };
  return { ok: true, id, call: { name, args: result.data } as ToolCallArgs, arguments: normalized, ...extra };
}

/** The name of the wrapper some OpenAI models send several calls in (respawn-llc/kent#45). */
export const PARALLEL_WRAPPER = 'multi_tool_use.parallel';

/**
 * The inner calls of a `multi_tool_use.parallel` wrapper
 * (`{"tool_uses": [{"recipient_name": "functions.x", "parameters": {…}}, …]}`), in order, each with
 * the wrapper's id (the answer goes back under it) and its `recipient_name` as the name (repaired
 * later, like any name); `{error}` when the wrapper's arguments are not that shape; undefined when
 * `raw` is not a wrapper.
 */
export function expandParallel(raw: ToolCall): { calls: ToolCall[] } | { error: string } | undefined {
  if (repairToolName(raw.function?.name ?? '') !== PARALLEL_WRAPPER) return undefined;
  const read = readArguments(raw.function?.arguments ?? '', '{"tool_uses": […]}');
  const uses = read.ok ? read.value['tool_uses'] : undefined;
  const valid = Array.isArray(uses) && uses.length > 0 && uses.every((u) => isRecord(u) && typeof u['recipient_name'] === 'string');
  if (!valid) {
    return {
      error: `error: ${PARALLEL_WRAPPER} needs {"tool_uses": [{"recipient_name": "functions.<tool>", "parameters": {…}}, …]}; or call the tools directly`,
    };
  }
  return {
    calls: (uses as Record<string, unknown>[]).map((u) => ({
      ...(raw.id ? { id: raw.id } : {}),
      type: 'function',
      function: { name: u['recipient_name'] as string, arguments: JSON.stringify(u['parameters'] ?? {}) },
    })),
  };
}

/**
 * What {@link repairToolCall} changed in `raw` to get `repaired`, in words joined by `'; '`
 * (`'stripped the functions. prefix; read empty arguments as {}'`), or undefined when it changed
 * nothing. Arguments that are not JSON are not repaired: the call fails, its error is the result.
 * `repaired.repairs` (from {@link repairToolCall} or {@link readArguments}) come after the name's and id's.
 */
export function describeRepair(raw: ToolCall, repaired: Pick<RepairedCall, 'id' | 'repairs'>): string | undefined {
  const changes: string[] = [];
  const rawName = raw.function?.name ?? '';
  const token = rawName.search(/<\|/);
  if (token >= 0) changes.push(`dropped the leaked template token ${JSON.stringify(rawName.slice(token))}`);
  const name = (token >= 0 ? rawName.slice(0, token) : rawName).trim();
  if (/^functions\./.test(name)) changes.push('stripped the functions. prefix');
  if (!raw.id) changes.push(`gave the call without an id the id ${repaired.id}`);
  changes.push(...(repaired.repairs ?? []));
  return changes.length > 0 ? changes.join('; ') : undefined;
}

/** Arguments read into an object, with what was repaired to read them, or the error text the model reads. */
export type ReadArguments = { ok: true; value: Record<string, unknown>; repairs: string[] } | { ok: false; error: string };

/**
 * Reads an arguments string into an object: empty means `{}`; a JSON string holding a JSON object
 * is decoded (encoded twice); near-JSON is read as JSON5 (trailing commas, single quotes); objects
 * run together (`{…}{…}`) are read as one when they are identical. Never throws.
 * @param shape - The expected arguments, for the error about objects run together (`{"keys": …}`).
 */
export function readArguments(raw: string, shape = '{"name": value}'): ReadArguments {
  if (raw.trim() === '') return { ok: true, value: {}, repairs: ['read empty arguments as {}'] };
  const repairs: string[] = [];
  let value = parseJson(raw);
  if (value === undefined) {
    value = parseJson5(raw);
    if (value !== undefined && hasNonFinite(value)) {
      return {
        ok: false,
        error: `error: arguments are not valid JSON: ${echoOf(raw)} — Infinity and NaN are not JSON numbers; send a JSON object like ${shape}`,
      };
    }
    if (value !== undefined) repairs.push('read the arguments as JSON5 (trailing commas, single quotes)');
  }
  if (value === undefined) {
    const parts = jsonSequence(raw);
    if (parts && parts.length > 1) {
      if (new Set(parts.map((p) => JSON.stringify(p))).size > 1) {
        return {
          ok: false,
          error: `error: the arguments are ${parts.length} different JSON objects run together; send one call per action, its arguments one JSON object like ${shape}`,
        };
      }
      value = parts[0];
      repairs.push(`read ${parts.length} identical argument objects run together as one`);
    }
  }
  if (value === undefined) {
    return { ok: false, error: `error: arguments are not valid JSON: ${echoOf(raw)} — send a JSON object like {"name": value}` };
  }
  if (typeof value === 'string' && isRecord(parseJson(value))) {
    value = parseJson(value);
    repairs.push('decoded arguments encoded twice (a JSON string holding the object)');
  }
  if (!isRecord(value)) {
    return { ok: false, error: `error: arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}` };
  }
  return { ok: true, value, repairs };
}

/**
 * Decodes top-level values sent as a JSON string holding an object or a list, where the schema
 * wants an object or a list (MoonshotAI/kimi-cli PR#2513: only then, so a string argument that
 * happens to look like JSON stays a string). Returns the value and the repair, named for the step log.
 */
export function decodeNested(args: Record<string, unknown>, schema: z.ZodType): { value: Record<string, unknown>; repairs: string[] } {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const keys: string[] = [];
  const value = { ...args };
  for (const [key, field] of Object.entries(shape)) {
    const raw = value[key];
    const decoded = typeof raw === 'string' && wantsContainer(field) ? parseJson(raw) : undefined;
    if (typeof decoded !== 'object' || decoded === null) continue;
    value[key] = decoded;
    keys.push(key);
  }
  return { value, repairs: keys.length ? [`decoded ${keys.map((k) => `'${k}'`).join(', ')} encoded twice (a JSON string holding JSON)`] : [] };
}

/** True when `field` (optional, nullable or defaulted or not) is an object, a list, a record or a tuple. */
function wantsContainer(field: z.ZodType): boolean {
  const def = (field as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  if (def.innerType) return wantsContainer(def.innerType);
  return ['object', 'array', 'record', 'tuple'].includes(def.type);
}

/** A tool's arguments as a short shape for messages: `{"keys": …, "enter"?: …}`. */
export function shapeOf(schema: z.ZodType): string {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  const fields = Object.entries(shape).map(([key, field]) => `"${key}"${field.safeParse(undefined).success ? '?' : ''}: …`);
  return `{${fields.join(', ')}}`;
}

/** Bad arguments as echoed in an error: cut at `ECHO_CHARS`. */
function echoOf(raw: string): string {
  return raw.length > ECHO_CHARS ? `${raw.slice(0, ECHO_CHARS)}…` : raw;
}

/** True when a JSON5 value holds Infinity or NaN (JSON has neither: they would go back to the model as null). */
function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  return typeof value === 'object' && value !== null && Object.values(value).some(hasNonFinite);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One zod issue as a sentence naming the argument. */
function describeIssue(issue: z.core.$ZodIssue, args: Record<string, unknown>): string {
  const key = issue.path.map(String).join('.');
  const top = String(issue.path[0] ?? '');
  if (issue.code === 'invalid_type' && issue.path.length === 1 && !(top in args)) return `missing required argument '${key}'`;
  if (issue.code === 'invalid_type') {
    const value = issue.path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], args);
    return `argument '${key}' must be ${article(issue.expected)}, got ${kindOf(value)}`;
  }
  return key === '' ? issue.message : `argument '${key}': ${issue.message}`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : article(typeof value);
}
