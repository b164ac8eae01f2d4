/**
 * The options of {@link AgentRunner} with their defaults ({@link AGENT}) and their one merge, and
 * the options and defaults of {@link createClient} ({@link MODEL_CLIENT}).
 */
import { ConfigError } from '../errors.js';
import { systemClock, type Clock } from '../wait.js';
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
   * The folder the screenshots are saved in, as the original spec's `out_dir`: `<outDir>/<stem>.png`,
   * where the stem is the model's label made a file name (`screenshotFileStem`: `Settings open!` →
   * `Settings-open.png`; `tick-0001`… for ticker frames), or `<stem>-2.png`… when taken — a file is
   * never replaced. Created when the first screenshot is saved; relative to the working directory.
   * `shots` lists the paths. Pass this or `saveScreenshot`, not both. The package's `AgentRunner`
   * writes these files; agent/ itself writes none (see `saveScreenshot`).
   */
  outDir?: string;
  /**
   * Saves one screenshot and resolves to where it went, which the model reads and `shots` lists:
   * for storage other than a folder (`outDir`). `label` is the model's words as given
   * (`tick-0001`… for ticker frames). Pass this or `outDir`, not both.
   */
  saveScreenshot?: (label: string, png: Uint8Array) => Promise<string>;
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
 * The options {@link AGENT} holds defaults for: all but the required `model` and where
 * screenshots go (`outDir` or `saveScreenshot`), `duration` (unset: an untimed run) and the injected `log`, `clock` and `random`
 * (console.log, systemClock, Math.random); every field of `retry`.
 */
export type AgentDefaults = Required<
  Omit<AgentRunnerOptions, 'model' | 'outDir' | 'saveScreenshot' | 'duration' | 'log' | 'onToolCall' | 'clock' | 'random' | 'retry'>
> & {
  retry: RetryPolicy;
};

/**
 * Defaults of the agent runner's options (`AgentRunnerOptions`, src/agent/options.ts). Durations the
 * spec gives in seconds (`delay`, `screenshotInterval`, `chunkSeconds`) stay in seconds, as in the
 * options; `requestTimeout` and `retry` are in ms.
 */
export const AGENT = {
  /**
   * Longest wait for the whole reply to one model request, headers and body, in ms. A test's
   * own timeout must outlast it (ours is 30000 ms): cloud models answer a tool-call turn in 1–10 s,
   * so 20 s leaves room for a slow one while a hang still fails with the endpoint's name inside
   * the test. Slow local models need more. @default 20000
   */
  requestTimeout: 20_000,
  /**
   * Whether the model is sent images (agent.assert/query screenshots, the screenshot tool's image).
   * On: the models people test with (OpenAI's, Claude, Gemini, Qwen-VL, Llama 3.2 Vision…) read
   * them, and a server that cannot answers the assert/query request with a 400, which is asked again
   * with text only. @default true
   */
  images: true,
  /** Pause after each model turn, in seconds (pacing for demos and rate limits). @default 0 */
  delay: 0,
  /** Most model turns in one run, nudges included; planning is not a turn. @default 30 */
  maxSteps: 30,
  /** Interval of the background screenshot ticker of timed runs, in seconds. @default 1 */
  screenshotInterval: 1,
  /** Target length of one chunk of a timed run, in seconds; longer runs are planned. @default 60 */
  chunkSeconds: 60,
  /**
   * Retries of a model request whose errors are transient: attempts in all (the first included);
   * backoff before the first retry, in ms, doubled each retry with jitter picking 50–100 % of it;
   * the longest wait before a retry, in ms, capping both the backoff and a server's Retry-After.
   * @default { attempts: 4, baseDelay: 1000, maxDelay: 30000 }
   */
  retry: { attempts: 4, baseDelay: 1_000, maxDelay: 30_000 },
} as const satisfies AgentDefaults;

