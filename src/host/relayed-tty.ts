/**
 * The terminal mode of an app that runs behind a relay with a pty of its own: `tmux-shot codegen`
 * runs the app under util-linux `script` (the pane's process), so the pane's terminal is script's
 * (raw) and the app's is the pty script opened for its child. Read from outside, as
 * `TmuxSession.isCanonical` reads a pane's: `stty -F <that pty> -a` (tty-mode.ts). Linux procfs:
 * the relay's child from `/proc/<pid>/task/<pid>/children`, its terminal from `/proc/<child>/fd/0`.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { HOST } from '../defaults.js';
import { runProcess } from './run-process.js';
import { parseTtyMode, sttyCommand, type TtyMode } from './tty-mode.js';

/**
 * The mode of the terminal the first child of `relayPid` reads (its stdin, a `/dev/pts/N`).
 * @returns undefined when it cannot be read (no child yet or any more, its stdin not a pty, not
 *   Linux, `stty -F` missing); never throws.
 */
export async function readRelayedTtyMode(relayPid: number): Promise<TtyMode | undefined> {
  const tty = relayedTty(relayPid);
  if (tty === undefined) return undefined;
  const stty = await runProcess('stty', sttyCommand(tty), { timeout: HOST.commandTimeout });
  if (stty.exitCode !== 0 || stty.timedOut) return undefined;
  // The child may have exited meanwhile and Linux reuses the lowest free pts: only a mode read while it still uses the pty counts.
  return relayedTty(relayPid) === tty ? parseTtyMode(stty.stdout) : undefined;
}

/** The pty the first child of `relayPid` has as its stdin, or undefined. */
function relayedTty(relayPid: number): string | undefined {
  try {
    const [child] = readFileSync(`/proc/${relayPid}/task/${relayPid}/children`, 'latin1').trim().split(' ');
    if (!child) return undefined;
    const tty = readlinkSync(`/proc/${child}/fd/0`);
    return /^\/dev\/pts\/\d+$/.test(tty) ? tty : undefined;
  } catch {
    return undefined;
  }
}
