/**
 * The agent loop: asks the model for tool calls, carries them out on the app, and feeds the
 * results back until a stop rule of stop.ts ends the run (the model finishes or stops, `maxSteps`,
 * the API stays down, the time of a timed run is used). Long timed runs are planned in chunks,
 * each with a fresh context.
 */
import { AGENT_LOOP } from '../defaults.js';
import type { ModelApiError } from '../errors.js';
import { systemClock } from '../wait.js';
import { addUsage, readReply, replyText, type ChatClient, type ChatMessage, type ReadMessage, type ToolCall, type ToolSpec, type Usage } from './chat.js';
import { dispatchTool, type ActionCall, type Driver, type ToolEffect } from './driver.js';
import { resolveAgentOptions, type AgentRunnerOptions, type ResolvedAgentOptions } from './options.js';
import { boundImages, chunkPrompt, goalPrompt, nudgePrompt, planningPrompt, systemPrompt, toolMessage, truncateText } from './prompts.js';
import type { RepairedCall } from './repair.js';
import { callWithRetry } from './retry.js';
import {
  decideAfterTurn,
  endsPlannedRun,
  outage,
  plannedRunEnding,
  stopBeforeChunk,
  stopBeforeTurn,
  waitsOutDuration,
  type Ending,
  type LoopState,
  type StepResult,
} from './stop.js';
import { pause, startTicker } from './time.js';
import { errorSummary, TranscriptRecorder, type AgentTranscript, type TranscriptScreens, type TranscriptToolCall } from './transcript.js';

/** The result of `AgentRunner.run`. */
export interface AgentResult extends Ending {
  /** Model turns taken (planning not counted). */
  steps: number;
  /** Where the screenshots of this run went, oldest first (tool calls and ticker frames). */
  shots: string[];
  /** Token usage summed over every request, when the API reported it. */
  usage?: Usage;
  /** What the run did, turn by turn, for the failure report (also in `AgentRunner.transcripts`). */
  transcript: AgentTranscript;
}

/** The tools whose calls the transcript keeps the screen text around (for tests generated from a run). */
const SCREEN_CHANGING: ReadonlySet<string> = new Set(['send_keys', 'type_text', 'wait']);

type ToolKit = typeof import('./tool-kit.js');
let toolKit: Promise<ToolKit> | undefined;
/** The tool schemas (zod) and what reads calls with them, loaded on the first request (tool-kit.ts). */
const loadToolKit = (): Promise<ToolKit> => (toolKit ??= import('./tool-kit.js'));

/**
 * Drives an app from a natural-language goal. agent/ writes no files, so this runner saves
 * screenshots through `saveScreenshot` only; the package's `AgentRunner` (agent-runner.ts) extends
 * it with `outDir`.
 * @example
 * const saveScreenshot = async (name: string, png: Uint8Array) => {
 *   await writeFile(`out/${name}.png`, png);
 *   return `out/${name}.png`;
 * };
 * const runner = new AgentRunner(app, client, { model: 'gpt-4.1-mini', saveScreenshot });
 * const result = await runner.run('open the settings menu');
 * // result.outcome === 'finished', runner.shots lists the PNGs saved
 */
export class AgentRunner {
  /** Where every screenshot of this runner went (what `saveScreenshot` resolved to), oldest first. */
  readonly shots: string[] = [];
  /**
   * The transcript of every `run` of this runner, oldest first — also of a run that threw (outcome
   * `'error'`, summary the error's message, redacted).
   */
  readonly transcripts: AgentTranscript[] = [];
  readonly #driver: Driver;
  readonly #client: ChatClient;
  readonly #options: ResolvedAgentOptions;
  #steps = 0;
  #usage: Usage | undefined;
  /** End of the current chunk (or run), on `clock`; Infinity when untimed. */
  #chunkDeadline = Infinity;
  /** The transcript of the current run; undefined before the first. */
  #recorder: TranscriptRecorder | undefined;

  /** @throws {ConfigError} for invalid options (see `resolveAgentOptions`). */
  constructor(driver: Driver, client: ChatClient, options: AgentRunnerOptions) {
    this.#driver = driver;
    this.#client = client;
    this.#options = resolveAgentOptions(options);
  }

