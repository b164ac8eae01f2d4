/**
 * The requests the MCP server has received and not yet answered (pure bookkeeping over JSON-RPC
 * 2.0 messages), so that when the client ends stdin the server finishes them before it closes.
 */

/** A JSON-RPC request id: a string or a number, the two never equal (`1` is not `"1"`). */
type RequestId = string | number;

/** Counts requests in and answers out; {@link idle} resolves when none is outstanding. */
export class PendingRequests {
  readonly #ids = new Set<RequestId>();
  #waiters: (() => void)[] = [];

  /**
   * A message from the client: a request (`method` and `id`) becomes outstanding; a
   * `notifications/cancelled` ends its request, which the SDK then never answers. Other messages
   * (notifications, answers to the server's own requests) change nothing.
   */
  received(message: unknown): void {
    if (!isObject(message) || typeof message.method !== 'string') return;
    if (isId(message.id)) this.#ids.add(message.id);
    else if (message.method === 'notifications/cancelled' && isObject(message.params) && isId(message.params.requestId)) this.#end(message.params.requestId);
  }

  /** A message the server sent: an answer (`id` with `result` or `error`, no `method`) ends its request. */
  sent(message: unknown): void {
    if (isObject(message) && message.method === undefined && isId(message.id) && ('result' in message || 'error' in message)) this.#end(message.id);
  }

  /** How many requests are outstanding. */
  get size(): number {
    return this.#ids.size;
  }

  /** Resolves once no request is outstanding: at once when none is. */
  idle(): Promise<void> {
    if (this.#ids.size === 0) return Promise.resolve();
    return new Promise((done) => this.#waiters.push(done));
  }

  #end(id: RequestId): void {
    this.#ids.delete(id);
    if (this.#ids.size > 0) return;
    for (const done of this.#waiters.splice(0)) done();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}
