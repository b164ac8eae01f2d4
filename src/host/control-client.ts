/**
 * The long-lived control-mode client (`tmux -C attach-session -f no-output`): the fast command
 * channel (≈ 0.5 ms a command against ≈ 5 ms for a new `tmux` process). Sends commands over
 * stdin and matches each `%begin … %end|%error` reply to its command, in order.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { HOST } from '../defaults.js';
import { TmuxCommandError, TmuxNotFoundError } from '../errors.js';
import { attachControlCommand } from './argv.js';
import { connectionArgs } from './connection.js';
import type { TmuxConnection } from './connection.js';
import { ControlParser } from './control-protocol.js';
import type { ControlEvent } from './control-protocol.js';
import { formatTmuxCommandLine } from './quote.js';
import { startTimer } from '../wait.js';
import type { TmuxCommand } from './quote.js';

/** A command waiting for its reply; `settled` once answered or timed out. */
interface PendingCommand {
  text: string;
  command: TmuxCommand;
  settled: boolean;
  /** Cancels the command's timeout. */
  cancelTimer: () => void;
  resolve: (lines: string[]) => void;
  reject: (error: Error) => void;
  /** The commands sent after it on the same line (see {@link ControlClient.commands}): tmux skips them when it fails. */
  rest: PendingCommand[];
}

/** Options of {@link ControlClient.attach} and {@link ControlClient.command}. */
export interface ControlCommandOptions {
  /** How long to wait for tmux's answer, in ms. @default HOST.commandTimeout (10000) */
  timeout?: number;
}

/** Options of {@link ControlClient.attach}. */
export interface ControlAttachOptions extends ControlCommandOptions {
  /**
   * Attach as a watcher (`-f read-only,ignore-size`, see `attachControlCommand`) that receives the
   * session's pane output, instead of a command channel with no output (`-f no-output`). @default false
   */
  watch?: boolean;
  /**
   * Called with every event tmux sends (replies, `%output`…), in the order tmux wrote them, before
   * the client acts on it: `%output` before a command's reply came before the command ran.
   */
  onEvent?: (event: ControlEvent) => void;
}

/**
 * One `tmux -C` client attached to one session, through which commands for any session of the
 * server can run. The child process and its pipes are unref'd, so a forgotten client never keeps
 * Node alive; a pending command holds its own timer, so awaiting one does.
 */
export class ControlClient {
  readonly #subprocess: ChildProcessWithoutNullStreams;
  readonly #parser = new ControlParser();
  readonly #pending: PendingCommand[] = [];
  readonly #attached: Promise<void>;
  #exitError: Error | undefined;
  /** Why tmux said it let the client go (`%exit too far behind`), if it said. */
  #exitReason = '';

  /** Resolves when the client process has exited (after `%exit`, a kill, or `close()`). */
  readonly exited: Promise<void>;

  readonly #onEvent: ((event: ControlEvent) => void) | undefined;

