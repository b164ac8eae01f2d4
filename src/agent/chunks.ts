/**
 * Plans of long timed runs (pure): how many chunks to ask for, reading the planning reply, and
 * normalizing the plan a model proposes — models sometimes bundle every step into one string
 * ("1. … 2. … 3. …").
 */
import type { ReplyMessage } from './chat.js';
import { repairToolCall } from './repair.js';
import { PLANNING_TOOLS } from './tools.js';

// The count lives with the options (which validate it) so that they load without the tool schemas.
export { plannedChunkCount } from './options.js';

/** A numbered-item marker: `N.` or `N)` at the start or after a blank, followed by a blank. */
const MARKER = /(^|\s)(\d{1,3})[.)]\s+/g;

/**
 * Splits a run-on numbered list ("1. Open vim … 2. Use fzf … 3. Duplicate …") into its items,
 * without the numbers. Only a list that starts with `1.` (or `1)`) and counts up by one splits;
 * a number that breaks the count stays in the text. Anything else — "replay it with 5@a" —
 * comes back unchanged as the only element.
 */
export function splitRunOnChunk(text: string): string[] {
  const starts: { at: number; body: number }[] = [];
  const leading = text.length - text.trimStart().length;
  for (const m of text.matchAll(MARKER)) {
    const at = m.index + m[1]!.length;
    const expected = starts.length + 1;
    if (Number(m[2]) !== expected || (expected === 1 && at !== leading)) continue;
    starts.push({ at, body: m.index + m[0].length });
  }
  if (starts.length < 2) return [text];
  return starts.map((s, i) => text.slice(s.body, starts[i + 1]?.at ?? text.length).trim());
}

/** A proposed plan after normalization. */
export interface NormalizedPlan {
  /** One task per chunk, trimmed, without numbering, none empty. */
  chunks: string[];
  /** Whether some element held several numbered items and was split. */
  split: boolean;
}

/** Splits bundled elements, strips a lone leading `N.` marker, drops empty elements. */
export function normalizePlan(proposed: readonly string[]): NormalizedPlan {
  let split = false;
  const chunks = proposed.flatMap((element) => {
    const parts = splitRunOnChunk(element);
    if (parts.length > 1) split = true;
    return parts
      .map((p) =>
        p
          .trim()
          .replace(/^\d{1,3}[.)](\s+|$)/, '')
          .trim(),
      )
      .filter((p) => p !== '');
  });
  return { chunks, split };
}

/**
 * The plan in a planning reply's first tool call (repaired like any call, then normalized: bundled
 * "1. … 2. …" elements are split), or the reason there is none.
 */
export function readPlan(message: ReplyMessage): NormalizedPlan | { problem: string } {
  const first = message.tool_calls?.[0];
  if (!first) return { problem: 'propose_plan was not called' };
  const call = repairToolCall(first, PLANNING_TOOLS, 'plan');
  if (!call.ok) return { problem: call.error };
  const plan = normalizePlan(call.call.name === 'propose_plan' ? call.call.args.chunks : []);
  return plan.chunks.length > 0 ? plan : { problem: 'the plan has no chunks' };
}
