// endProcessTree on processes started here (not by tmux), found by their session: through procfs,
// and through the process group where there is no procfs (the macOS path, which Linux has too).
import { spawn } from 'node:child_process';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { HOST } from '../../src/defaults.js';
import { endProcessTree, killProcessTreeSync, processClock, processGroupView, procfsView } from '../../src/host/process-tree.js';
import type { ProcessScope } from '../../src/host/process-table.js';

/** Live processes whose command line matches `pattern` (pgrep -f). */
async function processesMatching(pattern: string): Promise<string[]> {
  const { stdout } = await execa('pgrep', ['-a', '-f', pattern], { reject: false });
  return stdout.split('\n').filter((line) => line !== '' && !line.includes('pgrep'));
}

/**
 * Starts `sh -c script` as the leader of a new session (as tmux starts a pane's process) and
 * resolves with the scope of that session once the script has printed "ready".
 */
async function startSession(script: string): Promise<ProcessScope> {
  const since = processClock();
  const leader = spawn('sh', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => leader.stdout.on('data', (bytes: Buffer) => bytes.toString().includes('ready') && resolve()));
  leader.stdout.destroy();
  leader.unref();
  return { tmuxPrefix: 'not a tmux process', panes: [{ pid: leader.pid ?? 0 }], since };
}

describe.each([
  ['procfs', procfsView],
  ['process groups', processGroupView],
])('endProcessTree through %s', (_, view) => {
  it('sends SIGTERM, then SIGKILL, to processes that ignore them', async () => {
    const sleeper = `sleep 1000.${process.pid}${view === procfsView ? 1 : 2}`; // a command line no other process has
    const scope = await startSession(`trap '' HUP TERM; ${sleeper} & echo ready; wait`);
    // `echo ready` can come before the background job has exec'd sleep.
    await expect.poll(() => processesMatching(`^${sleeper}$`)).toHaveLength(1);
    const started = performance.now();
    await endProcessTree(scope, view);
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOST.hangupGrace + HOST.terminateGrace);
    expect(await processesMatching(sleeper)).toEqual([]);
    expect(view.survey(scope)).toEqual([]);
  });

  it('resolves at once when nothing is left', async () => {
    const started = performance.now();
    await endProcessTree({ tmuxPrefix: 'not a tmux process', panes: [{ pid: 2 ** 22 + 1 }], since: processClock() }, view);
    expect(performance.now() - started).toBeLessThan(HOST.hangupGrace);
  });
});

describe('killProcessTreeSync', () => {
  it('sends SIGKILL at once, to processes that ignore everything else', async () => {
    const sleeper = `sleep 1000.${process.pid}3`;
    const scope = await startSession(`trap '' HUP TERM; ${sleeper} & echo ready; wait`);
    killProcessTreeSync(scope);
    await expect.poll(() => processesMatching(sleeper), { timeout: HOST.hangupGrace }).toEqual([]);
  });
});
