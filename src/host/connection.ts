/** How to reach one tmux server: binary, socket, config and the pinned environment. Pure. */
import { APP_ENV, INHERITED_ENV } from '../defaults.js';

/** Everything a `tmux` process needs to talk to our server. */
export interface TmuxConnection {
  /** The tmux binary (a name looked up in PATH, or a path). */
  readonly binary: string;
  /** The server's socket (`tmux -S`). */
  readonly socketPath: string;
  /** Our config file (`tmux -f`), read when a command starts the server. */
  readonly configPath: string;
  /** The whole environment of every tmux process we start (nothing else of ours leaks in). */
  readonly env: Readonly<Record<string, string>>;
}

/** The leading arguments of every tmux invocation on `connection`. */
export function connectionArgs(connection: TmuxConnection): string[] {
  return ['-S', connection.socketPath, '-f', connection.configPath];
}

/**
 * The environment tmux runs with, and therefore the server's global environment every app
 * inherits: the {@link INHERITED_ENV} variables of `callerEnv` that are set, then
 * {@link APP_ENV}. Nothing else passes (no NO_COLOR, no TMUX, no DISPLAY), so the caller's shell
 * cannot change a screen.
 */
export function resolveTmuxEnv(callerEnv: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV) {
    const value = callerEnv[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...APP_ENV };
}
