/**
 * `agent.assert` and `agent.query`: one question about the screen text, answered through a
 * dedicated tool (`verdict {pass, reason}`, or `answer {answer}` whose schema is the caller's).
 * The model is asked to call that tool; its arguments are validated, and an invalid answer is
 * asked for once more, with the error.
 */
import { z } from 'zod';
import { TmuxShotError } from '../errors.js';
import { systemClock, type Clock } from '../wait.js';
import {
  addUsage,
  readReply,
  type ChatClient,
  type ChatMessage,
  type ReadMessage,
  type SentToolCall,
  type ToolCall,
  type ToolSpec,
  type Usage,
} from './chat.js';
import { assertPrompt, assertSystemPrompt, queryPrompt, querySystemPrompt, toolMessage } from './prompts.js';
import { describeRepair, readArguments, repairToolName } from './repair.js';
import { callWithRetry, type RetryPolicy } from './retry.js';
import { functionTool } from './tools.js';
import { errorSummary, type TranscriptRecorder } from './transcript.js';

/** A validation outcome: the value, or the error text the model reads. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** What an answer needs: the client and how to call it. */
export interface AskContext {
  client: ChatClient;
  model: string;
  retry: RetryPolicy;
  /** Time for the backoff between retries. */
  clock: Clock;
  random: () => number;
  /** Longest wait for one answer, in ms (`requestTimeout`). */
  requestTimeout: number;
  /** Where each model call is noted as a turn (`assert`, `assert 2`…); an answer still invalid after the retry ends it as `invalid`. */
  transcript?: TranscriptRecorder;
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
 * @throws {TmuxShotError} when the answer is still invalid after one retry (the message names the
 *   error); {ModelApiError} for a non-transient API failure, a reply without a message (see
 *   `readReply`), or when the API stays down.
 */
async function askTool<T>(
  ctx: AskContext,
  kind: 'assert' | 'query',
  label: string,
  messages: ChatMessage[],
  tool: ToolSpec,
  check: (args: Record<string, unknown>) => Checked<T>,
): Promise<Answer<T>> {
  let usage: Usage | undefined;
  for (let calls = 1; ; calls++) {
    const params = { model: ctx.model, messages: structuredClone(messages), tools: [tool] };
    const ret = { policy: ctx.retry, clock: ctx.clock, random: ctx.random, date: systemClock.epochNow, label };
    const options = { timeout: ctx.requestTimeout, maxRetries: 0 };
    let attempts = 0;
    const turn = () => ({ label: calls === 1 ? kind : `${kind} ${calls}`, source: ctx.client.replySource?.() ?? 'live', retries: Math.max(0, attempts - 1) });
    let message: ReadMessage;
    let used: Usage | undefined;
    try {
      const outcome = await callWithRetry(() => {
        attempts++;
        return ctx.client.chat.completions.create(params, options);
      }, ret);
      if (outcome.kind === 'outage') throw outcome.error;
      ({ message, usage: used } = readReply(outcome.value, label));
    } catch (error) {
      ctx.transcript?.turn({ ...turn(), error: errorSummary(error) });
      throw error;
    }
    ctx.transcript?.turn({ ...turn(), text: message.content, ...(message.reasoning ? { reasoning: message.reasoning } : {}) });
    if (used) usage = addUsage(usage, used);
    const raw = message.tool_calls.find((c) => repairToolName(c.function?.name ?? '') === tool.function.name);
    const sent: SentToolCall | undefined = raw && {
      id: raw.id || `call_${calls}`,
      type: 'function',
      function: { name: tool.function.name, arguments: raw.function?.arguments ?? '' },
    };
    const checked: Checked<T> = sent ? parseAndCheck(sent.function.arguments, check) : { ok: false, error: `error: call the ${tool.function.name} tool` };
    if (raw && sent) recordAnswer(ctx.transcript, raw, sent, checked);
    if (checked.ok) return { value: checked.value, calls, ...(usage ? { usage } : {}) };
    if (calls >= 2) {
      const error = new TmuxShotError(`${label}: the model's answer was invalid twice; the last time: ${checked.error.replace(/^error: /, '')}`);
      ctx.transcript?.end('invalid', error.message);
      throw error;
    }
    messages.push({ role: 'assistant', content: message.content, ...(sent ? { tool_calls: [sent] } : {}) });
    messages.push(sent ? toolMessage(sent.id, checked.error) : { role: 'user', content: checked.error });
  }
}

/** Notes the answer call in the transcript: arguments as parsed (re-encoded) when they are JSON; result `ok: accepted` or the error the model reads. */
function recordAnswer<T>(transcript: TranscriptRecorder | undefined, raw: ToolCall, sent: SentToolCall, checked: Checked<T>): void {
  const read = readArguments(sent.function.arguments);
  const call = { id: sent.id, arguments: read.ok ? JSON.stringify(read.value) : sent.function.arguments };
  const repaired = describeRepair(raw, { ...call, ...(read.ok ? { repairs: read.repairs } : {}) });
  transcript?.toolCall({
    ...call,
    name: sent.function.name,
    ...(repaired ? { repaired } : {}),
    result: checked.ok ? 'ok: accepted' : checked.error,
    ok: checked.ok,
  });
}

function parseAndCheck<T>(text: string, check: (args: Record<string, unknown>) => Checked<T>): Checked<T> {
  const args = readArguments(text);
  return args.ok ? check(args.value) : { ok: false, error: args.error };
}

/** The verdict of `agent.assert`. */
export interface Verdict {
  pass: boolean;
  /** The model's reason, quoting the screen. */
  reason: string;
}

const verdictSchema = z.object({
  pass: z.boolean().describe('True only if the screen shows the claim is true'),
  reason: z.string().min(1).describe('One sentence quoting the screen text that decides it'),
});

/** The `verdict` tool. */
export function verdictTool(): ToolSpec {
  return functionTool('verdict', 'Give the verdict on the claim.', verdictSchema);
}

/** The `answer` tool of a query whose answer must match `schema`. */
export function answerTool(schema: z.ZodType): ToolSpec {
  return functionTool('answer', 'Give the answer to the question.', z.object({ answer: schema }));
}

function checker<T>(schema: z.ZodType<T>): (args: Record<string, unknown>) => Checked<T> {
  return (args) => {
    const result = schema.safeParse(args);
    if (result.success) return { ok: true, value: result.data };
    const issues = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(arguments)'}: ${i.message}`);
    return { ok: false, error: `error: the answer does not match the schema: ${issues.join('; ')}` };
  };
}

/**
 * Asks the model whether `claim` holds on `screen` (the screen text).
 * @throws {TmuxShotError} when no valid verdict came back after one retry; {ModelApiError} for a
 *   non-transient API failure or when the API stays down.
 */
export function judgeClaim(ctx: AskContext, claim: string, screen: string): Promise<Answer<Verdict>> {
  const messages = [
    { role: 'system' as const, content: assertSystemPrompt() },
    { role: 'user' as const, content: assertPrompt(claim, screen) },
  ];
  return askTool(ctx, 'assert', `agent.assert(${JSON.stringify(claim)})`, messages, verdictTool(), checker(verdictSchema));
}

/**
 * Asks `question` about `screen` and validates the answer with `schema`.
 * @returns The parsed answer (zod's output type).
 * @throws {TmuxShotError} when the answer failed validation twice; {ModelApiError} for a
 *   non-transient API failure or when the API stays down.
 */
export async function queryScreen<S extends z.ZodType>(ctx: AskContext, schema: S, question: string, screen: string): Promise<Answer<z.output<S>>> {
  const messages = [
    { role: 'system' as const, content: querySystemPrompt() },
    { role: 'user' as const, content: queryPrompt(question, screen) },
  ];
  const wrapped = z.object({ answer: schema }) as unknown as z.ZodType<{ answer: z.output<S> }>;
  const answer = await askTool(ctx, 'query', `agent.query(${JSON.stringify(question)})`, messages, answerTool(schema), checker(wrapped));
  return { ...answer, value: answer.value.answer };
}
