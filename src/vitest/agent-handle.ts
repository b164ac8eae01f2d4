/**
 * The value of the `agent` fixture: an agent bound to the test's `tmuxApp`, saving its screenshots
 * in a folder of its own per test, with its model calls going through the test's cassette
 * (`__cassettes__/<test file>/<test name>.json`; see `AgentFixtureOptions.cassette`, options.ts). The
 * model is the `agentModel` fixture when set (a scripted model in tests:
 * `test.override({ agentModel: scriptedModel([...]) })`), else the OpenAI-compatible endpoint
 * configured by the environment (`OPENAI_API_KEY` or `OPENAI_BASE_URL`, `TMUX_SHOT_MODEL`).
 */
import { relative, resolve } from 'node:path';
import type { z } from 'zod';
import { TestRunner } from 'vitest';
import type {
  AgentRunnerOptions,
  AgentTranscript,
  CassetteAgent,
  CassetteRunResult,
  CassetteTally,
  ChatClient,
  ModelConnection,
  SizedDriver,
  Verdict,
} from '../agent/index.js';
import { firstLine, formatCall } from '../app/index.js';
import type { FormatResult } from '../test-file/index.js';
import { TmuxShotError } from '../errors.js';
import { screenshotsIn } from '../agent-runner.js';
import { DEFAULT_TEXT_MASKS, normalizeText } from '../screen/index.js';
import type { TmuxAppHandle } from './fixtures/app-handle.js';
import { cassettePath, fileCassetteStore, reRecordCommand } from './fixtures/cassette-files.js';
import { AGENT_FIXTURE } from './options.js';
import type { AgentFixtureOptions } from './options.js';
import { projectRoot } from './paths.js';
import { publishTally } from './reporter.js';

/** Options of one `agent.run`: the runner's, and `emit`. */
export type AgentRunOptions = Partial<Omit<AgentRunnerOptions, 'outDir' | 'saveScreenshot' | 'model'>> & {
  /**
   * Write the run, when it finishes, as a plain Vitest test to this file (relative to the Vitest
   * project root; folders created; a file there replaced): the model's actions as `press`/`type`
   * steps, a `toShowText` on what each made appear, a `waitForText` for each wait, the `finish`
   * evidence as `toShowText`, and a final `toMatchScreenshot('finished')` — a test that replays
   * without a model or a cassette. Formatted with the project's Biome or Prettier when found. A
   * run that does not finish writes nothing (the result's `emit` says why). @default undefined (no file)
   */
  emit?: string;
};

/** What `emit` did: the test written, and how it was formatted (see `formatFile`), or why none was written. */
export type EmitOutcome =
  | { written: true /** Absolute path. */; path: string; format?: FormatResult }
  | { written: false /** Absolute path. */; path: string; reason: string };

/** The result of `agent.run`: the run's, and with `emit`, what it did. */
export type AgentRunResult = CassetteRunResult & { emit?: EmitOutcome };

/** The `agent` fixture. */
export class AgentHandle {
  readonly #app: TmuxAppHandle;
  readonly #model: ChatClient | undefined;
  readonly #options: AgentFixtureOptions;
  #tally: CassetteTally | undefined;
  #agent: Promise<CassetteAgent> | undefined;
  /** The agent once open: its `transcripts` are the test's. */
  #opened: CassetteAgent | undefined;
  /** Transcripts of the calls made while the agent could not open (an unreadable cassette…). */
  readonly #unopened: AgentTranscript[] = [];
  /** The project root and test name, for messages; set when the agent opens. */
  #test: { root: string; name: string } | undefined;
  /** Where this test's agent screenshots go. */
  readonly outDir: string;

  constructor(app: TmuxAppHandle, model: ChatClient | undefined, options: AgentFixtureOptions, outDir: string) {
    this.#app = app;
    this.#model = model;
    this.#options = options;
    this.outDir = outDir;
  }

