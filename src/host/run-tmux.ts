/** One short-lived `tmux` process: run commands on our server, get stdout. */
import { execa } from 'execa';
import { HOST } from '../defaults.js';
import { TmuxCommandError, TmuxNotFoundError } from '../errors.js';
import { connectionArgs } from './connection.js';
import type { TmuxConnection } from './connection.js';
import { formatTmuxArgv, formatTmuxCommandLine } from './quote.js';
import type { TmuxCommand } from './quote.js';

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
 *   non-zero (its stderr in the message and in `stderr`) or exceeds `timeout`.
 */
export async function runTmux(connection: TmuxConnection, commands: readonly TmuxCommand[], options: RunTmuxOptions = {}): Promise<string> {
  const timeout = options.timeout ?? HOST.commandTimeout;
  const args = [...connectionArgs(connection), ...formatTmuxArgv(commands)];
  const result = await execa(connection.binary, args, {
    env: connection.env,
    extendEnv: false,
    stdin: 'ignore',
    timeout,
    reject: false,
  });
  if (!result.failed) return result.stdout;
  if (result.code === 'ENOENT' || result.code === 'EACCES') throw new TmuxNotFoundError(connection.binary, { cause: result });
  const what = `tmux ${formatTmuxCommandLine(commands)}`;
  const reason = result.timedOut ? `did not finish within ${timeout} ms` : `failed (exit status ${result.exitCode})`;
  const stderr = result.stderr.trim();
  throw new TmuxCommandError(`${what} ${reason}${stderr ? `: ${stderr}` : ''}`, args, stderr, { cause: result });
}
