// Every string we place inside a tmux command is escaped for tmux's parser and for its formats
// (`#` starts a format in pipe-pane, run-shell, respawn-pane -c; pipe-pane also runs strftime,
// so `%`): real servers whose TMPDIR, app cwd, env values and argv hold each awkward string.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { waitForProcessExit } from '../../src/host/process-exit.js';
import { TmuxApp } from '../../src/app/tmux-app.js';

const HELPERS = join(import.meta.dirname, 'helpers');
const STUBBORN = join(import.meta.dirname, '../../fixtures/stubborn.py');

let scratch: string;
// Short: the socket path (in TMPDIR) must fit in a sockaddr_un (107 bytes).
beforeAll(async () => void (scratch = await mkdtemp(join(tmpdir(), 'esc-'))));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const AWKWARD = [
  '#S',
  '#{pane_id}',
  '#(echo injected)',
  '##',
  '#',
  '"double"',
  "'single'",
  'semi;colon',
  '~tilde',
  '$HOME',
  'two  spaces',
  '%d %H strftime',
  'back\\slash',
  'é 日本',
  '#S #{host} #(echo x) ## "d" \'q\' ; ~ $HOME %Y é',
];

/** Runs `body` with TMPDIR set to `dir`. */
async function withTmpdir<T>(dir: string, body: () => Promise<T>): Promise<T> {
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = dir;
  try {
    return await body();
  } finally {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
  }
}

describe('strings inside tmux commands', () => {
  it.each(AWKWARD.map((text, index) => [text, index]))('%j in TMPDIR, cwd, an env value and argv', async (text, index) => {
    const root = join(scratch, String(index));
    const dir = join(root, `t ${text}`);
    const cwd = join(root, `c ${text}`);
    await mkdir(dir, { recursive: true });
    await mkdir(cwd, { recursive: true });
    const server = await withTmpdir(dir, () => TmuxServer.create());
    try {
      expect(server.directory.startsWith(`${dir}/tmux-shot-`)).toBe(true);
      const app = await TmuxApp.start({
        command: ['sh', '-c', 'printf "[%s]" "$PWD" "$AWKWARD" "$0" "$1"; printf "\\n"; exec sleep 1000', text, `${text}!`],
        env: { AWKWARD: text },
        cwd,
        server,
        cols: 250,
        rows: 4,
      });
      expect(app.text().split('\n')[0]).toBe(`[${cwd}][${text}][${text}][${text}!]`);
      await app.close();
    } finally {
      await server.dispose();
    }
    expect(existsSync(server.directory)).toBe(false);
  });
});

describe('the lobby hook (run-shell), when our process is killed outright', () => {
  it('reaps the apps and removes the directory of a server whose TMPDIR holds them all', async () => {
    const dir = join(scratch, AWKWARD.at(-1) ?? '');
    await mkdir(dir, { recursive: true });
    const log = join(scratch, 'stubborn.log');
    const child = await execa(
      process.execPath,
      ['--import', join(HELPERS, 'register-ts.mjs'), join(HELPERS, 'crash-child.ts'), 'sigkill', 'python3', STUBBORN, log, '--daemon', 'HUP', 'TERM'],
      { env: { TMPDIR: dir }, reject: false },
    );
    expect(child.signal).toBe('SIGKILL');
    const { pid, directory } = JSON.parse(child.stdout) as { pid: number; directory: string };
    expect(directory.startsWith(`${dir}/tmux-shot-`)).toBe(true);
    await expect(waitForProcessExit(pid, 5000)).resolves.toBe(true);
    expect(existsSync(directory)).toBe(false);
    await vi.waitFor(async () => expect((await execa('pgrep', ['-f', log], { reject: false })).stdout).toBe(''), { timeout: 5000, interval: 20 });
  });
});
