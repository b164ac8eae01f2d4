/**
 * The chat clients of a cassette, at the `chat.completions.create` boundary (never HTTP): a
 * recorder that wraps a real client and keeps each successful call as an entry, and a player that
 * answers from recorded entries; and what both note about a request.
 */
import { CASSETTE } from '../../defaults.js';
import { CassetteMismatchError, TmuxShotError } from '../../errors.js';
import { firstMessage, readUsage, type ChatClient, type ChatReply, type ChatRequest, type ChatRequestOptions } from '../chat.js';
import type { CassetteEntry } from './format.js';
import { sha256 } from './inputs.js';
import { unifiedDiff } from './screen-diff.js';
import type { CassetteTally } from './tally.js';

/** The part of an entry known before the reply arrives. */
export type Observation = Pick<CassetteEntry, 'chunk' | 'turn' | 'screen' | 'images'>;

/**
 * What a cassette notes about a request (pure): where the call sits in the run (chunk and turn,
 * read off the request itself) and what the model saw (normalized screen digest, image hashes).
 * A request offering `propose_plan` is chunk 0 (planning); otherwise the turn is one more than the
 * assistant messages in the history, and a turn-1 request opens the next chunk after `previousChunk`.
 * @param screen The live screen text, already normalized.
 */
export function observeRequest(params: ChatRequest, screen: string, previousChunk: number): Observation {
  const planning = params.tools.some((tool) => tool.function.name === 'propose_plan');
  const turn = params.messages.filter((m) => m.role === 'assistant').length + 1;
  const chunk = planning ? 0 : turn === 1 ? previousChunk + 1 : Math.max(previousChunk, 1);
  const images = params.messages.flatMap((m) =>
    m.role === 'user' && Array.isArray(m.content) ? m.content.flatMap((part) => (part.type === 'image_url' ? [sha256(part.image_url.url)] : [])) : [],
  );
  return { chunk, turn, screen: { digest: sha256(screen), text: screen.slice(0, CASSETTE.storedTextChars) }, images };
}

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
  /** What the transcript calls these replies: `recorded` when they go to a cassette, `live` when not. @default 'recorded' */
  source?: 'recorded' | 'live';
}

/**
 * A chat client that wraps a real one and records each successful call as a cassette entry: the
 * reply message exactly as received (before repair), usage, latency and the number of failed
 * attempts before it. Failed attempts are counted, never stored. Also enforces per-test budgets.
 */
