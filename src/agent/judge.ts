/**
 * `agent.assert` and `agent.query`: one question about the screen text, answered through a
 * dedicated tool (`verdict {pass, reason}`, or `answer {answer}` whose schema is the caller's).
 * The model is asked to call that tool; its arguments are validated, and an invalid answer is
 * asked for once more, with the error.
 */
import { z } from 'zod';
import { ModelApiError, TmuxShotError } from '../errors.js';
import { systemClock, type Clock } from '../wait.js';
import {
  addUsage,
  readReply,
  replyText,
  type ChatClient,
  type ChatMessage,
  type ReadMessage,
  type SentToolCall,
  type ToolCall,
  type ToolSpec,
  type Usage,
} from './chat.js';
import { readContentCalls } from './content-calls.js';
import { assertPrompt, assertSystemPrompt, queryPrompt, querySystemPrompt, textAndImage, toolMessage } from './prompts.js';
import { decodeNested, describeRepair, readArguments, repairToolName } from './repair.js';
import { callWithRetry, type RetryPolicy } from './retry.js';
import { functionTool } from './tools.js';
import { errorSummary, type TranscriptRecorder } from './transcript.js';

/** A validation outcome: the value (with what was repaired to get it, when anything), or the error text the model reads. */
export type Checked<T> = { ok: true; value: T; repairs?: string[] } | { ok: false; error: string };

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
  /** Called when the server refused the image with a 400 and the question went again as text only (the caller can stop sending images). */
  textOnly?: () => void;
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
 * Sends `messages` offering only `tool` and validates the call with `check`. The call is the
 * reply's first call of `tool` (a server that ignores the one-tool request may send more: the
 * others are not answered), or, when the reply has no tool calls, the call written in its text
 * (content-calls.ts). A request with an image that the server refuses with a 400 is sent once
 * more without the image (a text-only model), noted in the transcript.
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
  let textOnlyAfter400 = false;
  for (let calls = 1; ; calls++) {
    const params = { model: ctx.model, messages: structuredClone(messages), tools: [tool] };
    const ret = { policy: ctx.retry, clock: ctx.clock, random: ctx.random, date: systemClock.epochNow, label };
    const options = { timeout: ctx.requestTimeout, maxRetries: 0 };
    let attempts = 0;
    const name = calls === 1 ? kind : `${kind} ${calls}`;
    const turn = () => ({
      label: textOnlyAfter400 ? `${name} (text only after a 400)` : name,
      source: ctx.client.replySource?.() ?? 'live',
      retries: Math.max(0, attempts - 1),
    });
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
      if (!(error instanceof ModelApiError && error.status === 400 && hasImage(messages))) throw error;
      textOnlyAfter400 = true;
      ctx.textOnly?.();
      messages.splice(0, messages.length, ...textOnly(messages));
      calls--;
      continue;
    }
    ctx.transcript?.turn({ ...turn(), text: message.content, ...(message.reasoning ? { reasoning: message.reasoning } : {}) });
    if (used) usage = addUsage(usage, used);
    const written = message.tool_calls.length === 0 ? readContentCalls(message, [tool], `content_call_${calls}_`) : undefined;
    const found = written?.kind === 'calls' ? written.calls : message.tool_calls;
    const raw = found.find((c) => repairToolName(c.function?.name ?? '') === tool.function.name);
    const sent: SentToolCall | undefined = raw && {
      id: raw.id || `call_${calls}`,
      type: 'function',
      function: { name: tool.function.name, arguments: raw.function?.arguments ?? '' },
    };
    const missing = written?.kind === 'ambiguous' ? written.error : `error: call the ${tool.function.name} tool`;
    const checked: Checked<T> = sent ? parseAndCheck(sent.function.arguments, check) : { ok: false, error: missing };
    const notes = [
      ...(written?.kind === 'calls' ? [`read the call from the message ${written.field} (${written.format})`] : []),
      ...(found.length > 1 ? [`answered the first of ${found.length} calls in the reply; the others were not run`] : []),
    ];
    if (raw && sent) recordAnswer(ctx.transcript, raw, sent, checked, notes);
    if (checked.ok) return { value: checked.value, calls, ...(usage ? { usage } : {}) };
    if (calls >= 2) {
      const error = new TmuxShotError(`${label}: the model's answer was invalid twice; the last time: ${checked.error.replace(/^error: /, '')}`);
      ctx.transcript?.end('invalid', error.message);
      throw error;
    }
    // Never an assistant message without content and tool_calls (Mistral refuses it: OpenHands#8685).
    messages.push(sent ? { role: 'assistant', content: message.content, tool_calls: [sent] } : { role: 'assistant', content: replyText(message) });
    messages.push(sent ? toolMessage(sent.id, checked.error) : { role: 'user', content: checked.error });
  }
}

