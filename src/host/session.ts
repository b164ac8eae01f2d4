/** `TmuxSession`: one session with one window and one pane, its output piped to us. */
import { constants } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HOST } from '../defaults.js';
import { ConfigError, TmuxCommandError } from '../errors.js';
import type { Size } from '../geometry.js';
import { poll, systemClock } from '../wait.js';
import {
  IDLE_COMMAND,
  PANE_PROCESS_FORMAT,
  capturePaneCommand,
  chunkBytes,
  displayCommand,
  killSessionCommand,
  newSessionCommand,
  paneColoursCommands,
  pinWindowSizeCommand,
  pipePaneCommand,
  reapChildrenCommand,
  resizeWindowCommand,
  respawnPaneCommand,
  sendBytesCommand,
  sendKeysCommand,
} from './argv.js';
import type { PaneColours, PaneCommand } from './argv.js';
import { argMaxOf, checkExecSize, parseStackLimit, tmuxPaneEnv } from './exec-size.js';
import { CommandShell } from './command-shell.js';
import { PaneOutput, fenceBytes } from './pane-output.js';
import type { OutputListener } from './pane-output.js';
import { PANE_STATUS_FORMAT, isAwaitingReap, parsePaneStatus } from './pane-status.js';
import type { PaneStatus } from './pane-status.js';
import { parsePaneProcess, tmuxEnvPrefix } from './process-table.js';
import type { ProcessClock, ProcessScope } from './process-table.js';
import { endProcessTree, killTicks, processClock, runningStatOf, startTicksOf } from './process-tree.js';
import type { TmuxServer } from './server.js';
import { readForegroundReads, readForegroundWait } from './pane-tasks.js';
import { isProcessRunning } from './process-exit.js';
import { foregroundGroup } from './signals.js';
import { parseCanonical, sttyCommand } from './tty-mode.js';
import type { ForegroundReads, ForegroundWait } from './tty-wait.js';

/** Pause between asking tmux to reap a dead pane's process and asking for its status again, in ms. */
const REAP_POLL_MS = 5;

/**
 * One tmux session of exactly the requested size. It starts idle with the pane's output piped to
 * us, so that once {@link respawnPane} starts the real app not one byte of its output is missed.
 * Methods are named after the tmux command each runs over the server's control connection.
 * @example
 *   const session = await TmuxSession.create(server, { cols: 80, rows: 24 });
 *   session.onOutput((bytes) => process.stdout.write(bytes));
 *   await session.respawnPane({ command: ['vim', 'notes.txt'] });
 */
export class TmuxSession implements AsyncDisposable {
  /** The session id (`$N`). */
  readonly sessionId: string;
  /** The id of its only pane (`%N`). */
  readonly paneId: string;
  /** Its server's socket (`tmux -S`). */
  readonly socketPath: string;
  readonly #server: TmuxServer;
  readonly #output: PaneOutput;
  /** Output fences written so far: the next one's number (see {@link fence}). */
  #fences = 0;
  /** See {@link #paneProcess}. */
  #pane: Promise<PaneProcess | undefined> | undefined;
  readonly #forget: () => void;
  /** The pane's processes, for teardown (the leader is looked up when the session is killed). */
  readonly #processes: ProcessScope;
  #killing: Promise<void> | undefined;

  private constructor(server: TmuxServer, sessionId: string, paneId: string, output: PaneOutput, since: ProcessClock) {
    this.#server = server;
    this.sessionId = sessionId;
    this.paneId = paneId;
    this.socketPath = server.connection.socketPath;
    this.#output = output;
    this.#processes = { tmuxPrefix: tmuxEnvPrefix(server.connection.socketPath, server.pid), paneId, since };
    this.#forget = server.adopt(this);
  }