  /**
   * Runs `goal` to its end. A timed run (`duration`) keeps a ticker saving a frame every
   * `screenshotInterval` and, unless the model calls `finish` or the API is down, lasts the
   * whole duration even when the model stops or refuses (see stop.ts for every way a run ends).
   * The run's transcript is in the result and in {@link AgentRunner.transcripts}.
   * @throws {ModelApiError} for a non-transient API failure (400/401/403/404, a reply that is not JSON).
   */
  async run(goal: string): Promise<AgentResult> {
    const { clock, durationMs, intervalMs } = this.#options;
    const firstShot = this.shots.length;
    this.#steps = 0;
    this.#usage = undefined;
    const recorder = new TranscriptRecorder('run', goal);
    this.#recorder = recorder;
    const start = clock.now();
    const deadline = durationMs === undefined ? Infinity : start + durationMs;
    const ticker =
      durationMs === undefined
        ? undefined
        : startTicker(async (n) => void (await this.#save(`tick-${String(n).padStart(4, '0')}`, undefined)), { start, interval: intervalMs, deadline }, clock);
    let ending: Ending;
    try {
      ending = await this.#runGoal(goal, deadline);
      if (ending.outcome === 'outage') this.#options.log(`outage: ${ending.summary}`);
      if (waitsOutDuration(ending.outcome)) await this.#pauseUntil(deadline);
    } catch (error) {
      await ticker?.stop().catch(() => undefined);
      this.transcripts.push(recorder.end('error', errorSummary(error)));
      throw error;
    }
    await ticker?.stop();
    const transcript = recorder.end(ending.outcome, ending.summary);
    this.transcripts.push(transcript);
    const result: AgentResult = { ...ending, steps: this.#steps, shots: this.shots.slice(firstShot), transcript };
    return this.#usage ? { ...result, usage: this.#usage } : result;
  }

  /**
   * One model turn: sends `messages`, appends the assistant message, one tool message per tool
   * call (errors included, in call order; a `multi_tool_use.parallel` wrapper's one message answers
   * its inner calls in order), then an image message per screenshot taken. A reply without
   * `tool_calls` has its text read for calls (reply-calls.ts); text with a call that cannot be read
   * safely gets the error as a user message instead, and the run goes on. `label`
   * names the turn in error messages and in the transcript of the current run, which the turn
   * goes into (none before the first `run`). Counts toward `maxSteps`.
   * @throws {ModelApiError} for a non-transient API failure or a reply without a message (see `readReply`).
   */
  async step(messages: ChatMessage[], label: string): Promise<StepResult> {
    this.#steps++;
    const kit = await loadToolKit();
    const reply = await this.#request(messages, kit.ACTION_SPECS, label);
    if (reply.kind === 'outage') return { hadToolCalls: false, finished: false, summary: '', outage: reply.error };
    const { message } = reply;
    const read = kit.readReplyCalls(message, kit.ACTION_TOOLS, this.#steps, kit.ACTION_SPECS);
    if ('ambiguous' in read) {
      this.#noteCall({
        id: `content_call_${this.#steps}_1`,
        name: '',
        arguments: '',
        repaired: `not run: ${read.source} ${read.reason}`,
        result: read.ambiguous,
        ok: false,
      });
      // The text read, so the assistant message is never without content and tool_calls (Mistral refuses that: OpenHands#8685).
      messages.push({ role: 'assistant', content: replyText(message) }, { role: 'user', content: read.ambiguous });
      return { hadToolCalls: true, finished: false, summary: message.content ?? '' };
    }
    const sent = read.units.map((u) => u.sent);
    // Calls read from the text go back as tool_calls, in place of the text that held them.
    const content = read.source === 'content' && sent.length ? null : message.content;
    messages.push({ role: 'assistant', content, ...(sent.length ? { tool_calls: sent } : {}) });
    const images: ChatMessage[] = [];
    let finished: string | undefined;
    let rejected: string[] | undefined;
    const total = read.units.reduce((n, u) => n + u.parts.length, 0);
    const cap = AGENT_LOOP.maxCallsPerReply;
    const notRun = `error: not run: the reply has ${total} calls and at most ${cap} run per reply; call the others again after reading the screen`;
    let ran = 0;
    for (const unit of read.units) {
      const results: string[] = [];
      for (const { raw, call: c } of unit.parts) {
        if (++ran > cap) {
          results.push(notRun);
          continue;
        }
        const before = c.ok && SCREEN_CHANGING.has(c.call.name) ? this.#driver.text() : undefined;
        const effect: ToolEffect = c.ok ? await this.#dispatch(c.call as ActionCall) : { content: c.error };
        this.#recordCall(kit, raw, c, effect.content, before === undefined ? undefined : { before, after: this.#driver.text() });
        if (c.ok && c.call.name === 'finish' && effect.finished !== undefined) this.#recorder?.evidence(c.call.args.evidence ?? []);
        results.push(effect.content);
        if (effect.image) images.push(effect.image);
        if (effect.finished !== undefined) finished = effect.finished;
        if (effect.rejected) rejected = effect.rejected;
      }
      const names = unit.parts.map(({ call: c }) => (c.ok ? c.call.name : c.name));
      messages.push(toolMessage(unit.sent.id, unit.wrapper ? kit.wrapperResult(names, results) : results[0]!));
    }
    if (total > cap)
      this.#noteCall({
        id: `${read.units.at(-1)!.sent.id}`,
        name: '',
        arguments: '',
        repaired: `not run: calls ${cap + 1} to ${total} of the reply`,
        result: notRun,
        ok: false,
      });
    messages.push(...images);
    const result = { hadToolCalls: sent.length > 0, finished: finished !== undefined, summary: finished ?? message.content ?? '' };
    return rejected && finished === undefined ? { ...result, rejected } : result;
  }

