/**
 * The MCP server's sessions: apps by id (`s1`, `s2`…, never reused), all on one private tmux
 * server created on the first start and disposed with the last close of {@link Sessions.closeAll}.
 */
import { TmuxApp, type TmuxAppOptions } from '../app/index.js';
import { ConfigError, TmuxShotError } from '../errors.js';
import { TmuxServer } from '../host/index.js';

/** The running apps of one MCP connection. */
export class Sessions implements AsyncDisposable {
  readonly #apps = new Map<string, TmuxApp>();
  /** Per session id, the last call queued on it (settled or not). */
  readonly #turns = new Map<string, Promise<unknown>>();
  #started = 0;
  #server: Promise<TmuxServer> | undefined;
  #closing: Promise<number> | undefined;

  /**
   * Starts an app on this connection's tmux server (created on first use) and gives it the next id.
   * @returns The id (`s1`, `s2`…) and the app, started as `TmuxApp.start` starts it.
   * @throws what `TmuxApp.start` throws (ConfigError, AppExitedError, WaitTimeoutError…);
   *   TmuxShotError once {@link closeAll} has begun (the app is closed, nothing is left running).
   */
  async start(options: Omit<TmuxAppOptions, 'server'>): Promise<{ id: string; app: TmuxApp }> {
    this.#checkOpen();
    this.#server ??= TmuxServer.create().catch((error: unknown) => {
      this.#server = undefined;
      throw error;
    });
    let app: TmuxApp;
    try {
      app = await TmuxApp.start({ ...options, server: await this.#server });
    } catch (error) {
      this.#checkOpen(error); // the server went away under it
      throw error;
    }
    if (this.#closing) {
      await app.close();
      this.#checkOpen();
    }
    const id = `s${++this.#started}`;
    this.#apps.set(id, app);
    return { id, app };
  }

  /**
   * The app of session `id`.
   * @throws {ConfigError} when no open session has that id, naming the open ones.
   */
  get(id: string): TmuxApp {
    const app = this.#apps.get(id);
    if (app) return app;
    const open = [...this.#apps.keys()];
    const which = open.length > 0 ? `the open sessions are ${open.join(', ')}` : 'no session is open';
    throw new ConfigError(`There is no session '${id}' (${which}): start one with the start tool, and pass the id it returns.`);
  }

  /**
   * Runs `call` once every call queued before it on session `id` has settled, so that calls on
   * one session run one after another in the order they came (their input never interleaves),
   * while calls on different sessions run at once. A call that fails does not stop the next.
   * @returns What `call` returns; rejects as it rejects.
   */
  inTurn<T>(id: string, call: () => Promise<T>): Promise<T> {
    const previous = this.#turns.get(id) ?? Promise.resolve(); // never rejects
    const turn = previous.then(call);
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    this.#turns.set(id, settled);
    void settled.then(() => {
      if (this.#turns.get(id) === settled) this.#turns.delete(id);
    });
    return turn;
  }

  /**
   * Ends session `id`: its app's whole process tree; the id is not used again.
   * @throws {ConfigError} as {@link get}.
   */
  async close(id: string): Promise<void> {
    const app = this.get(id);
    this.#apps.delete(id);
    await app.close();
  }

  /**
   * Ends every session and the tmux server (its socket and private folder removed); idempotent.
   * Starts after this are refused.
   * @returns How many sessions were open.
   */
  closeAll(): Promise<number> {
    this.#closing ??= (async () => {
      const apps = [...this.#apps.values()];
      this.#apps.clear();
      await Promise.all(apps.map((app) => app.close()));
      const server = await this.#server?.catch(() => undefined);
      await server?.dispose();
      return apps.length;
    })();
    return this.#closing;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.closeAll();
  }

  /** @throws {TmuxShotError} once {@link closeAll} has begun, with `cause` (what failed meanwhile). */
  #checkOpen(cause?: unknown): void {
    if (this.#closing) {
      throw new TmuxShotError('The MCP server is shutting down (its client disconnected or it got a signal): it starts no more apps.', { cause });
    }
  }
}
