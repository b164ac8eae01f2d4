// The CLI's --out through the one file writer, as users run it: the built bin (dist/cli/bin.js,
// run `npm run build` first) writing into a FIFO that a reader process drains, and into /dev/null.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathKind } from '../../src/output-file.js';
import { guardDevNull, mkfifo, readFifo } from '../special-files.js';

const root = resolve(import.meta.dirname, '../..');
const bin = join(root, 'dist/cli/bin.js');
const menu = join(root, 'fixtures/menu.mjs');

/** `tmux-shot shot` of the menu fixture (40×12 cells) into `out`. */
function shot(out: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(bin, ['shot', '--cols', '40', '--rows', '12', '--wait-for', 'Quit', '--out', out, '--', 'node', menu]);
}

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'tmux-shot-cli-io-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('tmux-shot shot --out', () => {
  it('streams the PNG into a FIFO, which stays a FIFO, to the process reading it', async () => {
    const fifo = join(dir, 'screen.png');
    mkfifo(fifo);
    const reader = readFifo(fifo);
    try {
      expect(await shot(fifo)).toEqual({ stdout: `${fifo}\n`, stderr: '' });
      expect(pathKind(await stat(fifo))).toBe('fifo');
      const image = PNG.sync.read(await reader.bytes);
      expect([image.width, image.height]).toEqual([4 + 40 * 9 + 4, 4 + 12 * 18 + 4]);
    } finally {
      reader.kill();
    }
  });

  it('writes into /dev/null without replacing it', async () => {
    const { before, after } = await guardDevNull(async () => {
      expect(await shot('/dev/null')).toEqual({ stdout: '/dev/null\n', stderr: '' });
    });
    expect(after).toEqual(before);
  });

  it('refuses a socket before the app runs, with the usage and status 2', async () => {
    const { createServer } = await import('node:net');
    const socket = join(dir, 'sock');
    const server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      const failure = await shot(socket).catch((error: { code: number; stderr: string }) => error);
      expect([(failure as { code: number }).code, (failure as { stderr: string }).stderr.split('\n')[0]]).toEqual([2, `tmux-shot: cannot write ${socket}: it is a socket`]);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