  async #runGoal(goal: string, deadline: number): Promise<Ending> {
    const { durationMs, chunks, clock } = this.#options;
    if (chunks >= 2) return this.#runPlanned(goal, deadline);
    this.#chunkDeadline = deadline;
    const seconds = durationMs === undefined ? undefined : (deadline - clock.now()) / 1000;
    return this.#converse([
      { role: 'system', content: systemPrompt() },
      { role: 'user', content: goalPrompt(goal, this.#screen(), seconds) },
    ]);
  }

  async #runPlanned(goal: string, deadline: number): Promise<Ending> {
    const { clock, log } = this.#options;
    const plan = await this.#plan(goal, this.#options.chunks);
    if ('outcome' in plan) return plan;
    const summaries: string[] = [];
    let last: Ending | undefined;
    for (const [i, chunk] of plan.chunks.entries()) {
      const stop = stopBeforeChunk(deadline - clock.now(), summaries);
      if (stop) return stop;
      this.#chunkDeadline = clock.now() + (deadline - clock.now()) / (plan.chunks.length - i);
      const seconds = (this.#chunkDeadline - clock.now()) / 1000;
      const prompt = chunkPrompt(goal, chunk, i + 1, plan.chunks.length, seconds, this.#screen());
      last = await this.#converse([
        { role: 'system', content: systemPrompt() },
        { role: 'user', content: prompt },
      ]);
      if (endsPlannedRun(last)) return last;
      log(`chunk ${i + 1}/${plan.chunks.length} done: ${last.summary}`);
      summaries.push(last.summary);
    }
    return plannedRunEnding(last!, summaries); // a plan has at least one chunk
  }

  /** The planning request; falls back to the goal as one chunk when no valid plan comes back. */
  async #plan(goal: string, count: number): Promise<{ chunks: string[] } | Ending> {
    const { durationMs, log } = this.#options;
    const messages: ChatMessage[] = [{ role: 'user', content: planningPrompt(goal, durationMs! / 1000, count) }];
    const kit = await loadToolKit();
    const reply = await this.#request(messages, kit.PLANNING_SPECS, 'planning');
    if (reply.kind === 'outage') return outage(reply.error);
    const plan = kit.readPlan(reply.message);
    const first = reply.message.tool_calls[0];
    if (first)
      this.#recordCall(
        kit,
        first,
        kit.repairToolCall(first, kit.PLANNING_TOOLS, 'plan'),
        'problem' in plan ? `error: ${plan.problem}` : `ok: ${plan.chunks.length} chunks`,
      );
    if ('problem' in plan) {
      log(`no plan (${plan.problem}): running the goal as one chunk`);
      return { chunks: [goal] };
    }
    if (plan.split) log(`split into ${plan.chunks.length} chunks`);
    log(`plan (${plan.chunks.length} chunks)`);
    return plan;
  }

  /** Turns until a stop rule (stop.ts) ends the conversation; a timed run's model that stops early is nudged. */
  async #converse(messages: ChatMessage[]): Promise<Ending> {
    const { maxSteps, delayMs, clock } = this.#options;
    const counts = { nudges: 0, rejections: 0 };
    const state = (): LoopState => ({ steps: this.#steps, maxSteps, timeLeft: this.#timeLeft(), ...counts });
    for (;;) {
      const stop = stopBeforeTurn(state());
      if (stop) return stop;
      const turn = await this.step(messages, `step ${this.#steps + 1}`);
      if (turn.rejected) counts.rejections++;
      const next = decideAfterTurn(turn, state(), () => this.#screen());
      if (next === 'nudge') {
        counts.nudges++;
        messages.push({ role: 'user', content: nudgePrompt(this.#timeLeft() / 1000) });
        continue;
      }
      if (next !== 'continue') return next;
      counts.nudges = 0;
      if (delayMs > 0) await pause(clock, delayMs);
    }
  }

  /**
   * One request, retried as `retry` says: the reply's message, or the outage. Opens the request's
   * turn in the transcript, with the reply or the error.
   * @throws {ModelApiError} as {@link step}.
   */
  async #request(
    messages: ChatMessage[],
    tools: ToolSpec[],
    label: string,
  ): Promise<{ kind: 'ok'; message: ReadMessage } | { kind: 'outage'; error: ModelApiError }> {
    const { model, retry, clock, random, requestTimeout } = this.#options;
    const params = { model, messages: boundImages(messages, AGENT_LOOP.keepImages), tools };
    const ctx = { policy: retry, clock, random, date: systemClock.epochNow, label };
    const options = { timeout: requestTimeout, maxRetries: 0 };
    let attempts = 0;
    const turn = () => ({ label, source: this.#client.replySource?.() ?? 'live', retries: Math.max(0, attempts - 1) });
    try {
      const outcome = await callWithRetry(() => {
        attempts++;
        return this.#client.chat.completions.create(params, options);
      }, ctx);
      if (outcome.kind === 'outage') {
        this.#recorder?.turn({ ...turn(), error: errorSummary(outcome.error) });
        return outcome;
      }
      const { message, usage } = readReply(outcome.value, label);
      if (usage) this.#usage = addUsage(this.#usage, usage);
      this.#recorder?.turn({ ...turn(), text: message.content, ...(message.reasoning ? { reasoning: message.reasoning } : {}) });
      return { kind: 'ok', message };
    } catch (error) {
      this.#recorder?.turn({ ...turn(), error: errorSummary(error) });
      throw error;
    }
  }

  /**
   * Notes a tool call of the turn in the transcript: as repaired, with what repair changed, the
   * result the model reads, and the screens around it when it ran and `screens` were read.
   */
  #recordCall(kit: ToolKit, raw: ToolCall, call: RepairedCall, result: string, screens?: TranscriptScreens): void {
    const repaired = kit.describeRepair(raw, call);
    const ok = call.ok && !result.startsWith('error:'); // every refusal and failure the model reads starts so (repair.ts, driver.ts)
    this.#noteCall({
      id: call.id,
      name: call.ok ? call.call.name : call.name,
      arguments: call.arguments,
      ...(repaired ? { repaired } : {}),
      result,
      ok,
      ...(ok && screens ? { screens } : {}),
    });
  }

  /** Puts a call in the transcript of the current run and hands it to `onToolCall`. */
  #noteCall(call: TranscriptToolCall): void {
    this.#recorder?.toolCall(call);
    this.#options.onToolCall?.(call);
  }

  #dispatch(call: ActionCall): Promise<ToolEffect> {
    return dispatchTool(call, {
      driver: this.#driver,
      saveScreenshot: (name, png) => this.#save(name, png),
      sleep: (ms) => pause(this.#options.clock, ms),
      timeLeft: () => this.#timeLeft(),
      images: this.#options.images,
    });
  }

  /** Saves a screenshot (taking one when `png` is not given) and records where it went. */
  async #save(name: string, png: Uint8Array | undefined): Promise<string> {
    const shot = png ?? (await this.#driver.screenshot());
    const path = await this.#options.saveScreenshot(name, shot);
    this.shots.push(path);
    this.#recorder?.shot(name, shot);
    return path;
  }

  #screen(): string {
    return truncateText(this.#driver.text(), AGENT_LOOP.maxTextChars);
  }

  #timeLeft(): number {
    return this.#chunkDeadline - this.#options.clock.now();
  }

  async #pauseUntil(deadline: number): Promise<void> {
    const left = deadline - this.#options.clock.now();
    if (left > 0 && left !== Infinity) await pause(this.#options.clock, left);
  }
}
