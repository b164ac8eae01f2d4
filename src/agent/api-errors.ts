/**
 * Reads errors thrown by a chat client (pure). Recognises the `openai` SDK's errors by shape —
 * `status` and `headers` on `APIError`, the class names `APIConnectionError` and
 * `APIConnectionTimeoutError` — without importing the SDK.
 */
import { redactText } from './redact.js';

/** What the retry policy needs to know about one failed call. */
export interface ApiFailure {
  /** Worth retrying: HTTP 408/409/429/5xx, connection errors (not a request that timed out). */
  transient: boolean;
  /** The request got no answer within its timeout (`requestTimeout`). */
  timedOut: boolean;
  /** HTTP status, when the server answered. */
  status: number | undefined;
  /** The server's `retry-after-ms` / `Retry-After`, in ms, uncapped. */
  retryAfter: number | undefined;
  /** What went wrong, secrets redacted. */
  reason: string;
}

const CONNECTION_ERRORS = new Set(['APIConnectionError']);
/** The SDK's timeout, and the DOMException of an `AbortSignal.timeout`. */
const TIMEOUT_ERRORS = new Set(['APIConnectionTimeoutError', 'TimeoutError']);
const CONNECTION_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

/**
 * Classifies a thrown value, or returns undefined when it is not an API failure (a bug, or a
 * scripted model that ran out): those propagate unchanged. `now` (ms since the epoch) resolves
 * an HTTP-date `Retry-After`. A request that timed out is not transient: it already waited its
 * whole `requestTimeout`, and each retry would wait as long again, past the test's own timeout.
 */
export function classifyApiError(error: unknown, now: number): ApiFailure | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  const reason = redactText(error.message);
  const none = { status: undefined, retryAfter: undefined, timedOut: false };
  if (typeof status === 'number') {
    const transient = status === 408 || status === 409 || status === 429 || status >= 500;
    const retryAfter = parseRetryAfter((error as { headers?: unknown }).headers, now);
    return { transient, timedOut: false, status, retryAfter, reason };
  }
  const names = classNames(error);
  if (names.some((n) => TIMEOUT_ERRORS.has(n))) return { ...none, transient: false, timedOut: true, reason };
  const code = String((error as { code?: unknown }).code);
  if (names.some((n) => CONNECTION_ERRORS.has(n)) || CONNECTION_CODES.has(code)) return { ...none, transient: true, reason };
  if (error instanceof SyntaxError) return { ...none, transient: false, reason: `the server's reply is not valid JSON (${reason})` };
  return undefined;
}

/**
 * The delay a server asks for, in ms: `retry-after-ms` (ms, OpenAI's extension) first, then
 * `Retry-After` as seconds or an HTTP-date (RFC 9110 §10.2.3). Headers may be a `Headers`-like
 * object or a plain record.
 */
export function parseRetryAfter(headers: unknown, now: number): number | undefined {
  const get = (name: string): string | undefined => {
    if (headers === null || typeof headers !== 'object') return undefined;
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  const ms = Number(get('retry-after-ms'));
  if (get('retry-after-ms') !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const value = get('retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The advice that ends a non-transient failure message. */
export function adviceFor({ status, timedOut }: Pick<ApiFailure, 'status' | 'timedOut'>): string {
  if (timedOut) return 'Check that the server is up, or raise the agent option requestTimeout (the CLI takes --request-timeout) for a slow model.';
  if (status === 401 || status === 403) return 'Check OPENAI_API_KEY (and OPENAI_BASE_URL for other servers).';
  if (status === 404) return 'Check the model name (TMUX_SHOT_MODEL) and OPENAI_BASE_URL.';
  if (status === undefined) return 'Check that OPENAI_BASE_URL points at an OpenAI-compatible /v1 endpoint.';
  return 'The server rejected the request; it was not retried.';
}

function classNames(error: Error): string[] {
  const names: string[] = [error.name];
  for (let p: unknown = Object.getPrototypeOf(error); p && p !== Error.prototype; p = Object.getPrototypeOf(p)) {
    names.push((p as { constructor: { name: string } }).constructor.name);
  }
  return names;
}
