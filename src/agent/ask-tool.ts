/**
 * One answer through one tool (used by `agent.assert` and `agent.query`): asks the model to call
 * `tool`, validates the arguments, and on an invalid answer asks once more with the error.
 */
import { TmuxShotError } from '../errors.js';
import { addUsage, type ChatClient, type ChatMessage, type SentToolCall, type ToolSpec, type Usage } from './chat.js';
import { repairToolName } from './repair.js';
import { callWithRetry, type RetryPolicy } from './retry.js';
import { toolMessage } from './prompts.js';
import type { Sleep } from './sleep.js';

/** A validation outcome: the value, or the error text the model reads. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** What an answer needs: the client and how to call it. */
export interface AskContext {
  client: ChatClient;
  model: string;
  retry: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  /** Longest wait for one answer, in ms (`requestTimeout`). */
  requestTimeout: number;
}

/** A validated answer and what it cost. */
export interface Answer<T> {
  value: T;
  /** Model calls made (1, or 2 after an invalid first answer). */
  calls: number;
  /** Token usage summed over the calls, when reported. */
  usage?: Usage;
}

/**
 * Sends `messages` offering only `tool` and validates the call with `check`.
 * @throws TmuxShotError when the answer is still invalid after one retry (the message names the
 *   error); ModelApiError for a non-transient API failure or when the API stays down.
 */
export async function askTool<T>(
  ctx: AskContext,
  label: string,
  messages: ChatMessage[],
  tool: ToolSpec,
  check: (args: Record<string, unknown>) => Checked<T>,
): Promise<Answer<T>> {
  let usage: Usage | undefined;
  for (let calls = 1; ; calls++) {
    const params = { model: ctx.model, messages: structuredClone(messages), tools: [tool] };
    const ret = { policy: ctx.retry, sleep: ctx.sleep, random: ctx.random, now: Date.now, label };
    const options = { timeout: ctx.requestTimeout, maxRetries: 0 };
    const outcome = await callWithRetry(() => ctx.client.chat.completions.create(params, options), ret);
    if (outcome.kind === 'outage') throw outcome.error;
    const reply = outcome.value;
    if (reply.usage) usage = addUsage(usage, reply.usage);
    const message = reply.choices?.[0]?.message ?? {};
    const raw = (message.tool_calls ?? []).find((c) => repairToolName(c.function?.name ?? '') === tool.function.name);
    const sent: SentToolCall | undefined = raw && {
      id: raw.id || `call_${calls}`,
      type: 'function',
      function: { name: tool.function.name, arguments: raw.function?.arguments ?? '' },
    };
    const checked: Checked<T> = sent ? parseAndCheck(sent.function.arguments, check) : { ok: false, error: `error: call the ${tool.function.name} tool` };
    if (checked.ok) return { value: checked.value, calls, ...(usage ? { usage } : {}) };
    if (calls >= 2) {
      throw new TmuxShotError(`${label}: the model's answer was invalid twice; the last time: ${checked.error.replace(/^error: /, '')}`);
    }
    messages.push({ role: 'assistant', content: message.content ?? null, ...(sent ? { tool_calls: [sent] } : {}) });
    messages.push(sent ? toolMessage(sent.id, checked.error) : { role: 'user', content: checked.error });
  }
}

function parseAndCheck<T>(text: string, check: (args: Record<string, unknown>) => Checked<T>): Checked<T> {
  if (text.trim() === '') return check({});
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return check(value as Record<string, unknown>);
    return { ok: false, error: 'error: arguments must be a JSON object' };
  } catch {
    return { ok: false, error: `error: arguments are not valid JSON: ${text.slice(0, 200)}` };
  }
}
