/**
 * What the agent did, as plain data for the failure report: each model turn's text, the tool calls
 * as repaired and executed with their results, the screenshots sent, and how the run, assertion
 * or query ended, with its cassette's part.
 */
import { AGENT_LOOP } from '../defaults.js';
import { redactText } from './redact.js';

/** One tool call as the runner executed it. */
export interface TranscriptToolCall {
  /** The id the server sent (or the one the runner gave a call without one). */
  readonly id: string;
  readonly name: string;
  /** The arguments as JSON, as repaired (what the tool ran with). */
  readonly arguments: string;
  /** What repair changed, in words, when it changed anything (`'stripped the functions. prefix'`). */
  readonly repaired?: string;
  /** The tool's result as sent back to the model (an error message when it failed). */
  readonly result: string;
  /** False when the call was refused or failed. */
  readonly ok: boolean;
  /**
   * The screen text just before and just after the call (after the screen settled, or the wait
   * ended), for `send_keys`, `type_text` and `wait` calls that ran: what a test generated from the
   * run (`emit`) waits for after each step.
   */
  readonly screens?: TranscriptScreens;
}

/** The visible screen as text (rows joined by `'\n'`, each right-trimmed) around one tool call. */
export interface TranscriptScreens {
  readonly before: string;
  readonly after: string;
}

/** A screenshot sent to (or saved during) a turn. */
export interface TranscriptShot {
  readonly label: string;
  readonly png: Uint8Array;
}

/** One model turn. */
export interface TranscriptTurn {
  /** The turn's label in the step log (`step 3`, `plan`, `assert`). */
  readonly label: string;
  /** The reply's text content, when any. */
  readonly text?: string;
  /** Reasoning the server returned beside the content, when any. */
  readonly reasoning?: string;
  readonly toolCalls: readonly TranscriptToolCall[];
  readonly shots: readonly TranscriptShot[];
  /** Transient failures retried before this reply came. */
  readonly retries: number;
  /** Where the reply came from: a cassette (`replayed`), the model and written to one (`recorded`), the model only (`live`); `diverged` when the live screen differed from the recording. */
  readonly source: 'replayed' | 'recorded' | 'live' | 'diverged';
  /** Why the turn failed (an API error), when it did. */
  readonly error?: string;
  /** Screenshots of this turn left out to keep the transcript within `AGENT_LOOP.transcriptShots` (the oldest go first), when any. */
  readonly droppedShots?: number;
}

/** One `agent.run`, `agent.assert` or `agent.query`. */
export interface AgentTranscript {
  readonly kind: 'run' | 'assert' | 'query';
  /** The goal, claim or question. */
  readonly prompt: string;
  readonly turns: readonly TranscriptTurn[];
  /** How it ended: a run's outcome (`finished`, `step-cap`…), `pass` / `fail` for an assertion, `answered` / `invalid` for a query; `error` when it threw. */
  readonly outcome: string;
  /** The `finish` summary, the verdict's reason, the answer as JSON, or the error's message. */
  readonly summary: string;
  /** The text `finish` quoted as evidence, when given. */
  readonly evidence?: readonly string[];
}

/** A turn as the recorder fills it in. */
type OpenTurn = { -readonly [K in keyof TranscriptTurn]: TranscriptTurn[K] } & { toolCalls: TranscriptToolCall[]; shots: TranscriptShot[] };

/** What opens a turn: the reply's text and reasoning, or the error that ended the request. */
export interface TurnStart {
  label: string;
  source: TranscriptTurn['source'];
  retries: number;
  text?: string | null;
  reasoning?: string;
  error?: string;
}

/**
 * Builds one {@link AgentTranscript} as the run goes (pure): each turn is opened when its reply (or
 * its error) arrives, and the tool calls and screenshots that follow go into the open turn. A shot
 * saved before the first turn (a timed run's first ticker frame) goes into the first turn. Only the
 * newest `maxShots` screenshots are kept; a turn that lost some counts them in `droppedShots`.
 * Texts are stored as given: callers pass error messages through `redactText`.
 */
export class TranscriptRecorder {
  readonly #kind: AgentTranscript['kind'];
  readonly #prompt: string;
  readonly #maxShots: number;
  readonly #turns: OpenTurn[] = [];
  /** Shots saved before the first turn, and how many of them were dropped. */
  #early: { shots: TranscriptShot[]; dropped: number } = { shots: [], dropped: 0 };
  #kept = 0;
  #evidence: readonly string[] | undefined;
  #ended: AgentTranscript | undefined;

  /** @param maxShots - Screenshots kept in all, the newest. @default AGENT_LOOP.transcriptShots */
  constructor(kind: AgentTranscript['kind'], prompt: string, maxShots: number = AGENT_LOOP.transcriptShots) {
    this.#kind = kind;
    this.#prompt = prompt;
    this.#maxShots = maxShots;
  }

  /** Opens the next turn. */
  turn(start: TurnStart): void {
    const { label, source, retries, text, reasoning, error } = start;
    const turn: OpenTurn = { label, toolCalls: [], shots: [], retries, source };
    if (text) turn.text = text;
    if (reasoning) turn.reasoning = reasoning;
    if (error !== undefined) turn.error = error;
    if (this.#turns.length === 0) {
      turn.shots = this.#early.shots;
      if (this.#early.dropped > 0) turn.droppedShots = this.#early.dropped;
    }
    this.#turns.push(turn);
  }

  /** Adds a tool call to the open turn. */
  toolCall(call: TranscriptToolCall): void {
    this.#turns.at(-1)?.toolCalls.push(call);
  }

  /** Adds a screenshot to the open turn (before the first turn: to the first turn), dropping the oldest kept one past the budget. */
  shot(label: string, png: Uint8Array): void {
    (this.#turns.at(-1)?.shots ?? this.#early.shots).push({ label, png });
    if (++this.#kept > this.#maxShots) this.#dropOldest();
  }

  /** The evidence of the accepted `finish`. */
  evidence(entries: readonly string[]): void {
    this.#evidence = entries;
  }

  /** The transcript, ended with `outcome` and `summary`; once ended, later calls return the same transcript (the first ending wins). */
  end(outcome: string, summary: string): AgentTranscript {
    if (this.#ended) return this.#ended;
    const transcript: AgentTranscript = { kind: this.#kind, prompt: this.#prompt, turns: this.#turns, outcome, summary };
    this.#ended = this.#evidence && this.#evidence.length > 0 ? { ...transcript, evidence: this.#evidence } : transcript;
    return this.#ended;
  }

  #dropOldest(): void {
    this.#kept--;
    const turn = this.#turns.find((t) => t.shots.length > 0);
    if (!turn) {
      this.#early.shots.shift();
      this.#early.dropped++;
      return;
    }
    turn.shots.shift();
    turn.droppedShots = (turn.droppedShots ?? 0) + 1;
  }
}

/** A thrown value's message for a transcript (an `Error`'s message, else its string), with credentials of a known shape redacted (`redactText`). */
export function errorSummary(error: unknown): string {
  return redactText(error instanceof Error ? error.message : String(error));
}
