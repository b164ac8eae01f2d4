/**
 * The one retry policy for model calls: transient failures are retried with exponential backoff
 * and jitter, a server's Retry-After is honoured but capped, and the budget is bounded. The
 * openai SDK's own retries are switched off (`maxRetries: 0` in `createClient`) so nothing
 * retries twice. Time and randomness are injected, so tests skip real waits.
 */
import { ModelApiError } from '../errors.js';
import { poll, type Clock } from '../wait.js';
import { adviceFor, classifyApiError, type ApiFailure } from './api-errors.js';

/** How model calls are retried. All delays in ms; the defaults are `AGENT.retry`. */
export interface RetryPolicy {
  /** Attempts in all, the first included. @default 4 */
  attempts: number;
  /** Backoff before the first retry, doubled each retry. @default 1000 */
  baseDelay: number;
  /** Cap of every wait, Retry-After included. @default 30000 */
  maxDelay: number;
}

/** What a retried call needs from its surroundings. */
export interface RetryContext {
  policy: RetryPolicy;
  /** Time for the backoff between attempts. */
  clock: Clock;
  /** Returns a number in [0, 1) (`Math.random`). */
  random: () => number;
  /** Current date, ms since the epoch (`Date.now`), for an HTTP-date Retry-After. */
  date: () => number;
  /** Names the call in messages, e.g. "step 3". */
  label: string;
}

/** A call that succeeded, or an outage: every attempt failed transiently. */
export type RetryOutcome<T> = { kind: 'ok'; value: T; attempts: number } | { kind: 'outage'; error: ModelApiError; attempts: number };

/**
 * The wait before retry number `retry` (1-based), in ms: the server's Retry-After when given,
 * else `baseDelay · 2^(retry−1)` jittered to 50–100 %; capped at `maxDelay` either way.
 */
export function retryDelay(failure: ApiFailure, retry: number, policy: RetryPolicy, random: () => number): number {
  if (failure.retryAfter !== undefined) return Math.min(policy.maxDelay, failure.retryAfter);
  const backoff = Math.min(policy.maxDelay, policy.baseDelay * 2 ** (retry - 1));
  return Math.round(backoff * (0.5 + random() / 2));
}

/**
 * Runs `call`, retrying transient failures: one attempt per probe of `poll`, the backoff of the last
 * failure as its pause. Resolves `outage` when the budget is spent.
 * @throws {ModelApiError} at once for a non-transient API failure (400, 401, 403, 404, a reply that
 *   is not JSON, no answer within the request's timeout). Other errors (not from the API) propagate
 *   unchanged.
 */
export async function callWithRetry<T>(call: () => Promise<T>, ctx: RetryContext): Promise<RetryOutcome<T>> {
  let attempt = 0;
  let backoff = 0;
  const attemptOnce = async (): Promise<RetryOutcome<T> | undefined> => {
    attempt++;
    try {
      return { kind: 'ok', value: await call(), attempts: attempt };
    } catch (error) {
      const failure = classifyApiError(error, ctx.date());
      if (failure === undefined) throw error;
      const what = `${failure.status === undefined ? '' : 'HTTP '}${failure.reason.replace(/\.$/, '')}`;
      if (!failure.transient) {
        const message = `Model request failed (${ctx.label}): ${what}. ${adviceFor(failure)}`;
        throw new ModelApiError(message, failure.status, { cause: error });
      }
      if (attempt >= ctx.policy.attempts) {
        const message = `Model API unavailable (${ctx.label}): ${attempt} attempt${attempt === 1 ? '' : 's'} failed, the last with ${what}.`;
        return { kind: 'outage', error: new ModelApiError(message, failure.status, { cause: error }), attempts: attempt };
      }
      backoff = retryDelay(failure, attempt, ctx.policy, ctx.random);
      return undefined;
    }
  };
  const outcome = await poll(attemptOnce, { timeout: Number.POSITIVE_INFINITY, interval: () => backoff, clock: ctx.clock });
  return outcome!; // no timeout, no signal: it ends with an outcome or an error
}
