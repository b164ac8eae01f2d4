/**
 * The MCP server's sessions: apps by id (`s1`, `s2`…, never reused), all on one private tmux
 * server created on the first start and disposed with the last close of {@link Sessions.closeAll}.
 */
import { TmuxApp, type TmuxAppOptions } from '../app/index.js';
import { AppExitedError, ConfigError, TmuxShotError } from '../errors.js';
import { describeExit, formatCommand, TmuxServer } from '../host/index.js';

/** The running apps of one MCP connection. */
export class Sessions implements AsyncDisposable {
  readonly #apps = new Map<string, TmuxApp>();
  /** Each open session's command, as messages show it (`'vim notes.txt'`). */
  readonly #commands = new Map<string, string>();
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
    this.#commands.set(id, formatCommand(options.command));
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
   * The command of session `id`, as messages show it (`'vim notes.txt'`).
   * @throws {ConfigError} as {@link get}.
   */
  command(id: string): string {
    this.get(id);
    return this.#commands.get(id)!;
  }

  /**
   * The app of session `id`, for input: asked now whether it has exited (an exit nothing has
   * waited for yet counts, though the library's input methods notice only a known one).
   * @throws {AppExitedError} once it has exited, with its status, saying what still works and to
   *   start a new session; ConfigError as {@link get}.
   */
  async running(id: string): Promise<TmuxApp> {
    const app = this.get(id);
    const exit = await app.exitStatus();
    if (!exit) return app;
    throw new AppExitedError(
      `session ${id}'s app ${this.#commands.get(id)} has exited (${describeExit(exit)}), so it takes no more input (send_keys, type_text, click, resize). ` +
        'Its last screen stays readable (read_text, screenshot); close it, and start a new session to go on.',
      exit.exitCode,
      exit.signal,
      app.text(),
    );
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
    this.#commands.delete(id);
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
      this.#commands.clear();
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
