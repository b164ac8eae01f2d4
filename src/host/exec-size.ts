/**
 * Whether Linux can exec a pane's command at all (execve(2) E2BIG), checked before tmux runs it:
 * tmux's child would `_exit(1)` without a word (spawn.c), leaving a blank screen and status 1.
 * Two limits (fs/exec.c): one argument or environment string must be shorter than
 * {@link MAX_ARG_STRLEN}, and all of them together, with a pointer to each, must fit in ARG_MAX
 * (see {@link argMaxOf}). A pane runs two execs: tmux runs `/bin/sh -c <command line>`, then sh
 * runs the app (`exec 'prog' …`), both with the pane's environment. Pure.
 */
import { AppExitedError } from '../errors.js';
import type { PaneCommand } from './argv.js';
import { formatCommand, formatExecCommand } from './quote.js';

/**
 * Linux's limit on one argument or environment string of a program, in bytes with its NUL
 * (MAX_ARG_STRLEN, 32 pages: 131072 with 4 KiB pages, as on x86-64; kernels with larger pages
 * allow more, and are held to this too).
 */
export const MAX_ARG_STRLEN = 131_072;

/** The least ARG_MAX Linux grants whatever the stack limit, in bytes (32 pages). */
const MIN_ARG_MAX = 131_072;

/** The most ARG_MAX Linux grants whatever the stack limit, in bytes (`_STK_LIM / 4 * 3`: 6 MiB). */
const MAX_ARG_MAX = 6 * 1024 * 1024;

/** Bytes of one pointer to an argument or environment string (64-bit). */
const POINTER_BYTES = 8;

/**
 * ARG_MAX of a process whose stack limit (`ulimit -s`, RLIMIT_STACK soft limit) is
 * `stackLimit` bytes: a quarter of it, at most 6 MiB and at least 128 KiB (fs/exec.c
 * `bprm_stack_limits`). With the usual 8 MiB stack: 2 MiB.
 * @param stackLimit In bytes; undefined when unlimited.
 */
export function argMaxOf(stackLimit: number | undefined): number {
  return Math.max(MIN_ARG_MAX, Math.min(MAX_ARG_MAX, stackLimit === undefined ? MAX_ARG_MAX : Math.floor(stackLimit / 4)));
}

/**
 * The soft stack limit in `/proc/<pid>/limits` text (`Max stack size  8388608  unlimited  bytes`).
 * @returns Bytes; undefined when unlimited or not found.
 */
export function parseStackLimit(limits: string): number | undefined {
  const soft = /^Max stack size\s+(\S+)/m.exec(limits)?.[1];
  const bytes = Number(soft);
  return soft === undefined || !Number.isSafeInteger(bytes) ? undefined : bytes;
}

/** What an exec of the pane's command is held to, besides the command and its `env`. */
export interface ExecContext {
  /** ARG_MAX of the pane's processes, in bytes (see {@link argMaxOf}). */
  argMax: number;
  /** The rest of the pane's environment: the server's global environment and what tmux adds (see `tmuxPaneEnv`). */
  env: Readonly<Record<string, string>>;
}

/**
 * What tmux 3.3a adds to a pane's environment (spawn.c), for counting its size: `TMUX`,
 * `TMUX_PANE`, `PWD`, `SHELL` and the `TERM` variables. The session index in `TMUX` is counted
 * at its longest.
 */
export function tmuxPaneEnv(pane: { socketPath: string; serverPid: number; paneId: string; cwd: string }): Record<string, string> {
  return {
    TMUX: `${pane.socketPath},${pane.serverPid},${'9'.repeat(10)}`,
    TMUX_PANE: pane.paneId,
    PWD: pane.cwd,
    SHELL: '/bin/sh',
    TERM: 'tmux-256color',
    TERM_PROGRAM: 'tmux',
    TERM_PROGRAM_VERSION: '3.3a',
  };
}

/** Bytes that `strings` take on a new program's stack: each with its NUL, and a pointer to each. */
function stackBytes(strings: readonly string[]): number {
  return strings.reduce((sum, text) => sum + Buffer.byteLength(text) + 1 + POINTER_BYTES, 0);
}

/**
 * Refuses, before tmux runs it, a pane command whose exec would fail with E2BIG on Linux: the sh
 * command line tmux passes as one argument (see `respawnPaneCommand`) or a `NAME=VALUE` of
 * `pane.env` of {@link MAX_ARG_STRLEN} bytes or more, or arguments and environment that take
 * more than `context.argMax` together (tmux's exec of sh, or sh's exec of the app, whichever is
 * larger). Other platforms are not checked (macOS allows 1 MiB with the environment).
 * @throws {AppExitedError} saying which limit is passed and by what; no process has been started.
 */
export function checkExecSize(pane: PaneCommand, context: ExecContext, platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'linux') return;
  const line = typeof pane.command === 'string' ? pane.command : formatExecCommand(pane.command);
  const refuse = (why: string): never => {
    throw new AppExitedError(`${formatCommand(pane.command)} could not be run: ${why} Pass large data in a file or on stdin instead.`, null, null, '');
  };
  const env = Object.entries({ ...context.env, ...pane.env }).map(([name, value]) => `${name}=${value}`);
  const strings: [string, string][] = [
    ['its sh command line', line],
    ...Object.entries(pane.env ?? {}).map(([name, value]): [string, string] => [`the environment string ${name}=…`, `${name}=${value}`]),
  ];
  for (const [what, text] of strings) {
    const bytes = Buffer.byteLength(text);
    if (bytes >= MAX_ARG_STRLEN)
      refuse(`${what} is ${bytes} bytes, over the ${MAX_ARG_STRLEN - 1} bytes Linux allows one argument or environment string of a program (MAX_ARG_STRLEN).`);
  }
  const shExec = stackBytes(['/bin/sh', 'sh', '-c', line]);
  // The program stands in for the path sh execs (its file name is counted too).
  const appExec = typeof pane.command === 'string' ? 0 : stackBytes([pane.command[0] ?? '', ...pane.command]);
  const total = stackBytes(env) + Math.max(shExec, appExec);
  if (total > context.argMax) {
    refuse(
      `its arguments and environment take ${total} bytes with their pointers, over the ${context.argMax} bytes Linux allows a program ` +
        '(ARG_MAX: a quarter of the stack size limit, `ulimit -s`, at least 128 KiB and at most 6 MiB).',
    );
  }
}
