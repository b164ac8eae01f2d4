// Tests that time out inside tmuxApp.start() (the ready text never shows; start would wait 60 s),
// with retries: in the test body and in the fixture's own setup. The test after them, in the same
// worker, lists what they left on the worker's tmux server.
import { execFileSync } from 'node:child_process';
import { readdir, readlink } from 'node:fs/promises';
import { describe, expect, test } from 'tmux-shot/vitest';

const app = (tag) => ['sh', '-c', `echo starting; exec sleep 1000.${process.pid}${tag}`];
const never = { ready: { text: 'never shown' }, timeout: 60_000 };

/** Command lines of live processes that mention `text`. */
function processesMentioning(text) {
  try {
    return execFileSync('pgrep', ['-a', '-f', text], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line && !line.includes('pgrep'));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

// The worker's server first: its start (up to 0.5 s with two suites loading the machine) would
// otherwise count against the next test's 500 ms.
test("starts the worker's tmux server", async ({ tmuxServer }) => {
  expect(await tmuxServer.command(['list-sessions', '-F', '#{session_name}'])).toContain('tmux-shot-lobby');
});

test('times out in start() called by the test', { timeout: 500, retry: 2 }, async ({ tmuxApp }) => {
  await tmuxApp.start({ command: app(1), ...never });
});

describe('with the command in tmuxOptions', () => {
  test.override({ tmuxOptions: { command: app(2), ...never } });

  // No retry: Vitest 4.1 never sets a fixture up again once its setup has failed, so a retry gets
  // it undefined (vitest-dev/vitest#11237).
  test('times out in start() called by the fixture', { timeout: 500 }, async ({ tmuxApp }) => {
    tmuxApp.text();
  });
});

/** This process's open files under `directory`: a pane output's FIFO read here is one. */
async function filesOpenIn(directory) {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target.startsWith(`${directory}/`));
}

// The worker's server keeps one spare session (idle `cat`, its FIFO and reader) for the next app.
// The reader is this process (Vitest's forks pool: the FIFO is opened here), not a `cat`.
test('leaves no session, pane reader, FIFO or app behind, only the spare session', async ({ tmuxServer }) => {
  const left = {
    panes: await tmuxServer.command(['list-panes', '-a', '-F', '#{?#{==:#{session_name},tmux-shot-lobby},lobby,#{pane_start_command}}']),
    fifos: (await readdir(tmuxServer.directory)).filter((name) => name.endsWith('.fifo')).length,
    readers: processesMentioning(`${tmuxServer.directory}/pane-`).length + (await filesOpenIn(tmuxServer.directory)).length,
    apps: processesMentioning(`sleep 1000.${process.pid}`).length,
  };
  expect(left, `left behind: ${JSON.stringify(left)}`).toEqual({ panes: ['cat', 'lobby'], fifos: 1, readers: 1, apps: 0 });
});