  /**
   * Drives the test's app toward `goal` (see `AgentRunner.run`); runner `options` override the fixture's.
   * One step of the app (see `TmuxApp.steps`), `agent.run('open the settings')`, failed when it
   * throws or the run did not finish (its outcome and summary); the agent's keys and waits are part of it.
   * @returns The run's result: `outcome` ('finished', 'unverified', 'step-cap'…), `summary`, `steps`, `shots`, `cost`;
   *   with `emit`, what it wrote (see {@link AgentRunOptions.emit}).
   * @throws {CassetteMismatchError} for a missing (replay mode), stale, diverged or exhausted cassette, with
   *   the command that re-records it; {ConfigError} when a model is needed and none is configured;
   *   {ModelApiError} for a non-transient API failure; {TmuxShotError} when the `emit` file cannot be written.
   */
  run(goal: string, options?: AgentRunOptions): Promise<AgentRunResult> {
    const { emit, ...runner } = options ?? {};
    return this.#step(
      () => formatCall('agent.run', [goal, options]),
      async () => {
        const agent = await this.#cassetteAgent('run', goal);
        const result = await this.#counted(() => agent.run(goal, { ...this.#runnerOptions(), ...runner }));
        return emit === undefined ? result : { ...result, emit: await this.#emit(emit, result) };
      },
      ({ outcome, summary }) => (outcome === 'finished' ? undefined : `did not finish (${outcome}): ${firstLine(summary)}`),
    );
  }

  /**
   * Writes the test of a finished run to `emit` (relative to the project root), with the app as
   * the test started it (command, env, cwd) at its size now; any other outcome writes nothing.
   */
  async #emit(emit: string, result: CassetteRunResult): Promise<EmitOutcome> {
    const path = resolve(this.#test?.root ?? process.cwd(), emit);
    const [{ agentRunTest, notFinishedReason }, { writeTestFile }] = await Promise.all([import('../codegen/index.js'), import('../test-file/index.js')]);
    if (result.outcome !== 'finished') return { written: false, path, reason: notFinishedReason(result.outcome) };
    const { command, env, cwd } = this.#app.options;
    const { cols, rows } = this.#app.screen();
    const app = { command: command!, cols, rows, ...(env ? { env } : {}), ...(cwd !== undefined ? { cwd } : {}) }; // started: it has a command
    const { format } = await writeTestFile(path, agentRunTest(result.transcript, app));
    return format ? { written: true, path, format } : { written: true, path };
  }

