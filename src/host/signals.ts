/**
 * Signals sent to a pane's foreground: the names we take (pure) and the process group they go to
 * (Linux procfs, as pane-tasks.ts reads it).
 */
import { readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { ConfigError, describeValue } from '../errors.js';
import { closestNames } from '../suggest.js';
import { isProcessGoneError } from './process-table.js';
import { parseTaskStat } from './tty-wait.js';

/** The signal names this platform knows (Node's `os.constants.signals`: `SIGTERM`, `SIGINT`, `SIGUSR1`…). */
const SIGNAL_NAMES = Object.keys(constants.signals) as NodeJS.Signals[];

/**
 * `signal` when it names a signal of this platform, as Node's `process.kill` and execa's
 * `subprocess.kill` name them (`'SIGTERM'`, upper case, with the `SIG`).
 * @throws {ConfigError} for anything else, with the name meant (`'sigterm'`, `'TERM'` → `'SIGTERM'`) or the closest names (`'SIGTREM'` → `'SIGTRAP'`, `'SIGTERM'`).
 */
export function checkSignal(signal: unknown): NodeJS.Signals {
  if (typeof signal === 'string' && (SIGNAL_NAMES as string[]).includes(signal)) return signal as NodeJS.Signals;
  const given = typeof signal === 'string' ? signal : '';
  const upper = given.toUpperCase();
  const meant = [upper, `SIG${upper}`].find((name) => (SIGNAL_NAMES as string[]).includes(name));
  const close = meant === undefined ? closestNames(given, SIGNAL_NAMES) : [meant];
  const hint = close.length > 0 ? ` Did you mean ${close.map((name) => `'${name}'`).join(' or ')}?` : '';
  throw new ConfigError(
    `kill() takes a signal name such as 'SIGTERM', 'SIGINT', 'SIGHUP' or 'SIGUSR1' (Node's os.constants.signals); got ${describeValue(signal)}.${hint}`,
  );
}

/**
 * The foreground process group of the terminal `tty` (`/dev/pts/N`) whose session leader is
 * `panePid`: `tpgid` of `/proc/<panePid>/stat` (the group a person's Ctrl+C reaches: the app, or
 * the job a shell runs). When it cannot be read (not Linux, /proc denied), or `panePid` no longer
 * has the terminal (it closed it and tmux hung it up), `panePid`'s own group: tmux starts the
 * pane's process as a session leader, so without job control that is the app's.
 * @returns undefined once `panePid` has exited (a zombie included).
 */
export function foregroundGroup(panePid: number, tty: string): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${panePid}/stat`, 'latin1');
  } catch (error) {
    return isProcessGoneError(error, process.platform) ? undefined : panePid;
  }
  const parsed = parseTaskStat(stat);
  if (parsed === undefined) return panePid;
  if (parsed.state === 'Z') return undefined;
  const terminal = statSync(tty, { throwIfNoEntry: false }); // gone once tmux has closed the pane
  return terminal !== undefined && parsed.ttyNr === terminal.rdev && parsed.tpgid > 0 ? parsed.tpgid : parsed.pgrp;
}
