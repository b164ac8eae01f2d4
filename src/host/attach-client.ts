/**
 * A real tmux client on the user's own terminal: `tmux -S <socket> attach -t <session>` with this
 * process's stdin, stdout and stderr, in the foreground, for `tmux-shot codegen` and `tmux-shot
 * attach`. It runs with the caller's environment (the user's TERM describes the user's terminal)
 * without TMUX and TMUX_PANE, so it also works from inside another tmux: tmux reads a client's
 * TMUX_PANE as the pane it runs in (cmd-find.c), so the outer server's `%0` named our server's
 * first pane, and tmux 3.3a then ended our control client when the user detached (`C-b C-b d`).
 */
import { spawn } from 'node:child_process';
import type { TmuxConnection } from './connection.js';
import { connectionArgs } from './connection.js';
import { formatExecCommand, shellWord } from './quote.js';

/**
 * Attaches the caller's terminal to `session` (a tmux target: `$3`) and resolves with the client's
 * exit status once it has ended — the user detached, the session went, or the client failed (null
 * when a signal ended it).
 * @param env - the caller's environment; TMUX and TMUX_PANE (another server's) are left out. @default process.env
 * @throws {Error} the spawn error when tmux cannot be started (ENOENT).
 */
export function attachClient(connection: TmuxConnection, session: string, env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  return runInForeground(connection.binary, [...connectionArgs(connection), 'attach-session', '-t', session], env);
}

/** A session of a running tmux server, as a person's client reaches it. */
export interface AttachTarget {
  /** The server's socket (`tmux -S`). */
  socketPath: string;
  /** The session (`$3`). */
  session: string;
}

/**
 * The argv of a client attaching to `target`: `tmux -S <socket> attach -r -t <session>`, `-r`
 * (tmux's read-only client: it sees the screen and may detach, its keys reach no pane) unless
 * `readWrite`. No `-f`: the server runs already, and a client reads no config. Pure.
 */
export function attachArgv(target: AttachTarget, options: { readWrite?: boolean; binary?: string } = {}): string[] {
  return [options.binary ?? 'tmux', '-S', target.socketPath, 'attach', ...(options.readWrite ? [] : ['-r']), '-t', target.session];
}

/**
 * {@link attachArgv} as a command line to paste into a POSIX shell: words that need it single-quoted
 * (`'$3'`, which sh would otherwise expand). Pure.
 * @example formatAttachCommand({ socketPath: '/tmp/tmux-shot-a/socket', session: '$3' }) // "tmux -S /tmp/tmux-shot-a/socket attach -r -t '$3'"
 */
export function formatAttachCommand(target: AttachTarget, options: { readWrite?: boolean } = {}): string {
  return attachArgv(target, options).map(shellWord).join(' ');
}

/**
 * The argv that attaches to `target` with the person's keystrokes logged to `inputLog` as they
 * arrive: util-linux `script -q -f -e -I <log> -O /dev/null -c '<attach>'` (script 2.38; `-I` logs
 * what the terminal sends, `-f` flushes each write, `-e` gives the client's status). Pure.
 */
export function loggedAttachArgv(target: AttachTarget, inputLog: string, options: { readWrite?: boolean } = {}): string[] {
  return ['script', '-q', '-f', '-e', '-I', inputLog, '-O', '/dev/null', '-c', formatExecCommand(attachArgv(target, options))];
}

/**
 * Attaches the caller's terminal to `target`, read-only unless `readWrite`; with `inputLog`, under
 * util-linux `script` (see {@link loggedAttachArgv}). Resolves with the client's exit status once
 * it has ended (null when a signal ended it): the person detached, closed the terminal (SIGHUP
 * reaches script and the client with it), or the session went.
 * @param options.env - the caller's environment; TMUX and TMUX_PANE are left out. @default process.env
 * @throws {Error} the spawn error when tmux or script cannot be started (ENOENT).
 */
export function attachTarget(target: AttachTarget, options: { readWrite?: boolean; inputLog?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number | null> {
  const [binary = 'tmux', ...args] = options.inputLog ? loggedAttachArgv(target, options.inputLog, options) : attachArgv(target, options);
  // script runs its command with $SHELL -c: sh reads the quoting formatExecCommand wrote.
  const env = options.inputLog ? { ...(options.env ?? process.env), SHELL: '/bin/sh' } : options.env;
  return runInForeground(binary, args, env ?? process.env);
}

function runInForeground(binary: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const { TMUX: _tmux, TMUX_PANE: _pane, ...callerEnv } = env;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env: callerEnv, stdio: 'inherit' });
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
}
