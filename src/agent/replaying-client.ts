/**
 * A chat client that answers from a recorded interaction, in order, and never reaches a model.
 * Before each call it guards the step: the live normalized screen must have the recorded digest.
 * On a mismatch, `strict` fails with a unified diff; `fallthrough` hands this and every later call
 * to a live recording client that continues from the entries replayed so far.
 */
import { CassetteMismatchError } from '../errors.js';
import type { CassetteEntry } from './cassette-format.js';
import { observeRequest } from './cassette-observe.js';
import type { ChatClient, ChatReply, ChatRequest, ChatRequestOptions } from './chat.js';
import type { RecordingClient } from './recording-client.js';
import { unifiedDiff } from './screen-diff.js';

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

/** A replaying client; `diverged` tells whether it handed over to the live client. */
export class ReplayingClient implements ChatClient {
  readonly chat = { completions: { create: (params: ChatRequest, options?: ChatRequestOptions) => this.create(params, options) } };
  /** Entries answered from the cassette so far. */
  readonly replayed: CassetteEntry[] = [];
  private live: RecordingClient | undefined;

  constructor(
    private readonly entries: readonly CassetteEntry[],
    private readonly ctx: ReplayContext,
  ) {}

  /** True once a divergence handed the run to the live client. */
  get diverged(): boolean {
    return this.live !== undefined;
  }

  /** @throws CassetteMismatchError past the last entry, or on a screen mismatch in strict mode. */
  private async create(params: ChatRequest, options: ChatRequestOptions | undefined): Promise<ChatReply> {
    if (this.live) return this.live.chat.completions.create(params, options);
    const n = this.replayed.length + 1;
    const entry = this.entries[this.replayed.length];
    if (!entry) {
      this.ctx.onMiss();
      throw new CassetteMismatchError(
        `Cassette ${this.ctx.path} has ${this.entries.length} model calls, but the run asked for call ${n}. ` +
          `Re-record it: ${this.ctx.reRecord}`,
      );
    }
    const seen = observeRequest(params, this.ctx.screen(), this.replayed.at(-1)?.chunk ?? 0);
    if (seen.screen.digest !== entry.screen.digest) {
      if (this.ctx.fallthrough) this.live = this.ctx.fallthrough;
      this.ctx.onMiss();
      if (!this.live) throw this.divergence(n, entry, seen.screen.text);
      this.live.continueFrom(this.replayed);
      return this.live.chat.completions.create(params, options);
    }
    this.replayed.push(entry);
    const message = structuredClone(entry.message) as ChatReply['choices'][number]['message'];
    return { choices: [{ message }], ...(entry.usage ? { usage: entry.usage } : {}) };
  }

  private divergence(n: number, entry: CassetteEntry, live: string): CassetteMismatchError {
    return new CassetteMismatchError(
      `The live screen differs from the recording before model call ${n} (chunk ${entry.chunk}, turn ${entry.turn}) ` +
        `of ${this.ctx.path}:\n${unifiedDiff(entry.screen.text, live)}\n` +
        `If the app changed on purpose, re-record: ${this.ctx.reRecord}`,
    );
  }
}
