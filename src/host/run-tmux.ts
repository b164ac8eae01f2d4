/** One short-lived `tmux` process: run commands on our server, get stdout. */
import { HOST } from '../defaults.js';
import { TmuxCommandError, TmuxNotFoundError } from '../errors.js';
import { connectionArgs } from './connection.js';
import type { TmuxConnection } from './connection.js';
import { formatTmuxArgv, formatTmuxCommandLine } from './quote.js';
import type { TmuxCommand } from './quote.js';
import { runProcess } from './run-process.js';

/** How much of tmux's stderr a message quotes, in characters (a broken binary can print megabytes). */
const STDERR_IN_MESSAGE = 2000;

/** Options of {@link runTmux}. */
export interface RunTmuxOptions {
  /** How long tmux may take, in ms; then it is killed. @default HOST.commandTimeout (10000) */
  timeout?: number;
}

/**
 * Runs `commands` (joined by tmux's `;`) in one `tmux -S <socket> -f <config>` process with the
 * connection's environment only.
 * @returns tmux's stdout, without the final newline.
 * @throws {TmuxNotFoundError} when the binary cannot be run; TmuxCommandError when tmux exits
 *   non-zero or is ended by a signal (its stderr in `stderr`, the first {@link STDERR_IN_MESSAGE} characters in the
 *   message) or exceeds `timeout`.
 */
export async function runTmux(connection: TmuxConnection, commands: readonly TmuxCommand[], options: RunTmuxOptions = {}): Promise<string> {
  const timeout = options.timeout ?? HOST.commandTimeout;
  const args = [...connectionArgs(connection), ...formatTmuxArgv(commands)];
  const result = await runProcess(connection.binary, args, { env: connection.env, timeout });
  if (result.spawnError) throw new TmuxNotFoundError(connection.binary, { cause: result.spawnError });
  if (!result.timedOut && result.exitCode === 0) return result.stdout;
  const what = `tmux ${formatTmuxCommandLine(commands)}`;
  const reason = result.timedOut
    ? `did not finish within ${timeout} ms`
    : result.signal
      ? `was ended by ${result.signal}`
      : `failed (exit status ${result.exitCode})`;
  const stderr = result.stderr.trim();
  throw new TmuxCommandError(`${what} ${reason}${stderr ? `: ${cutStderr(stderr)}` : ''}`, args, stderr);
}

/** At most {@link STDERR_IN_MESSAGE} characters of stderr for a message; the whole of it stays in the error's `stderr`. */
function cutStderr(stderr: string): string {
  const more = stderr.length - STDERR_IN_MESSAGE;
  return more > 0 ? `${stderr.slice(0, STDERR_IN_MESSAGE)}… (${more} more characters in the error's stderr)` : stderr;
}