  /**
   * Creates the idle session (`new-session -d -x -y`, window pinned to that size) and pipes its
   * pane's output to us. The output's reader starts while tmux creates the session, and the pin
   * and `pipe-pane` go to tmux together: one wait for tmux after `new-session`, not two. When the
   * server keeps a spare session (`spareSession`), this takes the spare instead (resizing its
   * window when `size` differs) and prepares the next one in the background.
   * @throws {TmuxCommandError} when tmux refuses or times out; TmuxShotError as `PaneOutput.open`.
   */
  static async create(server: TmuxServer, size: Size): Promise<TmuxSession> {
    const spare = spares.get(server);
    spares.delete(server);
    let session = await spare?.session;
    spare?.forget();
    if (session?.killed) session = undefined; // the server is being disposed: fail as a new session would
    try {
      if (session && (spare?.size.cols !== size.cols || spare.size.rows !== size.rows)) await session.resizeWindow(size);
    } catch (error) {
      await session?.kill();
      throw error;
    }
    session ??= await TmuxSession.#open(server, size);
    // Once this session's caller has sent its commands: starting the spare's reader (a process
    // spawn, ≈ 2 ms of this thread) then overlaps tmux's work, instead of delaying it.
    if (server.spareSession) void systemClock.sleep(0).then(() => server.disposed || TmuxSession.#prepareSpare(server, size));
    return session;
  }

  /** Starts preparing `server`'s next spare session of `size`, disposed with the server unless taken. */
  static #prepareSpare(server: TmuxServer, size: Size): void {
    if (spares.has(server)) return; // a create() that ran alongside this one made it
    const session = TmuxSession.#open(server, size).catch(() => undefined); // create() then makes one anew
    const forget = server.adopt({ [Symbol.asyncDispose]: async () => (await session)?.kill() });
    spares.set(server, { size, session, forget });
  }