/** Notes the answer call in the transcript: arguments as parsed (re-encoded) when they are JSON; result `ok: accepted` or the error the model reads. */
function recordAnswer<T>(transcript: TranscriptRecorder | undefined, raw: ToolCall, sent: SentToolCall, checked: Checked<T>, notes: readonly string[]): void {
  const read = readArguments(sent.function.arguments);
  const call = { id: sent.id, arguments: read.ok ? JSON.stringify(read.value) : sent.function.arguments };
  const repairs = [...notes, ...(read.ok ? read.repairs : []), ...((checked.ok && checked.repairs) || [])];
  const repaired = describeRepair(raw, { ...call, repairs });
  transcript?.toolCall({
    ...call,
    name: sent.function.name,
    ...(repaired ? { repaired } : {}),
    result: checked.ok ? 'ok: accepted' : checked.error,
    ok: checked.ok,
  });
}

function hasImage(messages: readonly ChatMessage[]): boolean {
  return messages.some((m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
}

/** `messages` with every image part dropped (a user message left with one text part becomes that text). */
function textOnly(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => {
    if (m.role !== 'user' || !Array.isArray(m.content)) return m;
    const parts = m.content.filter((p) => p.type === 'text');
    return { role: 'user', content: parts.length === 1 ? parts[0]!.text : parts };
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
    const nested = decodeNested(args, schema);
    const result = schema.safeParse(nested.value);
    if (result.success) return { ok: true, value: result.data, ...(nested.repairs.length ? { repairs: nested.repairs } : {}) };
    const issues = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(arguments)'}: ${i.message}`);
    return { ok: false, error: `error: the answer does not match the schema: ${issues.join('; ')}` };
  };
}

/**
 * Asks the model whether `claim` holds on `screen` (the screen text), with the screenshot `png` as
 * an image when given.
 * @throws {TmuxShotError} when no valid verdict came back after one retry; {ModelApiError} for a
 *   non-transient API failure or when the API stays down.
 */
export function judgeClaim(ctx: AskContext, claim: string, screen: string, png?: Uint8Array): Promise<Answer<Verdict>> {
  const messages: ChatMessage[] = [
    { role: 'system', content: assertSystemPrompt() },
    { role: 'user', content: textAndImage(assertPrompt(claim, screen), png) },
  ];
  return askTool(ctx, 'assert', `agent.assert(${JSON.stringify(claim)})`, messages, verdictTool(), checker(verdictSchema));
}

/**
 * Asks `question` about `screen` (with the screenshot `png` as an image when given) and validates
 * the answer with `schema`.
 * @returns The parsed answer (zod's output type).
 * @throws {TmuxShotError} when the answer failed validation twice; {ModelApiError} for a
 *   non-transient API failure or when the API stays down.
 */
export async function queryScreen<S extends z.ZodType>(
  ctx: AskContext,
  schema: S,
  question: string,
  screen: string,
  png?: Uint8Array,
): Promise<Answer<z.output<S>>> {
  const messages: ChatMessage[] = [
    { role: 'system', content: querySystemPrompt() },
    { role: 'user', content: textAndImage(queryPrompt(question, screen), png) },
  ];
  const wrapped = z.object({ answer: schema }) as unknown as z.ZodType<{ answer: z.output<S> }>;
  const answer = await askTool(ctx, 'query', `agent.query(${JSON.stringify(question)})`, messages, answerTool(schema), checker(wrapped));
  return { ...answer, value: answer.value.answer };
}
