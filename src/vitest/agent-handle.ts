/**
 * The value of the `agent` fixture: an agent bound to the test's `tmuxApp`, saving its screenshots
 * in a folder of its own per test. The model is the `agentModel` fixture when set (a scripted
 * model in tests: `test.override({ agentModel: scriptedModel([...]) })`), else the OpenAI-compatible
 * endpoint configured by the environment (`OPENAI_API_KEY` or `OPENAI_BASE_URL`, `TMUX_SHOT_MODEL`).
 */
import { AgentRunner, createClient } from '../agent/index.js';
import type { AgentResult, AgentRunnerOptions, ChatClient } from '../agent/index.js';
import type { TmuxAppHandle } from './app-handle.js';

/** Agent options settable per file or `describe` (`test.override({ agentOptions: { … } })`) or per run. */
export type AgentFixtureOptions = Partial<Omit<AgentRunnerOptions, 'outDir'>>;

/** Name sent to a model given as `agentModel` when the options name none. */
const SCRIPTED_MODEL_NAME = 'agentModel';

/** The `agent` fixture. */
export class AgentHandle {
  readonly #app: TmuxAppHandle;
  readonly #model: ChatClient | undefined;
  readonly #options: AgentFixtureOptions;
  /** Where this test's agent screenshots go. */
  readonly outDir: string;

  constructor(app: TmuxAppHandle, model: ChatClient | undefined, options: AgentFixtureOptions, outDir: string) {
    this.#app = app;
    this.#model = model;
    this.#options = options;
    this.outDir = outDir;
  }

  /**
   * Drives the test's app toward `goal` (see `AgentRunner.run`); `options` override the fixture's.
   * @returns The run's result: `outcome` ('finished', 'step-cap'…), `summary`, `steps`, `shots`.
   * @throws {ConfigError} when no model is configured (neither `agentModel` nor the environment),
   *   or `tmuxApp` was not started; {@link ModelApiError} for a non-transient API failure.
   */
  async run(goal: string, options: AgentFixtureOptions = {}): Promise<AgentResult> {
    const merged = { ...this.#options, ...options };
    const connection = this.#model
      ? { client: this.#model, model: merged.model ?? SCRIPTED_MODEL_NAME }
      : await createClient(merged.model === undefined ? {} : { model: merged.model });
    const runner = new AgentRunner(this.#app, connection.client, { ...merged, model: connection.model, outDir: this.outDir });
    return runner.run(goal);
  }
}
