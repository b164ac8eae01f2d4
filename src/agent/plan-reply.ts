/** Reads the reply to a planning request (pure): a normalized plan, or why there is none. */
import type { ReplyMessage } from './chat.js';
import { normalizePlan, type NormalizedPlan } from './chunks.js';
import { repairToolCall } from './repair.js';
import { PLANNING_TOOLS } from './tools.js';

/**
 * The plan in the reply's first tool call (repaired like any call, then normalized: bundled
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
