/** The options of {@link AgentRunner}, and their one merge with the defaults. */
import { AGENT } from '../defaults.js';
import { ConfigError } from '../errors.js';
import { systemClock, type Clock } from '../wait.js';
import { plannedChunkCount } from './chunks.js';
import type { RetryPolicy } from './retry.js';
import type { TranscriptToolCall } from './transcript.js';

/**
 * Options of an agent run. Spec durations (`delay`, `duration`, `screenshotInterval`,
 * `chunkSeconds`) are in **seconds**, as in the original spec and the CLI flags.
 */
export interface AgentRunnerOptions {
  /** Model name sent with every request. */
  model: string;
  /**
   * Saves one screenshot and resolves to where it went, which the model reads and `shots` lists.
   * `label` is the model's words as given (`tick-0001`… for ticker frames): the agent writes no
   * files, and the CLI and the Vitest fixture make it a file name (`screenshotFileStem`) and save
   * `<stem>.png` in their output folder, or `<stem>-2.png`… when taken.
   */
  saveScreenshot: (label: string, png: Uint8Array) => Promise<string>;
  /** Pause after each model turn that called tools, in seconds. @default 0 */
  delay?: number;
  /** Most model turns in one run (nudges included, planning not). @default 30 */
  maxSteps?: number;
  /**
   * Wall-clock length of a timed run, in seconds. Enables the screenshot ticker, nudging a
   * model that stops early, and planning when it spans 2 or more `chunkSeconds`.
   */
  duration?: number;
  /** Interval of the screenshot ticker of timed runs, in seconds. @default 1 */
  screenshotInterval?: number;
  /** Target chunk length of timed runs, in seconds. @default 60 */
  chunkSeconds?: number;
  /** Receives status lines (`plan (3 chunks)`, `chunk 1/3 done: …`). @default console.log */
  log?: (line: string) => void;
  /**
   * Receives each tool call of the run as the transcript notes it (name, arguments as run, what
   * repair changed, result, ok), also a reply whose calls did not run; `tmux-shot agent` prints
   * one status line each. @default none
   */
  onToolCall?: (call: TranscriptToolCall) => void;
  /**
   * Time: deadlines of timed runs, and every pause (backoff, `delay`, the `wait` tool, the ticker);
   * a virtual clock makes tests skip real waits. @default systemClock (`performance.now()` and timers)
   */
  clock?: Clock;
  /** Random numbers in [0, 1) for backoff jitter. @default Math.random */
  random?: () => number;
  /** Retries of model calls; any field left out keeps its default. @default AGENT.retry: 4 attempts, 1000 ms, 30000 ms cap */
  retry?: Partial<RetryPolicy>;
  /**
   * Longest wait for the whole reply to one model request, headers and body, in **ms**; sent as
   * the request's `timeout`. A request with no answer by then fails the run with a `ModelApiError` naming the
   * endpoint's host and the time waited, and is not retried. Raise it for slow (local) models,
   * and give a test that calls a live model a longer timeout than this.
   * @default 20000
   */
  requestTimeout?: number;
  /**
   * Whether the model is sent images: `agent.assert` and `agent.query` send a screenshot of the
   * screen as an `image_url` part beside the screen text, and the `screenshot` tool's image follows
   * its tool message. `false` sends text only (for text-only models). With `true`, an
   * `agent.assert`/`agent.query` request the server refuses with a 400 is asked once more with
   * text only (servers of text-only models answer an image part with a 400).
   * @default true
   */
  images?: boolean;
}

/**
 * The options `AGENT` (defaults.ts) holds defaults for: all but the required `model` and
 * `saveScreenshot`, `duration` (unset: an untimed run) and the injected `log`, `clock` and `random`
 * (console.log, systemClock, Math.random); every field of `retry`.
 */
export type AgentDefaults = Required<
  Omit<AgentRunnerOptions, 'model' | 'saveScreenshot' | 'duration' | 'log' | 'onToolCall' | 'clock' | 'random' | 'retry'>
> & {
  retry: RetryPolicy;
};

/** Options after defaults, durations converted to ms. */
export interface ResolvedAgentOptions {
  model: string;
  saveScreenshot: (name: string, png: Uint8Array) => Promise<string>;
  delayMs: number;
  maxSteps: number;
  /** Undefined for an untimed run. */
  durationMs: number | undefined;
  intervalMs: number;
  chunkMs: number;
  /** Chunks the run is planned in: 2 or more for a planned timed run, else 1. */
  chunks: number;
  log: (line: string) => void;
  onToolCall: ((call: TranscriptToolCall) => void) | undefined;
  clock: Clock;
  random: () => number;
  retry: RetryPolicy;
  /** In ms. */
  requestTimeout: number;
  images: boolean;
}

/**
 * Merges `options` with the `AGENT` defaults, once, and checks them.
 * @throws {ConfigError} for an empty model, no saveScreenshot, a negative delay, a non-positive duration,
 * interval, chunk length or request timeout, or a `maxSteps` that is not a positive integer.
 */
export function resolveAgentOptions(options: AgentRunnerOptions): ResolvedAgentOptions {
  const seconds = (name: string, value: number, min: 'positive' | 'non-negative') => {
    if (!Number.isFinite(value) || value < 0 || (min === 'positive' && value === 0)) {
      throw new ConfigError(`Agent option '${name}' must be a ${min} number of seconds, got ${value}.`);
    }
    return value * 1000;
  };
  if (!options.model) throw new ConfigError("Agent option 'model' is empty: pass a model name or set TMUX_SHOT_MODEL.");
  if (typeof options.saveScreenshot !== 'function') {
    throw new ConfigError("Agent option 'saveScreenshot' is missing: pass a function that saves a screenshot and resolves to where it went.");
  }
  const maxSteps = options.maxSteps ?? AGENT.maxSteps;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new ConfigError(`Agent option 'maxSteps' must be a positive integer, got ${maxSteps}.`);
  }
  const requestTimeout = options.requestTimeout ?? AGENT.requestTimeout;
  if (!Number.isFinite(requestTimeout) || requestTimeout <= 0) {
    throw new ConfigError(`Agent option 'requestTimeout' must be a positive number of ms, got ${requestTimeout}.`);
  }
  const plan = chunkPlan(options);
  return {
    model: options.model,
    saveScreenshot: options.saveScreenshot,
    delayMs: seconds('delay', options.delay ?? AGENT.delay, 'non-negative'),
    maxSteps,
    durationMs: options.duration === undefined ? undefined : seconds('duration', options.duration, 'positive'),
    intervalMs: seconds('screenshotInterval', options.screenshotInterval ?? AGENT.screenshotInterval, 'positive'),
    chunkMs: seconds('chunkSeconds', plan.chunkSeconds, 'positive'),
    chunks: plan.chunks,
    log: options.log ?? ((line) => console.log(line)),
    onToolCall: options.onToolCall,
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    retry: { ...AGENT.retry, ...options.retry },
    requestTimeout,
    images: options.images ?? AGENT.images,
  };
}

/**
 * How a run with these options is chunked, in seconds: the planned chunk count (1 when untimed)
 * and the chunk length (`chunkSeconds`, its default applied) — part of what a cassette is valid for.
 */
export function chunkPlan(options: Pick<AgentRunnerOptions, 'duration' | 'chunkSeconds'>): { chunks: number; chunkSeconds: number } {
  const chunkSeconds = options.chunkSeconds ?? AGENT.chunkSeconds;
  return { chunks: options.duration === undefined ? 1 : plannedChunkCount(options.duration, chunkSeconds), chunkSeconds };
}
