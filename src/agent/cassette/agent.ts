/**
 * The agent of one test with cassettes: `run`, `assert` and `query` each become one interaction of
 * the test's {@link CassetteSession} — replayed, recorded or live as its mode decides.
 */
import type { z } from 'zod';
import type { Size } from '../../geometry.js';
import type { Driver } from '../driver.js';
import { judgeClaim, queryScreen, type AskContext, type Verdict } from '../judge.js';
import { AGENT, resolveAgentOptions, type AgentRunnerOptions } from '../options.js';
import { AgentRunner, type AgentResult } from '../runner.js';
import { errorSummary, TranscriptRecorder, type AgentTranscript } from '../transcript.js';
import { assertPlan, queryPlan, runPlan } from './inputs.js';
import type { CassetteClose, CassetteSession, InteractionClient } from './session.js';
import type { InteractionCost } from './tally.js';

/** Runner options of a cassette agent; the model name comes from the connection or the cassette. */
export type CassetteAgentOptions = Omit<AgentRunnerOptions, 'model'>;

/** A run's result with its cost. */
export type CassetteRunResult = AgentResult & { cost: InteractionCost };

/** The driver plus its terminal size in cells (for the cassette's semantic inputs). */
export interface SizedDriver extends Driver {
  size(): Size;
}

/** Runs the agent's interactions through a cassette session. */
export class CassetteAgent {
  /**
   * The transcript of every `run`, `assert` and `query`, in call order — also of a call that threw
   * (outcome `'error'`, summary the error's message, redacted; no turns when the cassette refused it).
   */
  readonly transcripts: AgentTranscript[] = [];
  readonly #driver: SizedDriver;
  readonly #session: CassetteSession;
  readonly #options: CassetteAgentOptions;
  /** Set once the server refused an assert's or query's image with a 400: the later ones send text only. */
  #textOnly = false;

  constructor(driver: SizedDriver, session: CassetteSession, options: CassetteAgentOptions) {
    this.#driver = driver;
    this.#session = session;
    this.#options = options;
  }

  /**
   * `AgentRunner.run(goal)` through the cassette; a replay skips `delay` (no model to pace). A run
   * that ended in an outage is not kept for the cassette: its replay could not reproduce it.
   * @throws {CassetteMismatchError} for a missing, stale, diverged or exhausted cassette (see
   *   `CassetteSession.begin`); {ConfigError} when a model is needed and none is configured, or for
   *   invalid options; {ModelApiError} for a non-transient API failure (see `AgentRunner.run`).
   */
  async run(goal: string, options: CassetteAgentOptions = this.#options): Promise<CassetteRunResult> {
    let runner: AgentRunner | undefined;
    try {
      const interaction = await this.#session.begin(runPlan(goal, options, this.#driver.size()), () => this.#driver.text());
      runner = new AgentRunner(this.#driver, interaction.client, {
        ...options,
        model: interaction.model,
        ...(interaction.replaying ? { delay: 0 } : {}),
      });
      const result = await runner.run(goal);
      if (result.outcome !== 'outage') interaction.end();
      this.transcripts.push(result.transcript);
      return { ...result, cost: interaction.cost() };
    } catch (error) {
      // the runner's transcript, or (the cassette refused the run, the options were invalid) one without turns
      this.transcripts.push(runner?.transcripts[0] ?? new TranscriptRecorder('run', goal).end('error', errorSummary(error)));
      throw error;
    }
  }

  /**
   * Asks the model whether `claim` holds on the screen now.
   * @throws {TmuxShotError} when no valid verdict came back after one retry; cassette, option and
   *   model errors as {@link CassetteAgent.run}.
   */
  async assert(claim: string): Promise<Verdict & { cost: InteractionCost }> {
    const transcript = new TranscriptRecorder('assert', claim);
    return this.#transcribed(
      transcript,
      async () => {
        const screen = this.#driver.text();
        const png = await this.#screenshot();
        const interaction = await this.#session.begin(assertPlan(claim, this.#driver.size()), () => screen);
        const answer = await judgeClaim(this.#askContext(interaction, transcript), claim, screen, png);
        interaction.end();
        return { ...answer.value, cost: interaction.cost() };
      },
      (verdict) => [verdict.pass ? 'pass' : 'fail', verdict.reason],
    );
  }

  /**
   * Asks `question` about the screen now; resolves the answer validated by `schema`.
   * @throws {TmuxShotError} when the answer failed validation twice; cassette, option and model
   *   errors as {@link CassetteAgent.run}.
   */
  async query<S extends z.ZodType>(schema: S, question: string): Promise<{ value: z.output<S>; cost: InteractionCost }> {
    const transcript = new TranscriptRecorder('query', question);
    return this.#transcribed(
      transcript,
      async () => {
        const screen = this.#driver.text();
        const png = await this.#screenshot();
        const interaction = await this.#session.begin(queryPlan(schema, question, this.#driver.size()), () => screen);
        const answer = await queryScreen(this.#askContext(interaction, transcript), schema, question, screen, png);
        interaction.end();
        return { value: answer.value, cost: interaction.cost() };
      },
      ({ value }) => ['answered', JSON.stringify(value) ?? String(value)],
    );
  }

  /** Ends the test's cassette session (see `CassetteSession.close`): call once, when the test ends. */
  close(): Promise<CassetteClose> {
    return this.#session.close();
  }

  /**
   * Runs `work` and keeps `transcript`, ended as `ending` says of the value; when `work` throws,
   * ended `error` unless the judge ended it already (`invalid`).
   */
  async #transcribed<T>(transcript: TranscriptRecorder, work: () => Promise<T>, ending: (value: T) => [outcome: string, summary: string]): Promise<T> {
    try {
      const value = await work();
      this.transcripts.push(transcript.end(...ending(value)));
      return value;
    } catch (error) {
      this.transcripts.push(transcript.end('error', errorSummary(error)));
      throw error;
    }
  }

  /** The screenshot sent with an assert or query, unless the `images` option is off or the server refused an image before. */
  async #screenshot(): Promise<Uint8Array | undefined> {
    return (this.#options.images ?? AGENT.images) && !this.#textOnly ? this.#driver.screenshot() : undefined;
  }

  #askContext(interaction: InteractionClient, transcript: TranscriptRecorder): AskContext {
    const { retry, clock, random, requestTimeout } = resolveAgentOptions({ ...this.#options, model: interaction.model });
    const textOnly = () => void (this.#textOnly = true);
    return { client: interaction.client, model: interaction.model, retry, clock, random, requestTimeout, transcript, textOnly };
  }
}
