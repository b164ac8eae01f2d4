// Run as pid 1 of a pid namespace of its own (see session.test.ts): starts `sleep` in a pane, has
// the session look up the pane's process, ends that process (tmux keeps the dead pane), has Linux
// hand its pid to a new process-group leader (ns_last_pid, writable by the namespace's root), then
// asks the session to signal the pane's foreground. Prints `<pane pid> <stranger pid> <returned>
// <stranger's state>` (read after one more tmux round trip).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { TmuxServer, TmuxSession } from '../../../src/host/index.js';
import { startTicksOf } from '../../../src/host/process-tree.js';
import { poll } from '../../../src/wait.js';
import { afterTick } from './later-tick.js';

const server = await TmuxServer.create();
try {
  const session = await TmuxSession.create(server, { cols: 20, rows: 5 });
  await session.respawnPane({ command: ['sleep', '60'] });
  // The session looks up its pane's process, alive; with `unlooked`, it never does before the death.
  if (process.argv[2] !== 'unlooked') await session.foregroundWait();
  const [line = ''] = await server.command(['display-message', '-p', '-t', session.paneId, '#{pane_pid}']);
  const panePid = Number(line);
  const started = startTicksOf(panePid);
  process.kill(panePid, 'SIGKILL');
  await poll(async () => ((await session.paneStatus()).dead ? true : undefined), { timeout: 5_000, interval: 5 });
  await afterTick(started);
  writeFileSync('/proc/sys/kernel/ns_last_pid', String(panePid - 1));
  const stranger = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
  const returned = await session.signalForeground('SIGTERM');
  await server.command(['display-message', '-p', 'ok']); // a few turns of the event loop: time for a SIGCHLD to arrive
  const state = stranger.exitCode === null && stranger.signalCode === null ? 'running' : 'exited';
  process.stdout.write(`${panePid} ${stranger.pid} ${returned} ${state}\n`);
  stranger.kill('SIGKILL');
} finally {
  await server.dispose();
}
