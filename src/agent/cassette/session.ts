/**
 * One test's cassette: decides per mode whether its interactions are replayed, recorded or live,
 * checks each replayed interaction's semantic inputs (stale → error with the re-record command),
 * and, when the test ends, writes the cassette (or, after a `fallthrough` divergence, a pending
 * one) through the store — only when every interaction completed and some model call was
 * answered, so an outage or an error while recording keeps the previous cassette.
 */
import { CASSETTE } from '../../defaults.js';
import { CassetteMismatchError, ConfigError } from '../../errors.js';
import { systemClock } from '../../wait.js';
import type { ChatClient, ChatRequest, ChatRequestOptions } from '../chat.js';
import type { ModelConnection } from '../openai-client.js';
import { RecordingClient, ReplayingClient } from './clients.js';
import { formatCassette, parseCassette, pendingPath, type Cassette, type Interaction } from './format.js';
import { semanticInputs, staleReasons, type InteractionPlan } from './inputs.js';
import { decideCassetteAction, type CassetteAction } from './mode.js';
import { CASSETTE_SESSION } from './options.js';
import type { CassetteSessionOptions } from './options.js';
import type { InteractionCost } from './tally.js';

/** The client of one interaction and how to conclude it. */
export interface InteractionClient {
  client: ChatClient;
  /** Model name to send. */
  model: string;
  /** True when answers come from the cassette (no model latency, no backoff). */
  replaying: boolean;
  /** What the interaction has cost so far: live calls and tokens, and calls answered from the cassette. */
  cost(): InteractionCost;
  /**
   * Call after the interaction completed (not after an outage or an error): it is kept for the
   * cassette that {@link CassetteSession.close} writes.
   */
  end(): void;
}

/**
 * What {@link CassetteSession.close} did: nothing to write (replayed wholly, live, no agent used),
 * the cassette or the pending cassette written, or a recording not written (why, in words).
 */
export type CassetteClose =
  | { kind: 'none' }
  | { kind: 'written'; path: string }
  | { kind: 'pending'; path: string; cassette: string }
  | { kind: 'unwritten'; path: string; reason: string };

/** A test's cassette session; interactions are numbered in the order `begin` is called. */
export class CassetteSession {
  /** The interactions that completed, in order. */
  readonly #output: Interaction[] = [];
  /** Interactions begun. */
  #begun = 0;
  #header: Omit<Cassette, 'interactions'>;
  /** Where `#output` is written: the cassette when recording, the pending file after a divergence. */
  #target: string | undefined;
  readonly #options: Required<CassetteSessionOptions>;
  readonly #existing: Cassette | undefined;
  readonly #action: CassetteAction;

  private constructor(options: Required<CassetteSessionOptions>, existing: Cassette | undefined, action: CassetteAction) {
    this.#options = options;
    this.#existing = existing;
    this.#action = action;
    // A recording names the model and endpoint it connects to (#connect), never the ones it replaces;
    // a replay names the recorded ones (a fallthrough's pending file keeps them beside its new calls).
    this.#header =
      existing && action !== 'record'
        ? { format: existing.format, test: options.testName, model: existing.model, baseHost: existing.baseHost, sampling: existing.sampling }
        : { format: CASSETTE.formatVersion, test: options.testName, model: '', baseHost: '', sampling: {} };
    if (action === 'record') this.#target = options.path;
  }

  /**
   * Reads the cassette (if any) and decides what the test does with it.
   * @throws {CassetteMismatchError} when the file is not a valid cassette.
   */
  static async open(given: CassetteSessionOptions): Promise<CassetteSession> {
    const options = resolveSessionOptions(given);
    const text = options.mode === 'live' ? undefined : await options.store.read(options.path);
    const existing = text === undefined ? undefined : parseCassette(text, options.path);
    return new CassetteSession(options, existing, decideCassetteAction(options.mode, existing !== undefined));
  }

