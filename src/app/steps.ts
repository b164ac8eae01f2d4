/**
 * The step log of an app: every input and wait that passes through `TmuxApp`, and every matcher
 * called on it, with its time on the recording's clock, for the failure report's timeline.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { STEPS } from '../defaults.js';

/**
 * What kind of step: an input, a wait, a matcher, a command of a `Shell` (`run`), a call of the
 * `agent` fixture (`agent`), a `pause()`, what a person typed while attached (`manual`: the run
 * was touched), or the app's life.
 */
export type AppStepKind =
  | 'start'
  | 'press'
  | 'type'
  | 'paste'
  | 'mouse'
  | 'resize'
  | 'kill'
  | 'wait'
  | 'expect'
  | 'run'
  | 'agent'
  | 'pause'
  | 'manual'
  | 'exit'
  | 'close';

/** One step of a test on an app. */
export interface AppStep {
  readonly kind: AppStepKind;
  /**
   * What a person reads: `press('Down', 'Enter')`, `waitForText(/Saved/)`, `expect(tmuxApp).toShowText('Saved')`,
   * `run('make test')`, `agent.run('open the settings')`.
   */
  readonly title: string;
  /** When the step began, in ms on the app's timeline (its `atMs` clock: 0 = the app started). */
  readonly atMs: number;
  /** How long it took, in ms (0 for an instant input). */
  readonly durationMs: number;
  /** Why the step failed (the first line of its error), when it did. */
  readonly error?: string;
}

/** A string argument as a title shows it: single-quoted, escaped as in JavaScript, cut with `…` past `STEPS.titleTextChars` characters. */
function formatString(text: string): string {
  const chars = [...text];
  const shown = chars.length > STEPS.titleTextChars ? `${chars.slice(0, STEPS.titleTextChars - 1).join('')}…` : text;
  return `'${shown.replace(/[\\'\u0000-\u001f\u007f]/g, escapeChar)}'`;
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(char: string): string {
  return NAMED_ESCAPES[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * One argument of a call as its title shows it: strings quoted, RegExps as written, arrays and
 * plain objects (options) one level deep, functions as `fn`, anything else by `String`.
 */
export function formatArgument(value: unknown, depth = 0): string {
  if (typeof value === 'string') return formatString(value);
  if (value instanceof RegExp) return String(value);
  if (typeof value === 'function') return 'fn';
  if (Array.isArray(value)) return depth > 0 ? '[…]' : `[${value.map((item) => formatArgument(item, depth + 1)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    if (depth > 0 || value instanceof AbortSignal) return '{…}';
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${key}: ${formatArgument(item, depth + 1)}`).join(', ')} }`;
  }
  return String(value);
}

/** A call as a step's title reads it: `press('Down', 'Enter')`, `waitForText(/Saved/, { timeout: 100 })`; trailing undefined arguments left out. */
export function formatCall(name: string, args: readonly unknown[]): string {
  let count = args.length;
  while (count > 0 && args[count - 1] === undefined) count--;
  return `${name}(${args
    .slice(0, count)
    .map((arg) => formatArgument(arg))
    .join(', ')})`;
}

/** The first line of what `error` says, for {@link AppStep.error}. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n', 1)[0]!;
}

/**
 * The step logs with a step running in the current async context, by their tokens (a step inside
 * one of its own log's steps runs unlogged). A token, not the log: an async resource made inside
 * a step keeps the store alive, and the log would keep its app (and its recording) with it.
 * One storage for all logs: Node 20 keeps every AsyncLocalStorage that ever ran in a list that
 * each new promise and async resource walks, for good, so a storage per log made every await of a
 * worker slower by each app it had started (13 % of a worker's CPU after 100 trivial tests).
 */
const stepping = new AsyncLocalStorage<ReadonlySet<object>>();

/**
 * The steps of one app, in order of when they began, at most `STEPS.maxSteps` (the oldest dropped beyond, and
 * counted). A step that runs inside another (the wait inside `expect(…).toShowText`, the mouse
 * click inside a locator's click) is part of the outer one and is not logged on its own.
 */
export class StepLog {
  readonly #steps: AppStep[] = [];
  readonly #now: () => number;
  #dropped = 0;
  /** Stands for this log in {@link stepping}. */
  readonly #token = {};

  /** @param now The time now, in ms on the app's timeline. */
  constructor(now: () => number) {
    this.#now = now;
  }

  /** The steps logged, oldest first (a copy). */
  get steps(): readonly AppStep[] {
    return [...this.#steps];
  }

  /** How many of the oldest steps were dropped past `STEPS.maxSteps`. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Logs `step` in order of when it began (a wait is logged as it ends, after the steps that began
   * inside it, like the exit it saw), dropping the oldest past `STEPS.maxSteps`.
   */
  add(step: AppStep): void {
    let at = this.#steps.length;
    while (at > 0 && this.#steps[at - 1]!.atMs > step.atMs) at--;
    this.#steps.splice(at, 0, Object.freeze(step));
    if (this.#steps.length > STEPS.maxSteps) {
      this.#steps.shift();
      this.#dropped++;
    }
  }

  /**
   * Runs `action` as a step titled `title()` (asked only when logged), logging when it began, how
   * long it took and, when it threw or `failure` says so of its result, the first line of why.
   * A promise is awaited for that; any other result is logged at once and returned as it is, so
   * a synchronous matcher stays synchronous. Inside another step it runs unlogged. `action`
   * starts synchronously, so call-site stacks captured by the caller still start at the public method.
   */
  run<T>(kind: AppStepKind, title: () => string, action: () => T, failure?: (result: Awaited<T>) => string | undefined): T {
    if (this.#inside()) return action();
    const atMs = this.#now();
    const log = (error?: string) => this.add({ kind, title: title(), atMs, durationMs: this.#now() - atMs, ...(error === undefined ? {} : { error }) });
    let result: T;
    try {
      result = this.#runInside(action);
    } catch (error) {
      log(firstLine(error));
      throw error;
    }
    if (!(result instanceof Promise)) {
      log(failure?.(result as Awaited<T>));
      return result;
    }
    return result.then(
      (value: Awaited<T>) => {
        log(failure?.(value));
        return value;
      },
      (error: unknown) => {
        log(firstLine(error));
        throw error;
      },
    ) as T;
  }

  /**
   * Runs `action` as the rest of the newest step of `kind` (a shell's wait for its first prompt,
   * the end of its `start`): steps inside it are part of that step, which then lasts until
   * `action` ends and, when it throws, has the first line of why. Inside another step, or with no
   * step of `kind` kept, it runs unlogged.
   */
  async extend<T>(kind: AppStepKind, action: () => Promise<T>): Promise<T> {
    const step = this.#inside() ? undefined : this.#steps.findLast((kept) => kept.kind === kind);
    const end = (error?: string) => {
      const at = step ? this.#steps.indexOf(step) : -1;
      if (at < 0) return;
      this.#steps[at] = Object.freeze({ ...step!, durationMs: this.#now() - step!.atMs, ...(error === undefined ? {} : { error }) });
    };
    try {
      const value = await this.#runInside(action);
      end();
      return value;
    } catch (error) {
      end(firstLine(error));
      throw error;
    }
  }

  /** A step of this log is running in the current async context. */
  #inside(): boolean {
    return stepping.getStore()?.has(this.#token) === true;
  }

  /** Runs `action` as inside a step of this log. */
  #runInside<T>(action: () => T): T {
    return stepping.run(new Set(stepping.getStore()).add(this.#token), action);
  }
}