  /**
   * Asks the model whether `claim` holds on the screen now. One step of the app, `agent.assert('the menu is open')`.
   * @returns `{ pass: true, reason }`.
   * @throws {TmuxShotError} when the verdict is false (message: the claim, the model's reason and the screen),
   *   or no valid verdict came back; cassette and model errors as {@link run}.
   */
  assert(claim: string): Promise<Verdict> {
    return this.#step(
      () => formatCall('agent.assert', [claim]),
      async () => {
        const agent = await this.#cassetteAgent('assert', claim);
        const { pass, reason } = await this.#counted(() => agent.assert(claim));
        if (!pass) throw new TmuxShotError(`agent.assert failed: ${JSON.stringify(claim)}\nReason: ${reason}\nScreen:\n${this.#app.text()}`);
        return { pass, reason };
      },
    );
  }

  /**
   * Asks `question` about the screen now. One step of the app, `agent.query('how many items are listed?')` (the schema left out).
   * @returns The answer, validated by `schema`.
   * @throws {TmuxShotError} when the answer failed validation twice; cassette and model errors as {@link run}.
   */
  query<S extends z.ZodType>(schema: S, question: string): Promise<z.output<S>> {
    return this.#step(
      () => formatCall('agent.query', [question]),
      async () => {
        const agent = await this.#cassetteAgent('query', question);
        return (await this.#counted(() => agent.query(schema, question))).value;
      },
    );
  }

  /**
   * The transcript of every `run`, `assert` and `query` of the test, in call order, for the failure
   * report — also of the calls that threw (outcome `'error'`, summary the error's message) and of an
   * `assert` whose verdict failed (outcome `'fail'`).
   */
  get transcripts(): readonly AgentTranscript[] {
    return this.#opened?.transcripts ?? this.#unopened;
  }

  /**
   * Ends the test's cassette session (called by the fixture when the test ends): writes what was
   * recorded, and says on stderr where a pending cassette went, or why a recording was not written.
   */
  async close(): Promise<void> {
    const agent = await this.#agent?.catch(() => undefined);
    if (!agent || !this.#test) return;
    const outcome = await agent.close();
    const { root, name } = this.#test;
    if (outcome.kind === 'pending') {
      console.warn(
        `tmux-shot: the live screen of '${name}' diverged from its cassette ${relative(root, outcome.cassette)}; the run went on live ` +
          `and wrote ${relative(root, outcome.path)}: diff the two, then rename it over the cassette or delete it.`,
      );
    } else if (outcome.kind === 'unwritten') {
      console.warn(
        `tmux-shot: the cassette ${relative(root, outcome.path)} of '${name}' was not written: ${outcome.reason}; a cassette already there is kept.`,
      );
    }
  }

  /**
   * Runs `work` as one `agent` step of the test's app titled `title()` (see `TmuxApp.steps`), the
   * agent's own keys and waits inside it; `failure` says why its result fails it. Before the app
   * has started there is no step log: `work` runs as it is (and fails on its first key).
   */
  #step<T>(title: () => string, work: () => Promise<T>, failure?: (result: T) => string | undefined): Promise<T> {
    return this.#app.started ? this.#app.logStep('agent', title, work, failure) : work();
  }

  /** Runs `work` and publishes the tally in the test's `meta` even when it throws. */
  async #counted<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      const task = TestRunner.getCurrentTest();
      if (task && this.#tally) publishTally(task.meta, this.#tally);
    }
  }

  /** The fixture's runner options, screenshots saved as `<outDir>/<name>.png` (`<name>-2.png`… when taken). */
  #runnerOptions(): Omit<AgentRunnerOptions, 'model'> {
    const { cassette: _mode, divergence: _divergence, masks: _masks, budget: _budget, model: _model, ...runner } = this.#options;
    return { ...runner, saveScreenshot: screenshotsIn(this.outDir) };
  }

  /** The test's agent, opened on first use; a call it cannot open for still leaves its transcript. */
  async #cassetteAgent(kind: AgentTranscript['kind'], prompt: string): Promise<CassetteAgent> {
    this.#agent ??= this.#openAgent().then((agent) => (this.#opened = agent));
    try {
      return await this.#agent;
    } catch (error) {
      this.#unopened.push({ kind, prompt, turns: [], outcome: 'error', summary: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /**
   * Opens the test's cassette and agent. The agent code (with zod and the tool schemas) is
   * imported here, on first use, so test files that never use the agent do not load it.
   */
  async #openAgent(): Promise<CassetteAgent> {
    const task = TestRunner.getCurrentTest();
    if (!task) throw new TmuxShotError('The agent fixture was used outside a running test.');
    const { createClient, emptyTally, loadAgentSchemas, redactingClient, resolveCassetteMode } = await import('../agent/index.js');
    const { CassetteAgent, CassetteSession } = await loadAgentSchemas();
    this.#tally = emptyTally();
    this.#test = { root: projectRoot(task.file), name: task.fullTestName };
    const { cassette, divergence, masks, budget } = this.#options;
    const session = await CassetteSession.open({
      path: cassettePath(task),
      testName: task.fullTestName,
      store: fileCassetteStore,
      mode: resolveCassetteMode(cassette, process.env, this.#model !== undefined),
      divergence,
      masks,
      budget,
      connect: async (): Promise<ModelConnection> => {
        const { model } = this.#options;
        if (this.#model) return { client: redactingClient(this.#model, keysOf(this.#model)), model: model ?? AGENT_FIXTURE.model };
        return createClient(model === undefined ? {} : { model });
      },
      normalize: (text, masks) => normalizeText(text, [...DEFAULT_TEXT_MASKS, ...masks]),
      reRecord: reRecordCommand(task),
      tally: this.#tally,
    });
    return new CassetteAgent(sizedDriver(this.#app), session, this.#runnerOptions());
  }
}

/** The API keys an `agentModel` may carry: OPENAI_API_KEY, and an `openai` client's own `apiKey`. */
function keysOf(model: ChatClient): string[] {
  const own = (model as { apiKey?: unknown }).apiKey;
  return [process.env['OPENAI_API_KEY'], typeof own === 'string' ? own : undefined].filter((k): k is string => !!k);
}

/** The app as the agent's driver, with its terminal size. */
function sizedDriver(app: TmuxAppHandle): SizedDriver {
  return {
    press: (...keys) => app.press(...keys),
    type: (text) => app.type(text),
    text: () => app.text(),
    screenshot: () => app.screenshot(),
    waitForStable: (options) => app.waitForStable(options),
    size: () => {
      const { cols, rows } = app.screen();
      return { cols, rows };
    },
  };
}
