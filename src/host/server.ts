/** `TmuxServer`: one private tmux server (own socket, own config, pinned environment). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST } from '../defaults.js';
import { ConfigError, TmuxCommandError, TmuxShotError } from '../errors.js';
import { LOBBY_NAME, createLobbyCommands, killServerCommand, listPaneProcessesCommand, startServerCommands } from './argv.js';
import { resolveTmuxEnv } from './connection.js';
import type { TmuxConnection } from './connection.js';
import { ControlClient } from './control-client.js';
import type { ControlCommandOptions } from './control-client.js';
import { registerLiveServer, unregisterLiveServer, waitForProcessExit } from './process-exit.js';
import { parsePaneProcess, tmuxEnvPrefix } from './process-table.js';
import type { ProcessScope } from './process-table.js';
import { endProcessTree, killTicks, processClock } from './process-tree.js';
import { formatTmuxCommandLine } from './quote.js';
import type { TmuxCommand } from './quote.js';
import { runTmux } from './run-tmux.js';
import { formatTmuxConfig } from './tmux-config.js';

/**
 * The longest path a Unix socket can have, in bytes: `sun_path` holds 108 bytes with its NUL on
 * Linux, 104 on macOS and the BSDs. tmux fails with a bare "File name too long" past it.
 */
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

/** Options of {@link TmuxServer.create}. */
export interface TmuxServerOptions {
  /** The tmux binary. @default process.env.TMUX_SHOT_TMUX, else HOST.tmuxBinary ('tmux') */
  tmuxBinary?: string;
  /**
   * The socket path. No server may be running on it. Meant for tests and debugging (`tmux -S
   * <path> attach` to watch an app). @default `<private dir>/socket`
   */
  socketPath?: string;
  /**
   * Keeps one idle session prepared: each `TmuxSession.create` takes it (resized when another
   * size is asked for) and prepares the next in the background, so a test's app starts without
   * waiting for `new-session` and the output pipe. The spare is a session no app has run in; the
   * app's command, env and cwd are set when it is started (`respawn-pane`), as in a new session.
   * @default false
   */
  spareSession?: boolean;
}

/**
 * A tmux server of our own: a 0700 temp directory holds its config and (by default) its socket;
 * it is started with that config (`-f`, so no ~/.tmux.conf) and an environment of only
 * `INHERITED_ENV` and `APP_ENV` (see `resolveTmuxEnv`). Every command runs over one control-mode
 * client attached to an idle "lobby" session (≈ 0.5 ms a command, no process per command).
 * Sessions register with it and are disposed with it. Should the process end without
 * `dispose()`, the server goes too: killed by the 'exit' hook, or — if the process was killed
 * outright, even in the middle of `create()` — by tmux itself, once the lobby sees the process
 * gone or the control client loses its stdin (see `createLobbyCommands`).
 * @example
 *   await using server = await TmuxServer.create();
 *   const session = await TmuxSession.create(server, { cols: 80, rows: 24 });
 */
export class TmuxServer implements AsyncDisposable {
  /** How tmux processes reach this server. */
  readonly connection: TmuxConnection;
  /** The server's process id. */
  readonly pid: number;
  /** The private (0700) directory holding the config, the socket by default, and output FIFOs; removed on dispose. */
  readonly directory: string;
  /** Whether `TmuxSession.create` keeps a spare session prepared (see {@link TmuxServerOptions.spareSession}). */
  readonly spareSession: boolean;
  readonly #client: ControlClient;
  /** Every process started in the server, for the sweep after kill-server. */
  readonly #processes: ProcessScope;
  readonly #children = new Set<AsyncDisposable>();
  #disposing: Promise<void> | undefined;
  /** Commands are refused once the children are gone and the server is going. */
  #closed = false;

  private constructor(connection: TmuxConnection, pid: number, directory: string, client: ControlClient, processes: ProcessScope, spareSession: boolean) {
    this.connection = connection;
    this.spareSession = spareSession;
    this.pid = pid;
    this.directory = directory;
    this.#client = client;
    this.#processes = processes;
  }