/** Options of {@link createClient}; each falls back to an environment variable. */
export interface CreateClientOptions {
  /** API key. @default env OPENAI_API_KEY */
  apiKey?: string;
  /** Base URL of an OpenAI-compatible API, ending in `/v1`. @default env OPENAI_BASE_URL, else https://api.openai.com/v1 */
  baseURL?: string;
  /** Model name. @default env TMUX_SHOT_MODEL, else 'gpt-4.1-mini' */
  model?: string;
  /** Timeout of a request that does not set its own (the agent sends `requestTimeout`), in ms. @default 20000 */
  timeout?: number;
  /** Where the variables are read. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Defaults of `createClient` (src/agent/openai-client.ts) where neither its options nor the environment give one. */
export const MODEL_CLIENT = {
  /** Model name, when `TMUX_SHOT_MODEL` gives none either. @default 'gpt-4.1-mini' */
  model: 'gpt-4.1-mini',
  /** API base URL, when `OPENAI_BASE_URL` gives none either. @default 'https://api.openai.com/v1' */
  baseURL: 'https://api.openai.com/v1',
  /** Timeout of a request that does not set its own, in ms: the runner's `requestTimeout`. @default 20000 */
  timeout: AGENT.requestTimeout,
} as const satisfies Required<Omit<CreateClientOptions, 'apiKey' | 'env'>>;

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
 * Merges `options` with the `AGENT` defaults, once, and checks them. Screenshots go through
 * `saveScreenshot`: the package's `AgentRunner` makes one from `outDir` before this runs, since
 * agent/ writes no files.
 * @throws {ConfigError} for an empty model, neither or both of `outDir` and `saveScreenshot` (or an
 * `outDir` that reached agent/'s own runner), a negative delay, a non-positive duration, interval,
 * chunk length or request timeout, or a `maxSteps` that is not a positive integer.
 */
export function resolveAgentOptions(options: AgentRunnerOptions): ResolvedAgentOptions {
  const seconds = (name: string, value: number, min: 'positive' | 'non-negative') => {
    if (!Number.isFinite(value) || value < 0 || (min === 'positive' && value === 0)) {
      throw new ConfigError(`Agent option '${name}' must be a ${min} number of seconds, got ${value}.`);
    }
    return value * 1000;
  };
  if (!options.model) throw new ConfigError("Agent option 'model' is empty: pass a model name or set TMUX_SHOT_MODEL.");
  const saveScreenshot = screenshotSaver(options);
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
    saveScreenshot,
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

/** Where the screenshots go: `saveScreenshot`, checked against `outDir`. */
function screenshotSaver(options: AgentRunnerOptions): ResolvedAgentOptions['saveScreenshot'] {
  const { outDir, saveScreenshot } = options;
  if (outDir !== undefined && saveScreenshot !== undefined) {
    throw new ConfigError("Agent options 'outDir' and 'saveScreenshot' are both set: pass outDir for files in a folder, or saveScreenshot for other storage.");
  }
  if (typeof saveScreenshot === 'function') return saveScreenshot;
  if (outDir === undefined || outDir === '') {
    const problem = outDir === '' ? 'is empty' : 'is missing';
    throw new ConfigError(
      `Agent option 'outDir' ${problem}: pass the folder the screenshots are saved in, or saveScreenshot (a function that saves one and resolves to where it went).`,
    );
  }
  // Only agent/'s own runner gets here: the package's AgentRunner (agent-runner.ts) turns outDir into saveScreenshot.
  throw new ConfigError("Agent option 'outDir' needs the AgentRunner of 'tmux-shot', which saves the files: agent/ writes none.");
}

/**
 * How many chunks a timed run is planned in: `duration / chunkSeconds` rounded, at least 1.
 * Both in seconds. A run is planned only when this is 2 or more.
 */
export function plannedChunkCount(duration: number, chunkSeconds: number): number {
  return Math.max(1, Math.round(duration / chunkSeconds));
}