export class RecordingClient implements ChatClient {
  /** The calls recorded so far, in order. */
  readonly entries: CassetteEntry[] = [];
  readonly chat = { completions: { create: (params: ChatRequest, options?: ChatRequestOptions) => this.#create(params, options) } };
  readonly #inner: ChatClient;
  readonly #ctx: RecordingContext;
  #failures = 0;
  #chunk = 0;

  constructor(inner: ChatClient, ctx: RecordingContext) {
    this.#inner = inner;
    this.#ctx = ctx;
  }

  /** Where the replies come from (see `RecordingContext.source`). */
  replySource(): 'recorded' | 'live' {
    return this.#ctx.source ?? 'recorded';
  }

  /** Continues a replay that diverged: `replayed` entries come first, numbering and chunks go on from them. */
  continueFrom(replayed: readonly CassetteEntry[]): void {
    this.entries.push(...replayed);
    this.#chunk = replayed.at(-1)?.chunk ?? 0;
  }

  /** @throws {TmuxShotError} when the budget is spent; whatever the real client throws. */
  async #create(params: ChatRequest, options: ChatRequestOptions | undefined): Promise<ChatReply> {
    this.#checkBudget();
    const seen = observeRequest(params, this.#ctx.screen(), this.#chunk);
    const start = this.#ctx.now();
    let reply: ChatReply;
    try {
      reply = await this.#inner.chat.completions.create(params, options);
    } catch (error) {
      this.#failures++;
      throw error;
    }
    const latencyMs = Math.round(this.#ctx.now() - start);
    // As received, whatever it is (the runner reads it through readReply, in recording and in replay).
    const received = firstMessage(reply);
    const message = (typeof received === 'object' && received !== null ? JSON.parse(JSON.stringify(received)) : {}) as Record<string, unknown>;
    const usage = readUsage(reply) ?? null;
    this.entries.push({ call: this.entries.length + 1, ...seen, message, usage, latencyMs, retries: this.#failures });
    this.#chunk = seen.chunk;
    this.#failures = 0;
    this.#ctx.tally.calls++;
    this.#ctx.tally.tokens += usage?.total_tokens ?? 0;
    return reply;
  }

  #checkBudget(): void {
    const { tally, budget } = this.#ctx;
    if (budget.maxCalls !== undefined && tally.calls >= budget.maxCalls) {
      throw new TmuxShotError(`Model budget spent: ${tally.calls} calls made, maxCalls is ${budget.maxCalls}. Raise maxCalls or simplify the goal.`);
    }
    if (budget.maxTokens !== undefined && tally.tokens >= budget.maxTokens) {
      throw new TmuxShotError(`Model budget spent: ${tally.tokens} tokens used, maxTokens is ${budget.maxTokens}. Raise maxTokens or simplify the goal.`);
    }
  }
}

/** What to do when the live screen differs from the recorded one. */
export type Divergence = 'strict' | 'fallthrough';

/** What a replaying client needs besides the entries. */
export interface ReplayContext {
  /** The live screen text, normalized. */
  screen: () => string;
  /** The cassette's path, for messages. */
  path: string;
  /** The command that re-records this test, for messages. */
  reRecord: string;
  /** The live client that takes over on divergence (`fallthrough` only). */
  fallthrough: RecordingClient | undefined;
  /** Called when the cassette cannot answer a call: the screen diverged (before a handover or a failure), or it ran out. */
  onMiss: () => void;
}

/**
 * A chat client that answers from a recorded interaction, in order, and never reaches a model.
 * Before each call it guards the step: the live normalized screen must have the recorded digest.
 * On a mismatch, `strict` fails with a unified diff; `fallthrough` hands this and every later call
 * to a live recording client that continues from the entries replayed so far.
 */
export class ReplayingClient implements ChatClient {
  readonly chat = { completions: { create: (params: ChatRequest, options?: ChatRequestOptions) => this.#create(params, options) } };
  /** Entries answered from the cassette so far. */
  readonly replayed: CassetteEntry[] = [];
  readonly #entries: readonly CassetteEntry[];
  readonly #ctx: ReplayContext;
  #live: RecordingClient | undefined;
  /** `diverged` from the first call the cassette could not answer on (a screen mismatch, or past its end). */
  #source: 'replayed' | 'diverged' = 'replayed';

  constructor(entries: readonly CassetteEntry[], ctx: ReplayContext) {
    this.#entries = entries;
    this.#ctx = ctx;
  }

  /** True once a divergence handed the run to the live client. */
  get diverged(): boolean {
    return this.#live !== undefined;
  }

  /** Where the last reply came from: the cassette, or (from a divergence on) not. */
  replySource(): 'replayed' | 'diverged' {
    return this.#source;
  }

  /** @throws {CassetteMismatchError} past the last entry, or on a screen mismatch in strict mode. */
  async #create(params: ChatRequest, options: ChatRequestOptions | undefined): Promise<ChatReply> {
    if (this.#live) return this.#live.chat.completions.create(params, options);
    const n = this.replayed.length + 1;
    const entry = this.#entries[this.replayed.length];
    if (!entry) {
      this.#source = 'diverged';
      this.#ctx.onMiss();
      throw new CassetteMismatchError(
        `Cassette ${this.#ctx.path} has ${this.#entries.length} model calls, but the run asked for call ${n}. ` + `Re-record it: ${this.#ctx.reRecord}`,
      );
    }
    const seen = observeRequest(params, this.#ctx.screen(), this.replayed.at(-1)?.chunk ?? 0);
    if (seen.screen.digest !== entry.screen.digest) {
      this.#source = 'diverged';
      if (this.#ctx.fallthrough) this.#live = this.#ctx.fallthrough;
      this.#ctx.onMiss();
      if (!this.#live) throw this.#divergence(n, entry, seen.screen.text);
      this.#live.continueFrom(this.replayed);
      return this.#live.chat.completions.create(params, options);
    }
    this.replayed.push(entry);
    const message = structuredClone(entry.message) as ChatReply['choices'][number]['message'];
    return { choices: [{ message }], ...(entry.usage ? { usage: entry.usage } : {}) };
  }

  #divergence(n: number, entry: CassetteEntry, live: string): CassetteMismatchError {
    return new CassetteMismatchError(
      `The live screen differs from the recording before model call ${n} (chunk ${entry.chunk}, turn ${entry.turn}) ` +
        `of ${this.#ctx.path}:\n${unifiedDiff(entry.screen.text, live)}\n` +
        `If the app changed on purpose, re-record: ${this.#ctx.reRecord}`,
    );
  }
}
