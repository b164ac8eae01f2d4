/** What an agent run and a single step return. */
import type { ModelApiError } from '../errors.js';
import type { Usage } from './chat.js';

/**
 * Why a run ended: the model called `finish` (with evidence that is on the screen, or with none:
 * a finish without evidence is taken at its word, as the original spec's calls are); it stopped
 * calling tools (after nudges, in timed runs); `maxSteps` was reached; the model API stayed down
 * past the retry budget; the duration of a timed run elapsed while the model was still working;
 * or `finish` was rejected because its evidence was not on the screen, again after one more chance
 * (`unverified`: the summary lists what was missing and shows the screen).
 */
export type AgentOutcome = 'finished' | 'no-tool-calls' | 'step-cap' | 'outage' | 'duration-elapsed' | 'unverified';

/** The result of `AgentRunner.run`. */
export interface AgentResult {
  outcome: AgentOutcome;
  /** The model's `finish` summary (chunk summaries joined by `'; '`), its last words, or why it stopped. */
  summary: string;
  /** Model turns taken (planning not counted). */
  steps: number;
  /** Paths of the screenshots saved in this run, oldest first (tool calls and ticker frames). */
  shots: string[];
  /** Token usage summed over every request, when the API reported it. */
  usage?: Usage;
}

/** The result of one model turn (`AgentRunner.step`). */
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
