// The terminal mode of an app behind util-linux script (as `tmux-shot codegen` runs it): the pty
// of script's child, not the pane's (script keeps that one raw).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatExecCommand, isNoEchoPrompt, readRelayedTtyMode, TmuxServer, TmuxSession } from '../../src/host/index.js';
import { collectOutput } from './helpers/pane-text.js';

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

describe('readRelayedTtyMode', () => {
  it.each([
    ["bash's read -s: line mode, ECHO off (a no-echo prompt)", "read -s -p 'Password: ' pw", 'Password: ', { canonical: true, echo: false }, true],
    ["bash's read: line mode with ECHO", "read -p 'Name: ' name", 'Name: ', { canonical: true, echo: true }, false],
  ])('%s', async (_name, script, shown, mode, noEcho) => {
    await using session = await TmuxSession.create(server, { cols: 40, rows: 8 });
    const output = collectOutput(session);
    const app = formatExecCommand(['bash', '--norc', '--noprofile', '-c', script]);
    await session.respawnPane({ command: ['script', '-q', '-e', '-O', '/dev/null', '-c', app] });
    await output.until((text) => text.includes(shown));
    const [pid = ''] = await server.command(['display-message', '-p', '-t', session.paneId, '#{pane_pid}']);
    // The prompt is drawn just after (read -s) or before (read) the mode is set: read until it holds.
    const read = await vi.waitFor(
      async () => {
        const now = await readRelayedTtyMode(Number(pid));
        expect(now).toEqual(mode);
        return now;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(isNoEchoPrompt(read)).toBe(noEcho);
  });

  it('is undefined when the relay is gone (a pid above any pid_max)', async () => {
    expect(await readRelayedTtyMode(2 ** 22 + 1)).toBeUndefined();
  });
});
