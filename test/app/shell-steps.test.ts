// A Shell's steps on its app: its wait for the first prompt is part of the start, each run one step
// with its command, the typing and waits inside it not logged on their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shell, shellAppOptions } from '../../src/app/shell.js';
import { newMarkNonce } from '../../src/app/shell-marks.js';
import { TmuxApp } from '../../src/app/tmux-app.js';
import { TmuxServer } from '../../src/host/index.js';

let server: TmuxServer;
beforeAll(async () => void (server = await TmuxServer.create()));
afterAll(() => server.dispose());

/** The steps without their times. */
function titled(app: { steps: readonly { kind: string; title: string; error?: string }[] }) {
  return app.steps.map(({ kind, title, error }) => ({ kind, title, error }));
}

describe('Shell steps', () => {
  it('logs the start until the first prompt, then each run as one step, a failed one with why', async () => {
    await using shell = await Shell.start({ shell: 'bash', server, cols: 40, rows: 6 });
    const start = shell.app.steps[0]!;
    // The start lasts until the prompt: past the first output (the prompt's marks and `$ `).
    const firstOutput = shell.app.timeline.events.find((event) => event.kind === 'output')!;
    expect(start.durationMs).toBeGreaterThanOrEqual(firstOutput.atMs);
    await shell.run("printf 'hi'");
    await shell.run('false');
    await expect(shell.run('sleep 1; echo late', { timeout: 200 })).rejects.toThrow();
    await expect(shell.run('a\nb')).rejects.toThrow();
    expect(titled(shell.app)).toEqual([
      { kind: 'start', title: expect.stringMatching(/^start\(\['bash', /), error: undefined },
      { kind: 'run', title: "run('printf \\'hi\\'')", error: undefined },
      { kind: 'run', title: "run('false')", error: undefined },
      {
        kind: 'run',
        title: "run('sleep 1; echo late', { timeout: 200 })",
        error: 'shell.run("sleep 1; echo late"): the bash prompt did not come back within 200 ms.',
      },
      { kind: 'run', title: "run('a\\nb')", error: "shell.run() runs one command line: join commands with ';' or '&&', or run them one by one." },
    ]);
    const slow = shell.app.steps[3]!;
    expect(slow.durationMs).toBeGreaterThanOrEqual(200);
    expect(slow.durationMs).toBeLessThan(1000);
  });

  it('fails the start, not a wait of its own, when the shell exits before its prompt', async () => {
    const nonce = newMarkNonce();
    const app = await TmuxApp.start({ ...shellAppOptions({ shell: 'fish' as const, env: { PATH: '/nonexistent' } }, nonce), server, cols: 40, rows: 3 });
    await expect(Shell.attach(app, 'fish', { nonce })).rejects.toThrow('fish exited (exit status 127) before its prompt came back.');
    expect(titled(app)).toEqual([
      { kind: 'start', title: expect.stringMatching(/^start\(\['fish', /), error: 'fish exited (exit status 127) before its prompt came back.' },
      { kind: 'exit', title: 'exited (exit status 127)', error: undefined },
      { kind: 'close', title: 'close()', error: undefined },
    ]);
  });
});
