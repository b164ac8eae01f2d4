import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('says a binary that is a directory or not executable could not be run, not that it was not found', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-run-tmux-'));
    try {
      const plain = join(scratch, 'tmux');
      await writeFile(plain, '#!/bin/sh\n');
      await chmod(plain, 0o644);
      for (const binary of [scratch, plain]) {
        const error = await runTmux({ ...server.connection, binary }, [['start-server']]).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(TmuxNotFoundError);
        expect((error as Error).message).toBe(
          `tmux could not be run: '${binary}' is a directory or a file without execute permission (EACCES). ` +
            'Point TMUX_SHOT_TMUX at the tmux binary, or install tmux (Debian/Ubuntu: apt-get install -y tmux; macOS: brew install tmux).',
        );
        expect((error as Error).cause).toBeInstanceOf(Error);
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('names the signal that ended tmux, cuts long stderr in the message, and keeps an Error or nothing as the cause', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'tmux-shot-run-tmux-'));
    try {
      const crashing = join(scratch, 'crashing-tmux');
      await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n');
      await chmod(crashing, 0o755);
      const crashed = await runTmux({ ...server.connection, binary: crashing }, [['start-server']]).catch((caught: unknown) => caught);
      expect(crashed).toBeInstanceOf(TmuxCommandError);
      expect((crashed as Error).message).toBe('tmux start-server was ended by SIGSEGV');
      expect((crashed as Error).cause).toBeUndefined();

      const noisy = join(scratch, 'noisy-tmux');
      await writeFile(noisy, "#!/bin/sh\nhead -c 300000 /dev/zero | tr '\\0' x >&2\nexit 1\n");
      await chmod(noisy, 0o755);
      const error = await runTmux({ ...server.connection, binary: noisy }, [['start-server']]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TmuxCommandError);
      expect((error as TmuxCommandError).stderr).toHaveLength(300_000);
      expect((error as Error).message).toBe(`tmux start-server failed (exit status 1): ${'x'.repeat(2000)}… (298000 more characters in the error's stderr)`);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
