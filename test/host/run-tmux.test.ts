import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TmuxCommandError, TmuxNotFoundError } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { runTmux } from '../../src/host/run-tmux.js';

let server: TmuxServer;
beforeAll(async () => {
  server = await TmuxServer.create();
});
afterAll(() => server.dispose());

describe('runTmux', () => {
  it("returns tmux's stdout without the final newline", async () => {
    await expect(
      runTmux(server.connection, [
        ['display-message', '-p', 'a;'],
        ['display-message', '-p', 'b'],
      ]),
    ).resolves.toBe('a;\nb');
  });

  it('throws TmuxCommandError with the command and stderr when tmux fails', async () => {
    const error = await runTmux(server.connection, [['kill-session', '-t', '$999']]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxCommandError);
    expect((error as TmuxCommandError).message).toBe('tmux kill-session -t "\\$999" failed (exit status 1): can\'t find session: $999');
    expect((error as TmuxCommandError).stderr).toBe("can't find session: $999");
    expect((error as TmuxCommandError).args.slice(-3)).toEqual(['kill-session', '-t', '$999']);
  });

  it('throws TmuxCommandError when tmux exceeds the timeout', async () => {
    const error = await runTmux(server.connection, [['run-shell', 'sleep 1']], { timeout: 100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxCommandError);
    expect((error as Error).message).toBe('tmux run-shell "sleep 1" did not finish within 100 ms');
  });

  it('throws TmuxNotFoundError, with install hints, when the binary does not exist', async () => {
    const connection = { ...server.connection, binary: '/nonexistent/tmux' };
    const error = await runTmux(connection, [['start-server']]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TmuxNotFoundError);
    expect((error as Error).message).toBe(
      "tmux was not found (tried '/nonexistent/tmux'). Install it (Debian/Ubuntu: apt-get install -y tmux; macOS: brew install tmux) " +
        'or point TMUX_SHOT_TMUX at the binary.',
    );
  });
});
