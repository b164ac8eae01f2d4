/**
 * Tool-call repair (pure): turns a raw tool call into a validated one, or into the error text the
 * model reads in its tool message. Each rule answers a failure seen with real models: leaked
 * chat-template tokens in names (`read_text<|channel|>commentary`), a `functions.` prefix, an empty
 * arguments string, arguments that are not JSON, missing or mistyped arguments.
 */
import type { z } from 'zod';
import type { ToolCall } from './chat.js';
import { TOOLS, type ToolCallArgs, type ToolName } from './tools.js';

/** A raw call after repair: either dispatchable or an error for the model. */
export type RepairedCall =
  | { ok: true; id: string; call: ToolCallArgs; arguments: string }
  | { ok: false; id: string; name: string; arguments: string; error: string };

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
  const parsed = parseArguments(rawArgs);
  if (typeof parsed === 'string') return fail(parsed);
  const normalized = JSON.stringify(parsed);
  const result = TOOLS[name as ToolName].schema.safeParse(parsed);
  if (!result.success) return fail(`error: ${result.error.issues.map((i) => describeIssue(i, parsed)).join('; ')}`, normalized);
  return { ok: true, id, call: { name, args: result.data } as ToolCallArgs, arguments: normalized };
}

/**
 * What {@link repairToolCall} changed in `raw` to get `repaired`, in words joined by `'; '`
 * (`'stripped the functions. prefix; read empty arguments as {}'`), or undefined when it changed
 * nothing. Arguments that are not JSON are not repaired: the call fails, its error is the result.
 */
export function describeRepair(raw: ToolCall, repaired: Pick<RepairedCall, 'id' | 'arguments'>): string | undefined {
  const changes: string[] = [];
  const rawName = raw.function?.name ?? '';
  const token = rawName.search(/<\|/);
  if (token >= 0) changes.push(`dropped the leaked template token ${JSON.stringify(rawName.slice(token))}`);
  const name = (token >= 0 ? rawName.slice(0, token) : rawName).trim();
  if (/^functions\./.test(name)) changes.push('stripped the functions. prefix');
  if (!raw.id) changes.push(`gave the call without an id the id ${repaired.id}`);
  if ((raw.function?.arguments ?? '').trim() === '' && repaired.arguments === '{}') changes.push('read empty arguments as {}');
  return changes.length > 0 ? changes.join('; ') : undefined;
}

/** Parses an arguments string into an object (empty means `{}`), or returns the error text the model reads. */
export function parseArguments(raw: string): Record<string, unknown> | string {
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    const echo = raw.length > ECHO_CHARS ? `${raw.slice(0, ECHO_CHARS)}…` : raw;
    return `error: arguments are not valid JSON: ${echo} — send a JSON object like {"name": value}`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `error: arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`;
  }
  return value as Record<string, unknown>;
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
