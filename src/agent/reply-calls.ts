/**
 * The calls of one reply, as the runner sends them back and runs them (pure): the reply's
 * `tool_calls`, or, when it has none, the calls written in its text (content-calls.ts); each
 * repaired (repair.ts), a `multi_tool_use.parallel` wrapper opened into its inner calls.
 *
 * A wrapper keeps the one id the server sent: the assistant message sent back holds the wrapper
 * call as received, and its one tool message answers every inner call in the order given (the API
 * wants exactly one tool message per call id it sent; OpenAI's SDKs do not open the wrapper, so
 * there is no client convention to follow).
 */
import type { ReadMessage, SentToolCall, ToolCall, ToolSpec } from './chat.js';
import { readContentCalls } from './content-calls.js';
import { expandParallel, PARALLEL_WRAPPER, readArguments, repairToolCall, type RepairedCall } from './repair.js';
import { type ToolName, toolSpecs } from './tools.js';

/** One call of the reply: how it goes back in the assistant message, and what runs for it. */
export interface CallUnit {
  /** The call in the assistant message sent back (normalized: id, name and arguments set). */
  sent: SentToolCall;
  /** What runs, in order, each with the raw call it came from (for the step log): the call, or a wrapper's inner calls. */
  parts: { raw: ToolCall; call: RepairedCall }[];
  /** True for a `multi_tool_use.parallel` wrapper opened into its parts. */
  wrapper: boolean;
}

/** The calls of a reply and where they were found; `ambiguous` when its text had a call that could not be read safely. */
export type ReplyCalls =
  | { units: CallUnit[]; source: 'tool_calls' | 'content' | 'reasoning' }
  | {
      units: [];
      source: 'content' | 'reasoning';
      /** The error the model reads. */
      ambiguous: string;
      /** Why nothing ran, for the step log (`with text after the call`…). */
      reason: string;
    };

/**
 * Reads the calls of `message`, repaired against `allowed`. Ids: the server's; for a call without
 * one `call_<step>_<n>`; for calls read from the text `content_call_<step>_<n>` (deterministic, so
 * a cassette replays). An id the reply already used gets `_2`, `_3`… in the assistant message and
 * its tool message alike (each tool message must answer one call: a server that sends two calls
 * `x` would otherwise get two answers for `x`).
 * @param specs - The API specs of `allowed` (their `<parameter>` types are read for calls written as
 *   text); the runner passes the ones it built once. @default toolSpecs(allowed)
 */
export function readReplyCalls(message: ReadMessage, allowed: readonly ToolName[], step: number, specs: readonly ToolSpec[] = toolSpecs(allowed)): ReplyCalls {
  let raws: ToolCall[] = message.tool_calls;
  let note: string | undefined;
  let source: 'tool_calls' | 'content' | 'reasoning' = 'tool_calls';
  if (raws.length === 0) {
    const found = readContentCalls(message, specs, `content_call_${step}_`);
    if (found.kind === 'ambiguous') {
      const source = message.content?.trim() ? 'content' : 'reasoning';
      return { units: [], source, ambiguous: found.error, reason: found.reason };
    }
    if (found.kind === 'calls') {
      raws = found.calls;
      source = found.field;
      note = `read the call from the message ${found.field} (${found.format})`;
    }
  }
  const seen = new Set<string>();
  const units = raws.map((raw, i) => {
    const first = raw.id || `call_${step}_${i + 1}`;
    let id = first;
    for (let n = 2; seen.has(id); n++) id = `${first}_${n}`;
    seen.add(id);
    if (id === first) return unit(raw, allowed, id, note);
    return unit({ ...raw, id }, allowed, id, [note, `renamed the repeated call id ${first} to ${id}`].filter((n) => n !== undefined).join('; '));
  });
  return { units, source };
}

function unit(raw: ToolCall, allowed: readonly ToolName[], id: string, note: string | undefined): CallUnit {
  const withNotes = (call: RepairedCall, notes: (string | undefined)[]): RepairedCall => {
    const repairs = [...notes.filter((n) => n !== undefined), ...(call.repairs ?? [])];
    return repairs.length ? { ...call, repairs } : call;
  };
  const inner = expandParallel(raw);
  if (inner === undefined) {
    const call = withNotes(repairToolCall(raw, allowed, id), [note]);
    return { sent: sentCall(id, call.ok ? call.call.name : call.name, call.arguments), parts: [{ raw, call }], wrapper: false };
  }
  const rawArgs = raw.function?.arguments ?? '';
  const read = readArguments(rawArgs);
  const sent = sentCall(id, PARALLEL_WRAPPER, read.ok ? JSON.stringify(read.value) : rawArgs);
  if ('error' in inner)
    return { sent, parts: [{ raw, call: { ok: false, id, name: PARALLEL_WRAPPER, arguments: sent.function.arguments, error: inner.error } }], wrapper: false };
  const parts = inner.calls.map((c, j) => ({
    raw: { ...c, id },
    call: withNotes(repairToolCall({ ...c, id }, allowed, id), [note, `ran call ${j + 1} of ${inner.calls.length} in ${PARALLEL_WRAPPER}`]),
  }));
  return { sent, parts, wrapper: true };
}

function sentCall(id: string, name: string, args: string): SentToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** The one tool message content answering a wrapper: each inner call's result in order (`call 1 (send_keys): ok…`). */
export function wrapperResult(names: readonly string[], results: readonly string[]): string {
  return results.map((r, i) => `call ${i + 1} (${names[i]}): ${r}`).join('\n');
}