  /**
   * Starts the next interaction. `screen` returns the live screen text (normalized here).
   * @throws {CassetteMismatchError} for a missing cassette in replay mode, a stale or exhausted one;
   *   {ConfigError} when a model is needed and none is configured.
   */
  async begin(plan: InteractionPlan, screen: () => string): Promise<InteractionClient> {
    const { tally, budget, normalize, masks, path } = this.#options;
    const index = this.#begun++;
    const inputs = semanticInputs(plan);
    const context = { screen: () => normalize(screen(), masks), tally, budget, now: systemClock.now };
    const start = { calls: tally.calls, tokens: tally.tokens };
    const cost = (replayed: number): InteractionCost => ({ calls: tally.calls - start.calls, replayed, tokens: tally.tokens - start.tokens });
    if (this.#action === 'missing') {
      tally.misses++;
      throw new CassetteMismatchError(
        `No cassette at ${this.#options.path}, and replay mode (the default when CI is set) never calls a model. ` +
          `Record it locally with a model configured: ${this.#options.reRecord}`,
      );
    }
    if (this.#action !== 'replay' || this.#target !== undefined) {
      if (this.#action === 'record') tally.misses++;
      const connection = await this.#connect();
      const recorder = new RecordingClient(connection.client, { ...context, source: this.#target === undefined ? 'live' : 'recorded' });
      const end = () => void this.#output.push({ inputs, entries: recorder.entries });
      return { client: recorder, model: connection.model, replaying: false, cost: () => cost(0), end };
    }
    const recorded = this.#recorded(index, inputs);
    const fallthrough =
      this.#options.divergence === 'fallthrough'
        ? new RecordingClient(
            lazyClient(() => this.#connect()),
            context,
          )
        : undefined;
    const onMiss = () => {
      tally.misses++;
      if (player.diverged) this.#target = pendingPath(path);
    };
    const player = new ReplayingClient(recorded.entries, { screen: context.screen, path, reRecord: this.#options.reRecord, fallthrough, onMiss });
    const end = () => {
      if (!player.diverged) tally.hits++;
      this.#output.push(player.diverged && fallthrough ? { inputs, entries: fallthrough.entries } : recorded);
    };
    return { client: player, model: this.#header.model || 'cassette', replaying: true, cost: () => cost(player.replayed.length), end };
  }

  /**
   * Ends the session when the test ends: writes what was recorded (or the pending cassette of a
   * diverged `fallthrough` replay) when every interaction begun has completed and at least one
   * model call was answered; otherwise the file on disk, if any, stays as it was.
   */
  async close(): Promise<CassetteClose> {
    const { path, store } = this.#options;
    const target = this.#target;
    if (target === undefined) return { kind: 'none' };
    if (this.#output.length < this.#begun) {
      return { kind: 'unwritten', path: target, reason: 'an agent call did not complete (the model API failed, or an error stopped it)' };
    }
    if (this.#output.every((i) => i.entries.length === 0)) return { kind: 'unwritten', path: target, reason: 'no model call was answered' };
    await store.write(target, formatCassette({ ...this.#header, format: CASSETTE.formatVersion, interactions: this.#output }));
    return target === path ? { kind: 'written', path } : { kind: 'pending', path: target, cassette: path };
  }

  /** The recorded interaction `index`, checked against the current inputs. */
  #recorded(index: number, inputs: Interaction['inputs']): Interaction {
    const { path, reRecord, tally } = this.#options;
    const recorded = this.#existing!.interactions[index];
    const reasons = recorded ? staleReasons(recorded.inputs, inputs) : [];
    if (this.#existing!.format !== CASSETTE.formatVersion) reasons.unshift(`format ${this.#existing!.format} → ${CASSETTE.formatVersion}`);
    if (!recorded || reasons.length > 0) {
      tally.stale++;
      const what = recorded
        ? `was recorded under different inputs: ${reasons.join('; ')}`
        : `records ${this.#existing!.interactions.length} agent calls, but the test now makes call ${index + 1} (${inputs.kind} ${JSON.stringify(inputs.goal)})`;
      throw new CassetteMismatchError(`Cassette ${path} is stale: it ${what}. Re-record it: ${reRecord}`);
    }
    return recorded;
  }

  async #connect(): Promise<ModelConnection> {
    try {
      const connection = await this.#options.connect();
      if (!this.#header.model) {
        const baseHost = connection.baseURL ? new URL(connection.baseURL).host : '';
        this.#header = { ...this.#header, model: connection.model, baseHost };
      }
      return connection;
    } catch (error) {
      if (!(error instanceof ConfigError) || this.#action !== 'record' || this.#options.mode !== 'auto') throw error;
      throw new CassetteMismatchError(`No cassette at ${this.#options.path} and no model to record one: ${error.message} Then run: ${this.#options.reRecord}`, {
        cause: error,
      });
    }
  }
}

/** The options with the `CASSETTE_SESSION` defaults, merged once. */
function resolveSessionOptions(options: CassetteSessionOptions): Required<CassetteSessionOptions> {
  return {
    ...options,
    divergence: options.divergence ?? CASSETTE_SESSION.divergence,
    masks: options.masks ?? CASSETTE_SESSION.masks,
    budget: options.budget ?? CASSETTE_SESSION.budget,
  };
}

/** A client that connects on its first call (a fallthrough replay may never need the model). */
function lazyClient(connect: () => Promise<ModelConnection>): ChatClient {
  let client: Promise<ChatClient> | undefined;
  return {
    chat: {
      completions: {
        create: async (params: ChatRequest, options?: ChatRequestOptions) => {
          client ??= connect().then((c) => c.client);
          return (await client).chat.completions.create(params, options);
        },
      },
    },
  };
}
