/**
 * A chat client that wraps a real one and records each successful call as a cassette entry: the
 * reply message exactly as received (before repair), usage, latency and the number of failed
 * attempts before it. Failed attempts are counted, never stored. Also enforces per-test budgets.
 */
import { TmuxShotError } from '../errors.js';
import type { CassetteEntry } from './cassette-format.js';
import { observeRequest } from './cassette-observe.js';
import type { CassetteTally } from './cassette-tally.js';
import type { ChatClient, ChatReply, ChatRequest, ChatRequestOptions } from './chat.js';

/** Per-test limits of live model use; a call past them fails before reaching the model. */
export interface ModelBudget {
  /** Most model calls in one test (retries not counted). */
  maxCalls?: number;
  /** Most tokens (`total_tokens`) in one test. */
  maxTokens?: number;
}

/** What a recording client needs besides the real client. */
export interface RecordingContext {
  /** The live screen text, normalized. */
  screen: () => string;
  /** The test's counters: calls and tokens are added here and checked against `budget`. */
  tally: CassetteTally;
  budget: ModelBudget;
  /** Monotonic time in ms, for latency. */
  now: () => number;
}

/** A recording client; `entries` grows with each successful call. */
export class RecordingClient implements ChatClient {
  /** The calls recorded so far, in order. */
  readonly entries: CassetteEntry[] = [];
  readonly chat = { completions: { create: (params: ChatRequest, options?: ChatRequestOptions) => this.create(params, options) } };
  private failures = 0;
  private chunk = 0;

  constructor(
    private readonly inner: ChatClient,
    private readonly ctx: RecordingContext,
  ) {}

  /** Continues a replay that diverged: `replayed` entries come first, numbering and chunks go on from them. */
  continueFrom(replayed: readonly CassetteEntry[]): void {
    this.entries.push(...replayed);
    this.chunk = replayed.at(-1)?.chunk ?? 0;
  }

  /** @throws TmuxShotError when the budget is spent; whatever the real client throws. */
  private async create(params: ChatRequest, options: ChatRequestOptions | undefined): Promise<ChatReply> {
    this.checkBudget();
    const seen = observeRequest(params, this.ctx.screen(), this.chunk);
    const start = this.ctx.now();
    let reply: ChatReply;
    try {
      reply = await this.inner.chat.completions.create(params, options);
    } catch (error) {
      this.failures++;
      throw error;
    }
    const latencyMs = Math.round(this.ctx.now() - start);
    const message = JSON.parse(JSON.stringify(reply.choices?.[0]?.message ?? {})) as Record<string, unknown>;
    const usage = reply.usage
      ? { prompt_tokens: reply.usage.prompt_tokens ?? 0, completion_tokens: reply.usage.completion_tokens ?? 0, total_tokens: reply.usage.total_tokens ?? 0 }
      : null;
    this.entries.push({ call: this.entries.length + 1, ...seen, message, usage, latencyMs, retries: this.failures });
    this.chunk = seen.chunk;
    this.failures = 0;
    this.ctx.tally.calls++;
    this.ctx.tally.tokens += usage?.total_tokens ?? 0;
    return reply;
  }

  private checkBudget(): void {
    const { tally, budget } = this.ctx;
    if (budget.maxCalls !== undefined && tally.calls >= budget.maxCalls) {
      throw new TmuxShotError(`Model budget spent: ${tally.calls} calls made, maxCalls is ${budget.maxCalls}. Raise maxCalls or simplify the goal.`);
    }
    if (budget.maxTokens !== undefined && tally.tokens >= budget.maxTokens) {
      throw new TmuxShotError(`Model budget spent: ${tally.tokens} tokens used, maxTokens is ${budget.maxTokens}. Raise maxTokens or simplify the goal.`);
    }
  }
}
