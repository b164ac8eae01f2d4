// Linux tells a process from the last owner of its pid by its start time, in clock ticks (10 ms):
// the helpers that make Linux hand a pid out again wait for a later tick first, as a machine that
// went round all its pids would take far longer than that.
import { killTicks } from '../../../src/host/process-tree.js';
import { poll } from '../../../src/wait.js';

/** Resolves once the clock is two ticks past `startTicks` (a process's start time); at once when it is undefined. */
export async function afterTick(startTicks: number | undefined): Promise<void> {
  if (startTicks === undefined) return;
  const later = await poll(() => ((killTicks() ?? Number.POSITIVE_INFINITY) > startTicks + 1 ? true : undefined), { timeout: 1000, interval: 2 });
  if (!later) throw new Error(`the clock did not pass tick ${startTicks + 1} within 1000 ms`);
}