  private constructor(connection: TmuxConnection, sessionId: string, options: ControlAttachOptions) {
    this.#onEvent = options.onEvent;
    const args = [...connectionArgs(connection), ...attachControlCommand(sessionId, options.watch)];
    this.#subprocess = spawn(connection.binary, args, { env: connection.env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#subprocess.unref();
    endAtExit(this.#subprocess);
    // Writing to a client that just exited fails with EPIPE; its pending commands are rejected
    // when the exit is seen, so the stream error itself carries no news.
    this.#subprocess.stdin.on('error', () => undefined);
    const stderr: Buffer[] = [];
    this.#subprocess.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    for (const stream of [this.#subprocess.stdin, this.#subprocess.stdout, this.#subprocess.stderr]) {
      (stream as { unref?: () => void }).unref?.();
    }
    this.#attached = new Promise((resolve, reject) => {
      this.#subprocess.stdout.on('data', (chunk: Buffer) => {
        for (const event of this.#parser.push(chunk)) this.#handle(event, resolve, reject);
      });
    });
    this.#attached.catch(() => undefined);
    this.exited = new Promise<{ spawnError?: NodeJS.ErrnoException; how: string }>((resolve) => {
      this.#subprocess.once('error', (spawnError) => resolve({ spawnError, how: '' })); // it could not be started
      this.#subprocess.once('close', (code, signal) => resolve({ how: signal ? ` (killed by ${signal})` : ` (exit status ${code})` }));
    }).then(({ spawnError, how }) => {
      const detail = this.#exitReason || Buffer.concat(stderr).toString('utf8').trim();
      this.#exitError =
        spawnError?.code === 'ENOENT'
          ? new TmuxNotFoundError(connection.binary, { cause: spawnError })
          : new TmuxCommandError(
              `tmux control client exited${how}${detail ? `: ${detail}` : ''}`,
              args,
              detail,
              spawnError ? { cause: spawnError } : undefined,
            );
      for (const pending of this.#pending.splice(0)) this.#settle(pending, this.#exitError);
    });
  }

  /**
   * Starts a control client on `sessionId` (a tmux target: a `$N` id, or `=name` for an exact session name) and resolves once tmux has attached it
   * (`%session-changed`).
   * @throws {TmuxNotFoundError} when the binary cannot be run; TmuxCommandError when tmux refuses
   *   the attach (its `%error` text), the client exits first, or `timeout` ms pass.
   */
  static async attach(connection: TmuxConnection, sessionId: string, options: ControlAttachOptions = {}): Promise<ControlClient> {
    const client = new ControlClient(connection, sessionId, options);
    const timeout = options.timeout ?? HOST.commandTimeout;
    let cancelTimer = (): void => undefined;
    const timedOut = new Promise<never>((_, reject) => {
      cancelTimer = startTimer(timeout, () => reject(new TmuxCommandError(`tmux did not attach to ${sessionId} within ${timeout} ms`, [], '')));
    });
    const exitedFirst = client.exited.then(() => {
      throw client.#exitError;
    });
    exitedFirst.catch(() => undefined); // only the race below needs it
    try {
      await Promise.race([client.#attached, exitedFirst, timedOut]);
    } catch (error) {
      await client.close();
      throw error;
    } finally {
      cancelTimer();
    }
    return client;
  }

  /**
   * Runs one tmux command (argv, quoted for tmux here) and resolves with its output lines.
   * @throws {TmuxCommandError} on `%error` (tmux's message in `stderr`), after `timeout` ms, or
   *   when the client exits first.
   */
  async command(command: TmuxCommand, options: ControlCommandOptions = {}): Promise<string[]> {
    const [lines = []] = await this.commands([command], options);
    return lines;
  }

  /**
   * Runs `commands` as one line (`a ; b`), so tmux runs them one after the other with nothing in
   * between (no pane output is read between them), and resolves with each one's output lines.
   * tmux answers each with a block of its own, and skips the rest of the line after one fails.
   * @throws {TmuxCommandError} as {@link command}, for the first command that failed.
   */
  commands(commands: readonly TmuxCommand[], options: ControlCommandOptions = {}): Promise<string[][]> {
    if (this.#exitError) return Promise.reject(this.#exitError);
    const timeout = options.timeout ?? HOST.commandTimeout;
    const pendings = commands.map((command): PendingCommand => {
      const pending: PendingCommand = {
        text: formatTmuxCommandLine([command]),
        command,
        settled: false,
        cancelTimer: () => undefined,
        resolve: () => undefined,
        reject: () => undefined,
        rest: [],
      };
      pending.cancelTimer = startTimer(timeout, () => {
        this.#settle(pending, new TmuxCommandError(`tmux did not answer '${pending.text}' within ${timeout} ms`, command, ''));
      });
      return pending;
    });
    const replies = pendings.map(
      (pending, index) =>
        new Promise<string[]>((resolve, reject) => {
          Object.assign(pending, { resolve, reject, rest: pendings.slice(index + 1) });
        }),
    );
    for (const reply of replies.slice(1)) reply.catch(() => undefined); // the first failure is the one reported
    // Replies come in command order; a timed-out command keeps its place until its reply.
    this.#pending.push(...pendings);
    this.#subprocess.stdin.write(`${formatTmuxCommandLine(commands)}\n`);
    return Promise.all(replies);
  }

  /**
   * Detaches (closes stdin, which ends the client) and waits for the process to exit, killing it
   * after {@link HOST.exitTimeout} ms. Idempotent.
   */
  async close(): Promise<void> {
    this.#subprocess.stdin.end();
    const cancelTimer = startTimer(HOST.exitTimeout, () => this.#subprocess.kill('SIGKILL'));
    await this.exited;
    cancelTimer();
  }

  #handle(event: ControlEvent, attached: () => void, attachFailed: (error: Error) => void): void {
    this.#onEvent?.(event);
    switch (event.kind) {
      case 'session-changed':
        attached();
        return;
      case 'reply':
        if (event.own) this.#answer(event.ok, event.lines);
        else if (!event.ok) attachFailed(new TmuxCommandError(`tmux refused to attach: ${event.lines.join('\n')}`, [], event.lines.join('\n')));
        return;
      case 'exit':
        this.#exitReason = event.reason;
        return;
    }
  }

  #answer(ok: boolean, lines: string[]): void {
    const pending = this.#pending.shift();
    if (!pending) return;
    if (ok) {
      this.#settle(pending, undefined, lines);
      return;
    }
    const error = new TmuxCommandError(`tmux ${pending.text} failed: ${lines.join('\n')}`, pending.command, lines.join('\n'));
    this.#settle(pending, error);
    // tmux skipped the rest of the line: no reply comes for them.
    for (const skipped of pending.rest) {
      const index = this.#pending.indexOf(skipped);
      if (index !== -1) this.#pending.splice(index, 1);
      this.#settle(skipped, error);
    }
  }

  #settle(pending: PendingCommand, error: Error | undefined, lines: string[] = []): void {
    pending.cancelTimer();
    if (pending.settled) return;
    pending.settled = true;
    if (error) pending.reject(error);
    else pending.resolve(lines);
  }
}

/** Control clients of this process still running (see {@link endAtExit}). */
const running = new Set<ChildProcessWithoutNullStreams>();

/**
 * Ends `client` (SIGTERM) when this process exits while it still runs, as execa's `cleanup` did:
 * its detaching then fires the lobby's `client-detached` hook, which ends the server at once. On
 * its own, a client whose stdin's other end closed with our process lingered ≈ 30 s in tmux 3.3a
 * (measured: `tmux-shot record` stopped by Ctrl-C left the server and client that long), and the
 * lobby's owner watch did not end them either. One `exit` listener serves every client.
 */
function endAtExit(client: ChildProcessWithoutNullStreams): void {
  if (running.size === 0) process.once('exit', endRunning);
  running.add(client);
  client.once('exit', () => {
    running.delete(client);
    if (running.size === 0) process.removeListener('exit', endRunning);
  });
}

function endRunning(): void {
  for (const client of running) client.kill('SIGTERM');
}
