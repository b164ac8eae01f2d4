/**
 * Where the agent decides to stop (pure): the six ways a run ends, and the rule for each. The loop
 * in runner.ts asks {@link stopBeforeTurn} before each model turn and {@link decideAfterTurn} after
 * it; a planned run asks {@link stopBeforeChunk} before each chunk and {@link endsPlannedRun} after
 * it, and ends as its last chunk did; {@link waitsOutDuration} says whether a timed run that ended
 * early still lasts its whole duration. Every ending is built here.
 *
 * | outcome | when |
 * |---|---|
 * | `finished` | the model called `finish`, and its evidence (if any) is on the screen |
 * | `unverified` | `finish` was rejected once more than `AGENT_LOOP.evidenceRetries` allows: its evidence is not on the screen |
 * | `no-tool-calls` | a reply called no tool: at once in an untimed run; in a timed one when no time is left or after `AGENT_LOOP.maxNudges` nudges in a row |
 * | `step-cap` | `maxSteps` model turns were taken without `finish` (in a planned run, over all its chunks) |
 * | `outage` | every attempt of a model request failed transiently (see retry.ts) |
 * | `duration-elapsed` | the time of a timed run, or of its chunk, ran out before `finish` |
 */
import { AGENT_LOOP } from '../defaults.js';
import type { ModelApiError } from '../errors.js';
import { quoteEvidence } from './driver.js';

/**
 * Why a run ended: the model called `finish` (with evidence that is on the screen, or with none:
 * a finish without evidence is taken at its word, as the original spec's calls are); it stopped
 * calling tools (after nudges, in timed runs); `maxSteps` was reached; the model API stayed down
 * past the retry budget; the duration of a timed run elapsed while the model was still working;
 * or `finish` was rejected because its evidence was not on the screen, again after one more chance
 * (`unverified`: the summary lists what was missing and shows the screen).
 */
export type AgentOutcome = 'finished' | 'no-tool-calls' | 'step-cap' | 'outage' | 'duration-elapsed' | 'unverified';

/** How a conversation (a whole untimed run, or one chunk) ended. */
export interface Ending {
  outcome: AgentOutcome;
  /** The model's `finish` summary (a planned run's chunk summaries joined by `'; '`), its last words, or why it stopped. */
  summary: string;
}

/** The result of one model turn (`AgentRunner.step`): what the stop rules read. */
export interface StepResult {
  /** The reply called at least one tool (valid or not). */
  hadToolCalls: boolean;
  /** The reply called `finish`. */
  finished: boolean;
  /** The `finish` summary, else the reply's text ('' when none). */
  summary: string;
  /** Evidence of a `finish` call that was not on the screen (the call was rejected, not finished). */
  rejected?: string[];
  /** Set when every attempt failed transiently: no reply, nothing appended to the messages. */
  outage?: ModelApiError;
}

/** What the loop has counted when it decides. */
export interface LoopState {
  /** Model turns taken in this run (planning not counted). */
  steps: number;
  maxSteps: number;
  /** Time left of the chunk (or the run), in ms; `Infinity` when untimed. */
  timeLeft: number;
  /** Nudges sent in a row to a timed run's model that stopped calling tools. */
  nudges: number;
  /** `finish` calls rejected because their evidence was not on the screen. */
  rejections: number;
}

/** Before a turn: `step-cap` once `maxSteps` turns were taken, then `duration-elapsed` when no time is left. */
export function stopBeforeTurn({ steps, maxSteps, timeLeft }: LoopState): Ending | undefined {
  if (steps >= maxSteps) return { outcome: 'step-cap', summary: `stopped after ${maxSteps} steps without finish` };
  if (timeLeft <= 0) return { outcome: 'duration-elapsed', summary: 'the time ran out before finish' };
  return undefined;
}

/**
 * After a turn: the ending (`outage`, `finished`, `unverified`, `no-tool-calls`), or `'nudge'` (a
 * timed run's model stopped calling tools with time left: tell it to go on), or `'continue'`.
 * `screen` is the screen text an `unverified` summary shows.
 */
export function decideAfterTurn(turn: StepResult, state: LoopState, screen: () => string): Ending | 'nudge' | 'continue' {
  if (turn.outage) return outage(turn.outage);
  if (turn.finished) return { outcome: 'finished', summary: turn.summary };
  if (turn.rejected && state.rejections > AGENT_LOOP.evidenceRetries) {
    return { outcome: 'unverified', summary: `finish evidence not on the screen: ${quoteEvidence(turn.rejected)}\nScreen:\n${screen()}` };
  }
  if (!turn.hadToolCalls) {
    const nudge = state.timeLeft !== Infinity && state.timeLeft > 0 && state.nudges < AGENT_LOOP.maxNudges;
    return nudge ? 'nudge' : { outcome: 'no-tool-calls', summary: turn.summary };
  }
  return 'continue';
}

/** The ending of a request (a turn, or the planning request) whose every attempt failed transiently. */
export function outage(error: ModelApiError): Ending {
  return { outcome: 'outage', summary: error.message };
}

/** Before a chunk of a planned run: `duration-elapsed` when the run's time is up, its summary the chunks' so far. */
export function stopBeforeChunk(timeLeft: number, summaries: readonly string[]): Ending | undefined {
  return timeLeft <= 0 ? { outcome: 'duration-elapsed', summary: summaries.join('; ') } : undefined;
}

/** A chunk's ending that ends the whole planned run: the API is down, or the step cap (shared by all chunks) is reached. */
export function endsPlannedRun(chunk: Ending): boolean {
  return chunk.outcome === 'outage' || chunk.outcome === 'step-cap';
}

/** The ending of a planned run that went through its chunks: the last chunk's outcome, the chunks' summaries joined by `'; '`. */
export function plannedRunEnding(last: Ending, summaries: readonly string[]): Ending {
  return { outcome: last.outcome, summary: summaries.join('; ') };
}

/**
 * Whether a timed run that ended this way still lasts its whole duration (its ticker saving frames
 * until the deadline): yes when the model stopped calling tools or ran out of steps; not when it
 * finished, was unverified, the API is down, or the time is up already.
 */
export function waitsOutDuration(outcome: AgentOutcome): boolean {
  return outcome === 'no-tool-calls' || outcome === 'step-cap';
}