  static async #open(server: TmuxServer, size: Size): Promise<TmuxSession> {
    const since = processClock();
    const created = server.command(newSessionCommand(size, IDLE_COMMAND)).then(([ids = '']) => ids.split(' '));
    created.catch(() => undefined); // awaited below, after the reader has started
    const fifoPath = join(server.directory, `pane-${++fifoCount}.fifo`);
    let [sessionId, paneId] = ['', ''];
    try {
      const output = await PaneOutput.open(
        fifoPath,
        async () => {
          [sessionId = '', paneId = ''] = await created;
          await Promise.all([server.command(pinWindowSizeCommand(paneId)), server.command(pipePaneCommand(paneId, fifoPath))]);
        },
        shellOf(server),
      );
      return new TmuxSession(server, sessionId, paneId, output, since);
    } catch (error) {
      const [made] = await created.catch(() => []);
      if (made) await server.command(killSessionCommand(made)).catch(() => undefined);
      throw error;
    }
  }

  /** True once `kill()` has been called. */
  get killed(): boolean {
    return this.#killing !== undefined;
  }

  /** Subscribes to the pane's raw output and its arrival time (`systemClock.now()`, ms); returns the unsubscribe function. */
  onOutput(listener: OutputListener): () => void {
    return this.#output.onOutput(listener);
  }

  /**
   * Resolves once the output stream has ended, i.e. after {@link kill}: only then is every byte
   * the app wrote known to have been delivered (a dead pane may still have bytes in transit).
   */
  get outputEnded(): Promise<void> {
    return this.#output.ended;
  }

  /**
   * Replaces the pane's process with `pane.command` (`respawn-pane -k`): an argv array runs
   * exactly as given (no shell word splitting or expansion), a string runs with `/bin/sh -c`.
   * @throws {ConfigError} when `pane.cwd` is not a directory (tmux would silently use another);
   *   AppExitedError when the command line or an environment string is too long to exec, or all
   *   of them together (see `checkExecSize`); TmuxCommandError.
   */
  async respawnPane(pane: PaneCommand): Promise<void> {
    const { connection, pid } = this.#server;
    const tmuxEnv = tmuxPaneEnv({ socketPath: connection.socketPath, serverPid: pid, paneId: this.paneId, cwd: pane.cwd ?? process.cwd() });
    checkExecSize(pane, { argMax: await processArgMax(), env: { ...connection.env, ...tmuxEnv } });
    if (pane.cwd !== undefined && !(await isDirectory(pane.cwd))) {
      throw new ConfigError(`The working directory '${pane.cwd}' does not exist or is not a directory.`);
    }
    await this.#server.command(respawnPaneCommand(this.paneId, pane));
    this.#pane = undefined; // a new process, maybe on another terminal: asked again when needed
  }

  /**
   * Sets the colours the pane's terminal reports (OSC 10/11/12; see `paneColoursCommands`). Set
   * them before {@link respawnPane}, so the app's first query is answered.
   */
  async setPaneColours(colours: PaneColours): Promise<void> {
    await Promise.all(paneColoursCommands(this.paneId, colours).map((command) => this.#server.command(command)));
  }

  /** Sends tmux key names, already resolved (see `resolveKeyNames`), in one `send-keys`. */
  async sendKeys(keyNames: readonly string[]): Promise<void> {
    if (keyNames.length > 0) await this.#server.command(sendKeysCommand(this.paneId, keyNames));
  }

  /** Sends bytes exactly as given (`send-keys -H`, in chunks of at most 1024 bytes). */
  async sendBytes(bytes: Uint8Array): Promise<void> {
    for (const chunk of chunkBytes(bytes)) await this.#server.command(sendBytesCommand(this.paneId, chunk));
  }

  /** Sets the window, and so the pane, to exactly `size` cells; the app gets SIGWINCH. */
  async resizeWindow(size: Size): Promise<void> {
    await this.#server.command(resizeWindowCommand(this.paneId, size));
  }

  /** The pane's visible rows as tmux's own grid has them (trailing blanks trimmed): for drift checks. */
  capturePane(): Promise<string[]> {
    return this.#server.command(capturePaneCommand(this.paneId));
  }

  /**
   * Whether the pane's process has exited, and how (see `parsePaneStatus`). When tmux shows the
   * pane dead but has not reaped its process yet (see `isAwaitingReap`), this makes tmux reap it
   * and asks again, every {@link REAP_POLL_MS} ms, so a dead pane is always reported with its
   * exit status or signal. A process that closed its terminal (every descriptor of it) but still
   * runs — it ignored the SIGHUP tmux's close of the pane brings — is reported alive: tmux shows the
   * pane dead and has no status until it exits.
   * @throws {TmuxCommandError} when tmux still has no status after `HOST.commandTimeout` ms.
   */
  async paneStatus(): Promise<PaneStatus> {
    const probe = async (): Promise<PaneStatus | undefined> => {
      const [line = ''] = await this.#server.command(displayCommand(this.paneId, `${PANE_STATUS_FORMAT} #{pane_pid}`));
      if (!isAwaitingReap(line)) return parsePaneStatus(line);
      const pid = Number(line.trim().split(' ').at(-1));
      if (await this.#isPaneProcess(pid)) return parsePaneStatus('0');
      await this.#server.command(reapChildrenCommand());
      return undefined;
    };
    const onTimeout = () => new TmuxCommandError(`tmux reported pane ${this.paneId} dead but no exit status within ${HOST.commandTimeout} ms`, [], '');
    return poll(probe, { timeout: HOST.commandTimeout, interval: REAP_POLL_MS, onTimeout });
  }

  /**
   * Whether the pane's terminal is in canonical (line) mode now: `stty -F #{pane_tty} -a`, read
   * from outside without touching the app (see tty-mode.ts). Apps that read keys one by one turn
   * it off.
   * @returns true in canonical mode, false in non-canonical mode, undefined when it cannot be
   *   read (the pane's process has exited and its tty is gone, or `stty` is missing).
   */
  async isCanonical(): Promise<boolean | undefined> {
    // A dead pane's tty may already belong to another terminal: Linux reuses the lowest free pts.
    const [line = ''] = await this.#server.command(displayCommand(this.paneId, '#{pane_dead} #{pane_tty}'));
    const [dead, tty = ''] = line.split(' ');
    if (dead !== '0' || tty === '') return undefined;
    const stty = await shellOf(this.#server).run('stty', sttyCommand(tty), { timeout: HOST.commandTimeout });
    return stty.exitCode === 0 && !stty.timedOut ? parseCanonical(stty.stdout) : undefined;
  }

  /**
   * The clients attached to the session now (`list-clients -t`), by name (`/dev/pts/3`): people
   * watching it, not our control client, which sits in the lobby.
   * @throws {TmuxCommandError} when tmux refuses (the session is gone) or times out.
   */
  listClients(): Promise<string[]> {
    return this.#server.command(['list-clients', '-t', this.sessionId, '-F', '#{client_name}']);
  }

  /**
   * Kills the session: tmux closes the pane's terminal, so its processes get SIGHUP. Waits until
   * the output stream has ended (at most {@link HOST.exitTimeout} ms) and, meanwhile, ends what
   * is left of the pane's process tree, daemons included: SIGTERM after {@link HOST.hangupGrace}
   * ms, SIGKILL after {@link HOST.terminateGrace} more (see `endProcessTree`). Idempotent; never
   * throws.
   */
  kill(): Promise<void> {
    this.#killing ??= this.#kill();
    return this.#killing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.kill();
  }

  async #kill(): Promise<void> {
    this.#forget();
    const looked = this.#pane; // the pane's process as looked up alive, with its start time
    // Asked in the same round trip as the kill: members of its session, and holders of its terminal, are found after the hangup.
    const pane = this.#server.command(displayCommand(this.paneId, PANE_PROCESS_FORMAT)).then(
      async ([line = '']) => {
        const found = parsePaneProcess(line);
        const known = await looked;
        return found && known?.pid === found.pid && known.startTicks !== undefined ? { ...found, startTicks: known.startTicks } : found;
      },
      () => undefined,
    );
    const killedAt = killTicks();
    await this.#server.command(killSessionCommand(this.sessionId)).catch(() => undefined); // gone already is fine
    const waited = new AbortController();
    const drained = Promise.race([this.#output.ended, systemClock.sleep(HOST.exitTimeout, waited.signal)]).then(() => {
      waited.abort();
      this.#output.close();
    });
    await Promise.all([drained, pane.then((found) => endProcessTree({ ...this.#processes, ...(found ? { panes: [found], killedAt } : {}) }))]);
  }

  /**
   * Sends `signal` to the foreground process group of the pane's terminal (see `foregroundGroup`),
   * as `kill -s SIG -- -PGID` would; once the pane's process has closed its terminal, to that
   * process's own group.
   * @returns false when there was none to send it to: the pane's process has exited or left its terminal.
   * @throws {Error} from `process.kill` for anything but a group that is gone (ESRCH), such as EPERM.
   */
  async signalForeground(signal: NodeJS.Signals): Promise<boolean> {
    const pane = await this.#paneProcess();
    if (pane && !(await this.#isPaneProcess(pane.pid))) return false;
    const group = pane ? foregroundGroup(pane.pid, pane.tty) : await this.#closedTerminalGroup();
    if (group === undefined) return false;
    try {
      process.kill(-group, signal);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
      throw error;
    }
  }

  /**
   * For a pane tmux shows dead: the process group of its process when that still runs, having
   * closed its terminal (see {@link paneStatus}) — its own group, as a session leader.
   */
  async #closedTerminalGroup(): Promise<number | undefined> {
    const [line = ''] = await this.#server.command(displayCommand(this.paneId, '#{pane_pid}'));
    const pid = Number(line);
    return (await this.#isPaneProcess(pid)) ? pid : undefined;
  }

  /**
   * Whether `pid` is the pane's process, running: a child of the server (tmux forks it), and when
   * the session looked that process up alive (see {@link #paneProcess}), one that started at the
   * same time — not a process Linux handed the pid to after it died (pids go round in minutes
   * under a test suite's forks). Without the lookup, as when the process died first, the parent is
   * all there is to go by: another test's tmux server that had the pid took a SIGTERM for it.
   */
  async #isPaneProcess(pid: number): Promise<boolean> {
    if (!(pid > 0 && isProcessRunning(pid))) return false;
    const stat = runningStatOf(pid); // undefined without procfs: then the pid is all there is
    if (stat && stat.ppid !== this.#server.pid) return false;
    const known = await this.#pane;
    return known?.pid !== pid || known.startTicks === undefined || stat?.startTicks === known.startTicks;
  }

  /**
   * Whether the pane's foreground waits for input on its terminal now, read from Linux's /proc
   * (see tty-wait.ts); call it after {@link respawnPane}. With `soonMs`, whether it is idle: waiting
   * for keys with no timer due within `soonMs` ms (see `decideForegroundIdle`).
   * @returns undefined when it cannot be read (another OS, /proc denied, the pane dead); never throws.
   */
  async foregroundWait(options?: { soonMs?: number }): Promise<ForegroundWait> {
    const pane = await this.#paneProcess();
    return pane && readForegroundWait(pane.pid, pane.tty, process.arch, options?.soonMs);
  }

  /**
   * What the pane's foreground process group has read so far, from Linux's /proc (see
   * `ForegroundReads`): compared before and after a key, it says whether the app has read the key.
   * @returns undefined when it cannot be read (another OS, /proc denied, the pane dead); never throws.
   */
  async foregroundReads(): Promise<ForegroundReads | undefined> {
    const pane = await this.#paneProcess();
    return pane && readForegroundReads(pane.pid, pane.tty);
  }

  /**
   * Writes an output fence (an OSC tmux ignores, see `fenceBytes`) to the pane's terminal and waits
   * for it in the output stream, which drops it: once this resolves true, everything the app wrote
   * before the call has been delivered to the output listeners (the terminal queues its output in
   * order). The terminal is opened `O_WRONLY | O_NOCTTY | O_NONBLOCK`: it never becomes ours and a
   * full terminal does not block us. Call it only while the pane's process is known to be on the
   * terminal (after {@link foregroundWait} said so): a dead pane's `/dev/pts/N` may be another's.
   * @returns false when there is no fence (the terminal cannot be written, the stream ended, or the
   *   fence did not come back within `HOST.commandTimeout` ms); never throws.
   */
  async fence(): Promise<boolean> {
    const pane = await this.#paneProcess();
    if (!pane) return false;
    const bytes = fenceBytes(++this.#fences);
    const { reached, cancel } = this.#output.fence(bytes);
    try {
      const file = await open(pane.tty, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
      try {
        await file.write(bytes);
      } finally {
        await file.close();
      }
    } catch {
      cancel();
      return false;
    }
    const waited = new AbortController();
    void systemClock.sleep(HOST.commandTimeout, waited.signal).then(cancel, () => undefined);
    return reached.finally(() => waited.abort());
  }

  /** The pane's process and terminal, asked once per process (both stay for its life: {@link respawnPane} forgets them); undefined once it is dead. */
  #paneProcess(): Promise<PaneProcess | undefined> {
    this.#pane ??= this.#server.command(displayCommand(this.paneId, '#{pane_dead} #{pane_pid} #{pane_tty}')).then(
      ([line = '']) => {
        const [dead, pid, tty = ''] = line.split(' ');
        return dead === '0' && tty !== '' ? { pid: Number(pid), tty, startTicks: startTicksOf(Number(pid)) } : undefined;
      },
      () => undefined,
    );
    return this.#pane;
  }
}

/** The pane's process as the session looked it up: its pid, terminal and start time (`startTicksOf`; undefined without procfs). */
interface PaneProcess {
  pid: number;
  tty: string;
  startTicks: number | undefined;
}

/** Each server's shell for `stty` and `mkfifo` (see `CommandShell`), made with its first session and closed with the server. */
const shells = new WeakMap<TmuxServer, CommandShell>();

function shellOf(server: TmuxServer): CommandShell {
  const known = shells.get(server);
  if (known) return known;
  const shell = new CommandShell();
  shells.set(server, shell);
  server.adopt({ [Symbol.asyncDispose]: async () => shell.close() });
  return shell;
}

/** A server's spare session (see `TmuxServerOptions.spareSession`): being prepared, or ready; undefined if preparing it failed. */
interface Spare {
  /** The size it is created with. */
  size: Size;
  session: Promise<TmuxSession | undefined>;
  /** Takes it off the server's disposal list (a taken session is on it by itself). */
  forget: () => void;
}

/** The spare session of each server that keeps one. */
const spares = new WeakMap<TmuxServer, Spare>();

/** Names the output FIFOs of this process's sessions (in their server's private directory). */
let fifoCount = 0;

let argMax: Promise<number> | undefined;

/** ARG_MAX of the panes' processes, which inherit our stack limit through the tmux server we start; read once. */
function processArgMax(): Promise<number> {
  argMax ??= readFile('/proc/self/limits', 'utf8')
    .then(parseStackLimit, () => undefined)
    .then(argMaxOf);
  return argMax;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
