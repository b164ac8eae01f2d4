// The CLI's --out through the one file writer, as users run it: the built bin (dist/cli/bin.js,
// run `npm run build` first) writing into a FIFO that a reader process drains, into /dev/null, and
// into its own stdout — a file the shell opened for appending, a pipe, a pipe whose reader left.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
      expect([(failure as { code: number }).code, (failure as { stderr: string }).stderr.split('\n')[0]]).toEqual([
        2,
        `tmux-shot: Cannot write the output ${socket}: it is a socket. Only a regular file (replaced atomically), a missing one, a FIFO or a character device (written as a stream) can be written; choose another path.`,
      ]);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

/** What a run of the bin gave: its exit status, the bytes of its stdout (when piped) and its stderr. */
interface BinRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs the bin with `argv`. `stdout` is a descriptor to hand it (a file opened by the test), or
 * 'pipe'; with `readAtMost`, the test reads that many bytes of the pipe and then closes it, as
 * `| head -c N` does.
 */
function runBin(argv: readonly string[], stdout: number | 'pipe', readAtMost?: number): Promise<BinRun> {
  const child = spawn(bin, argv, { stdio: ['ignore', stdout, 'pipe'] });
  const out: Buffer[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  if (readAtMost === 0) child.stdout!.destroy();
  child.stdout?.on('data', (chunk: Buffer) => {
    out.push(chunk);
    if (readAtMost !== undefined && Buffer.concat(out).length >= readAtMost) child.stdout!.destroy();
  });
  return new Promise((done) => child.on('close', (code) => done({ code, stdout: Buffer.concat(out).subarray(0, readAtMost), stderr })));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('tmux-shot shot -o /dev/stdout', () => {
  const small = ['shot', '--cols', '20', '--rows', '4', '--ready', 'none', '-o', '/dev/stdout', '--', 'true'];

  // `shot -o /dev/stdout -- app >> log.txt`: /dev/stdout leads to log.txt, a regular file, which
  // an atomic replace would rename over. The PNG goes to the descriptor, after what log.txt had.
  it('appends to the file the shell opened for it (>>), which stays the same file', async () => {
    const log = join(dir, 'log.txt');
    await writeFile(log, 'first\n');
    const before = await stat(log);
    const handle = await open(log, 'a');
    const run = await runBin(small, handle.fd).finally(() => handle.close());
    const bytes = await readFile(log);
    expect([run.code, run.stderr, bytes.subarray(0, 6).toString(), bytes.subarray(6, 14).equals(PNG_SIGNATURE), (await stat(log)).ino]).toEqual([
      0,
      '/dev/stdout\n',
      'first\n',
      true,
      before.ino,
    ]);
    expect(PNG.sync.read(bytes.subarray(6)).width).toBe(4 + 20 * 9 + 4);
  });

  it('gives a pipe the PNG alone: the path line goes to stderr', async () => {
    const run = await runBin(small, 'pipe');
    expect([run.code, run.stderr, PNG.sync.read(run.stdout).width]).toEqual([0, '/dev/stdout\n', 4 + 20 * 9 + 4]);
  });

  // A PNG larger than a pipe holds (64 KiB): the write meets the closed pipe (EPIPE).
  it('ends quietly with status 1 when the reader leaves early (| head -c 8)', async () => {
    // At scale 2 the PNG is about 550 kB: far more than a pipe's or socket pair's buffer holds
    // (at scale 1, about 220 kB: it could fit the socket pair's ~210 kB and end with status 0).
    const big = ['shot', '--cols', '200', '--rows', '50', '--scale', '2', '-o', '/dev/stdout', '--', 'sh', '-c', 'head -c 7000 /dev/urandom | base64 -w 200'];
    const run = await runBin(big, 'pipe', 8);
    expect([run.code, run.stderr, run.stdout.equals(PNG_SIGNATURE)]).toEqual([1, '', true]);
  });
});

describe('tmux-shot with a closed stdout', () => {
  it('ends quietly with status 1 when the line naming the file meets a closed pipe', async () => {
    const file = join(dir, 'written.png');
    const run = await runBin(['shot', '--cols', '20', '--rows', '4', '--ready', 'none', '-o', file, '--', 'true'], 'pipe', 0);
    expect([run.code, run.stderr, PNG.sync.read(await readFile(file)).width]).toEqual([1, '', 4 + 20 * 9 + 4]);
  });
});

describe('tmux-shot record -o /dev/stdout --format cast', () => {
  it('writes the asciicast to stdout and its path and size to stderr', async () => {
    const run = await runBin(['record', '--format', 'cast', '--cols', '20', '--rows', '4', '-o', '/dev/stdout', '--', 'echo', 'hi'], 'pipe');
    const header = JSON.parse(run.stdout.toString().split('\n')[0]!) as { version: number; width: number; height: number };
    expect([run.code, run.stderr, header.version, header.width, header.height]).toEqual([0, `/dev/stdout (${run.stdout.length} bytes)\n`, 2, 20, 4]);
  });
});
