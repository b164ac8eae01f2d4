/**
 * A real tmux client on the user's own terminal: `tmux -S <socket> attach -t <session>` with this
 * process's stdin, stdout and stderr, in the foreground, for `tmux-shot codegen`. It runs with the
 * caller's environment (the user's TERM describes the user's terminal) without TMUX and TMUX_PANE,
 * so it also works from inside another tmux: tmux reads a client's TMUX_PANE as the pane it runs
 * in (cmd-find.c), so the outer server's `%0` named our server's first pane, and tmux 3.3a then
 * ended our control client when the user detached (`C-b C-b d`).
 */
import { spawn } from 'node:child_process';
import type { TmuxConnection } from './connection.js';
import { connectionArgs } from './connection.js';

/**
 * Attaches the caller's terminal to `session` (a tmux target: `$3`) and resolves with the client's
 * exit status once it has ended — the user detached, the session went, or the client failed (null
 * when a signal ended it).
 * @param env - the caller's environment; TMUX and TMUX_PANE (another server's) are left out. @default process.env
 * @throws {Error} the spawn error when tmux cannot be started (ENOENT).
 */
export function attachClient(connection: TmuxConnection, session: string, env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  const { TMUX: _tmux, TMUX_PANE: _pane, ...callerEnv } = env;
  return new Promise((resolve, reject) => {
    const child = spawn(connection.binary, [...connectionArgs(connection), 'attach-session', '-t', session], { env: callerEnv, stdio: 'inherit' });
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
}
