import { APIConnectionError, APIConnectionTimeoutError, APIError, AuthenticationError, InternalServerError } from 'openai';
import { describe, expect, it } from 'vitest';
import { adviceFor, classifyApiError, parseRetryAfter } from '../../src/agent/api-errors.js';
import { callWithRetry, retryDelay, type RetryContext } from '../../src/agent/retry.js';
import { AGENT } from '../../src/agent/options.js';
import { ModelApiError, TmuxShotError } from '../../src/errors.js';
import { virtualClock } from './app.js';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const apiError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: 'Bad Gateway' } }, undefined, new Headers(headers));

/** A retry context whose clock records the delays instead of waiting. */
function recording(label = 'step 1'): RetryContext & { slept: number[] } {
  const clock = virtualClock();
  return { policy: AGENT.retry, clock, random: () => 0.5, date: () => NOW, label, slept: clock.slept };
}

/** A call that fails with the given errors in turn, then returns 'ok'. */
function failing(...errors: Error[]) {
  let calls = 0;
  const call = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return 'ok';
  };
  return { call, calls: () => calls };
}

describe('classifyApiError', () => {
  it.each([408, 409, 429, 500, 502, 503, 504])('HTTP %d is transient', (status) => {
    expect(classifyApiError(apiError(status), NOW)).toMatchObject({ transient: true, status });
  });

  it.each([400, 401, 403, 404, 422])('HTTP %d is not', (status) => {
    expect(classifyApiError(apiError(status), NOW)).toMatchObject({ transient: false, status });
  });

  it('treats connection errors as transient', () => {
    expect(classifyApiError(new APIConnectionError({ message: 'Connection error.' }), NOW)).toEqual({
      transient: true,
      timedOut: false,
      status: undefined,
      retryAfter: undefined,
      reason: 'Connection error.',
    });
    expect(classifyApiError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), NOW)).toMatchObject({ transient: true });
  });

  it('treats a request that timed out as not transient: it already waited its whole timeout', () => {
    expect(classifyApiError(new APIConnectionTimeoutError({ message: 'no answer from 127.0.0.1:9 within 500 ms' }), NOW)).toEqual({
      transient: false,
      timedOut: true,
      status: undefined,
      retryAfter: undefined,
      reason: 'no answer from 127.0.0.1:9 within 500 ms',
    });
    expect(classifyApiError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), NOW)).toMatchObject({ timedOut: true });
  });

  it('reads a reply that is not JSON as a non-transient failure', () => {
    expect(classifyApiError(new SyntaxError("Expected property name or '}' in JSON at position 1"), NOW)).toEqual({
      transient: false,
      timedOut: false,
      status: undefined,
      retryAfter: undefined,
      reason: "the server's reply is not valid JSON (Expected property name or '}' in JSON at position 1)",
    });
  });

  it('leaves errors that are not API failures alone', () => {
    expect(classifyApiError(new TypeError('x is undefined'), NOW)).toBeUndefined();
    expect(classifyApiError('a string', NOW)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it.each([
    [{ 'retry-after-ms': '1500' }, 1500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': '3' }, 3000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Wed, 01 Jan 2025 12:00:07 GMT' }, 7000],
    [{ 'retry-after': 'Wed, 01 Jan 2025 11:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after': '-1' }, undefined],
    [{}, undefined],
  ])('%j → %s ms', (headers, ms) => {
    expect(parseRetryAfter(new Headers(headers), NOW)).toBe(ms);
    expect(parseRetryAfter(headers, NOW)).toBe(ms);
  });

  it('ignores missing headers', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
  });
});

describe('adviceFor', () => {
  it.each([
    [{ status: 401, timedOut: false }, 'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).'],
    [{ status: 403, timedOut: false }, 'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).'],
    [{ status: 404, timedOut: false }, 'Check the model name (TMUX_SHOT_MODEL) and OPENAI_BASE_URL.'],
    [{ status: 400, timedOut: false }, 'The server rejected the request; it was not retried.'],
    [{ status: undefined, timedOut: false }, 'Check that OPENAI_BASE_URL points at an OpenAI-compatible /v1 endpoint.'],
    [
      { status: undefined, timedOut: true },
      'Check that the server is up, or raise the agent option requestTimeout (the CLI takes --request-timeout) for a slow model.',
    ],
  ])('%j → %s', (failure, advice) => {
    expect(adviceFor(failure)).toBe(advice);
  });
});