  /**
   * Creates the directory and config, starts the server and its lobby session, and attaches the
   * control client.
   * @throws {TmuxNotFoundError} when the tmux binary cannot be run (with install hints);
   *   ConfigError when a server not started by us already runs on `socketPath`, or when the
   *   socket path is too long for a Unix socket (a long TMPDIR), saying what to do;
   *   TmuxCommandError when tmux fails to start.
   */
  static async create(options: TmuxServerOptions = {}): Promise<TmuxServer> {
    const directory = await mkdtemp(join(tmpdir(), 'tmux-shot-'));
    const connection: TmuxConnection = {
      binary: options.tmuxBinary ?? process.env['TMUX_SHOT_TMUX'] ?? HOST.tmuxBinary,
      socketPath: options.socketPath ?? join(directory, 'socket'),
      configPath: join(directory, 'tmux.conf'),
      env: resolveTmuxEnv(process.env),
    };
    let pid: number | undefined;
    const since = processClock();
    try {
      checkSocketPath(connection.socketPath);
      // The lobby comes with the config, so the server cleans up after itself from its first moment.
      const lobby = createLobbyCommands(process.pid, directory, connection).map((command) => `${formatTmuxCommandLine([command])}\n`);
      await writeFile(connection.configPath, formatTmuxConfig() + lobby.join(''), { mode: 0o600 });
      const info = await runTmux(connection, startServerCommands());
      const config = info.slice(info.indexOf(' ') + 1);
      if (config !== connection.configPath) {
        throw new ConfigError(
          `A tmux server not started by tmux-shot already runs on ${connection.socketPath} (it read '${config}'); ` +
            'choose another socketPath or stop that server.',
        );
      }
      pid = Number(info.split(' ')[0]);
      const processes = { tmuxPrefix: tmuxEnvPrefix(connection.socketPath, pid), since };
      registerLiveServer(pid, directory, processes);
      const client = await ControlClient.attach(connection, `=${LOBBY_NAME}`);
      return new TmuxServer(connection, pid, directory, client, processes, options.spareSession ?? false);
    } catch (error) {
      if (pid !== undefined) {
        await runTmux(connection, [killServerCommand()]).catch(() => undefined);
        await waitForProcessExit(pid, HOST.exitTimeout);
        unregisterLiveServer(pid);
      }
      await rm(directory, { recursive: true, force: true });
      throw error;
    }
  }

  /** True once `dispose()` has been called. */
  get disposed(): boolean {
    return this.#disposing !== undefined;
  }

  /**
   * Runs one tmux command over the control connection; resolves with its output lines.
   * @throws {TmuxShotError} once the server is disposed (its sessions may still end themselves
   *   while it disposes them); TmuxCommandError as `ControlClient.command`.
   */
  command(command: TmuxCommand, options?: ControlCommandOptions): Promise<string[]> {
    if (this.#closed) return Promise.reject(new TmuxShotError('This tmux server has been disposed.'));
    return this.#client.command(command, options);
  }

  /** Registers a child (a session) to dispose with the server; returns the function that forgets it. */
  adopt(child: AsyncDisposable): () => void {
    this.#children.add(child);
    return () => this.#children.delete(child);
  }

  /**
   * Disposes the sessions, kills the server, waits until its process has exited (a new server on
   * the same socket fails otherwise), ends whatever any of its panes started that is still alive
   * (as `TmuxSession.kill` does for one pane, found by tmux's marks and the panes' sessions and
   * terminals, see `selectInScope`), then removes the directory. Idempotent.
   * @throws {TmuxCommandError} when the server outlives SIGKILL by {@link HOST.exitTimeout} ms.
   */
  dispose(): Promise<void> {
    this.#disposing ??= this.#dispose();
    return this.#disposing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.dispose();
  }

  async #dispose(): Promise<void> {
    await Promise.allSettled([...this.#children].map((child) => child[Symbol.asyncDispose]()));
    // The panes no session of ours owned (the lobby, one made with `command`): found by their sessions and terminals after the kill too.
    const panes = await this.#client.command(listPaneProcessesCommand()).then(
      (lines) => lines.flatMap((line) => parsePaneProcess(line) ?? []),
      () => [],
    );
    this.#closed = true;
    const killedAt = killTicks();
    // The control client exits with the server, so the reply to kill-server may never come.
    this.#client.command(killServerCommand()).catch(() => undefined);
    if (!(await waitForProcessExit(this.pid, HOST.exitTimeout))) {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {
        // it exited meanwhile
      }
      if (!(await waitForProcessExit(this.pid, HOST.exitTimeout))) {
        throw new TmuxCommandError(`tmux server ${this.pid} did not exit within ${2 * HOST.exitTimeout} ms`, [], '');
      }
    }
    await this.#client.close();
    await endProcessTree({ ...this.#processes, panes, killedAt });
    unregisterLiveServer(this.pid);
    await rm(this.directory, { recursive: true, force: true });
  }
}

/** @throws {ConfigError} when `socketPath` is longer than a Unix socket path can be, saying how to shorten it. */
function checkSocketPath(socketPath: string): void {
  const bytes = Buffer.byteLength(socketPath);
  if (bytes <= MAX_SOCKET_PATH_BYTES) return;
  throw new ConfigError(
    `The tmux server's socket path '${socketPath}' is ${bytes} bytes, over the ${MAX_SOCKET_PATH_BYTES} a Unix socket path can have: ` +
      'set TMPDIR to a shorter directory (TMPDIR=/tmp), or pass a shorter socketPath to TmuxServer.create().',
  );
}
