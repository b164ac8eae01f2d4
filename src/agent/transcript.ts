/**
 * What the agent did, as plain data for the failure report: each model turn's text, the tool calls
 * as repaired and executed with their results, the screenshots sent, and how the run, assertion
 * or query ended, with its cassette's part.
 */

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
