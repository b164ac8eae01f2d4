// A user and pid namespace of its own (`unshare -r --pid --fork --mount-proc`), where the command
// is root and may choose the next pid (ns_last_pid): the tests of pid reuse run their helpers there.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';

const UNSHARE = ['-r', '--pid', '--fork', '--mount-proc'];

/** True when this machine lets a child have a user and pid namespace of its own. */
export const canUnsharePids = spawnSync('unshare', [...UNSHARE, 'true']).status === 0;

/** Runs `argv` as pid 1 of a pid namespace of its own, for at most `options.timeout` ms; its output as text. */
export function runInPidNamespace(argv: readonly string[], options: { timeout: number; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  return spawnSync('unshare', [...UNSHARE, ...argv], { encoding: 'utf8', ...options });
}