describe('retryDelay', () => {
  const failure = { transient: true, timedOut: false, status: 502, retryAfter: undefined, reason: '' };

  it('doubles from the base delay, jittered to 50–100 %, capped', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(failure, n, AGENT.retry, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => retryDelay(failure, n, AGENT.retry, () => 0.999999))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(failure, 10, AGENT.retry, () => 0.999999)).toBe(30000);
  });

  it('honours Retry-After up to the cap', () => {
    expect(retryDelay({ ...failure, retryAfter: 3000 }, 1, AGENT.retry, () => 0)).toBe(3000);
    expect(retryDelay({ ...failure, retryAfter: 3_600_000 }, 1, AGENT.retry, () => 0)).toBe(30000);
  });
});

describe('callWithRetry', () => {
  it('retries transient failures with backoff, then succeeds', async () => {
    const ctx = recording();
    const { call, calls } = failing(new InternalServerError(502, undefined, 'Bad Gateway', new Headers()), apiError(503));
    expect(await callWithRetry(call, ctx)).toEqual({ kind: 'ok', value: 'ok', attempts: 3 });
    expect(calls()).toBe(3);
    expect(ctx.slept).toEqual([750, 1500]);
  });

  it('caps a 429 with Retry-After: 3600 at 30 s', async () => {
    const ctx = recording();
    const { call } = failing(apiError(429, { 'retry-after': '3600' }));
    expect(await callWithRetry(call, ctx)).toMatchObject({ kind: 'ok', attempts: 2 });
    expect(ctx.slept).toEqual([30000]);
  });

  it('reports an outage after the budget of 4 attempts', async () => {
    const ctx = recording('step 2');
    const { call, calls } = failing(apiError(502), apiError(502), apiError(502), apiError(502), apiError(502));
    const outcome = await callWithRetry(call, ctx);
    expect(calls()).toBe(4);
    expect(ctx.slept).toEqual([750, 1500, 3000]);
    expect(outcome.kind).toBe('outage');
    const error = (outcome as { error: ModelApiError }).error;
    expect(error).toBeInstanceOf(ModelApiError);
    expect(error.status).toBe(502);
    expect(error.message).toBe('Model API unavailable (step 2): 4 attempts failed, the last with HTTP 502 Bad Gateway.');
  });

  it('counts a single attempt in the singular', async () => {
    const ctx = { ...recording(), policy: { ...AGENT.retry, attempts: 1 } };
    const outcome = await callWithRetry(failing(apiError(502)).call, ctx);
    expect((outcome as { error: ModelApiError }).error.message).toBe('Model API unavailable (step 1): 1 attempt failed, the last with HTTP 502 Bad Gateway.');
  });

  it('fails at once on a request that timed out, without retrying it', async () => {
    const ctx = recording('step 4');
    const timeout = new APIConnectionTimeoutError({ message: 'no answer from api.example.com within 20000 ms' });
    const { call, calls } = failing(timeout);
    const error = await callWithRetry(call, ctx).catch((e: unknown) => e);
    expect(calls()).toBe(1);
    expect(ctx.slept).toEqual([]);
    expect(error).toBeInstanceOf(ModelApiError);
    expect((error as ModelApiError).cause).toBe(timeout);
    expect((error as Error).message).toBe(
      'Model request failed (step 4): no answer from api.example.com within 20000 ms. ' +
        'Check that the server is up, or raise the agent option requestTimeout (the CLI takes --request-timeout) for a slow model.',
    );
  });

  it('fails at once on a non-transient 401, without the key in the message', async () => {
    const ctx = recording();
    const key = new AuthenticationError(401, { message: 'Incorrect API key provided: sk-test-secret1234.' }, undefined, new Headers());
    const { call, calls } = failing(key);
    const error = await callWithRetry(call, ctx).catch((e: unknown) => e);
    expect(calls()).toBe(1);
    expect(ctx.slept).toEqual([]);
    expect(error).toBeInstanceOf(ModelApiError);
    expect((error as ModelApiError).status).toBe(401);
    expect((error as ModelApiError).cause).toBe(key);
    expect((error as Error).message).toBe(
      'Model request failed (step 1): HTTP 401 Incorrect API key provided: [redacted]. Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).',
    );
  });

  it('lets errors that are not API failures through unchanged', async () => {
    const bug = new TmuxShotError('script ran out');
    const { call, calls } = failing(bug);
    await expect(callWithRetry(call, recording())).rejects.toBe(bug);
    expect(calls()).toBe(1);
  });
});
