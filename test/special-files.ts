/**
 * Special files for the tests of the one file writer (test/output-file.test.ts, test/cli/io.test.ts,
 * test/vitest/baselines.test.ts): a FIFO and its reader process, a guard that puts /dev/null back
 * if a broken writer replaced it by a regular file (possible as root), and read-only folders.
 */
import { spawn, spawnSync } from 'node:child_process';
import { lstat, rm } from 'node:fs/promises';

/** Makes a FIFO at `path` with mkfifo(1). */
export function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr}`);
}

/** `cat path`, the reader of a FIFO: `bytes` resolves with every byte it read once it exits. */
export function readFifo(path: string): { bytes: Promise<Buffer>; kill: () => void } {
  const reader = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  reader.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((done) => reader.on('close', () => done(Buffer.concat(chunks))));
  return { bytes, kill: () => reader.kill() };
}

/**
 * Runs `work` (which writes to /dev/null), then checks that /dev/null is still the node it was.
 * When it is not, it is made again (`mknod -m 666 /dev/null c 1 3`) so the machine keeps working,
 * and the returned identity shows the change to the test.
 * @returns The inode and device numbers of /dev/null before and after.
 */
export async function guardDevNull(work: () => Promise<unknown>): Promise<{ before: [number, number]; after: [number, number] }> {
  const before = await lstat('/dev/null');
  let after = before;
  try {
    await work();
  } finally {
    after = await lstat('/dev/null');
    if (after.ino !== before.ino || !after.isCharacterDevice()) {
      await rm('/dev/null', { force: true });
      spawnSync('mknod', ['-m', '666', '/dev/null', 'c', '1', '3']);
    }
  }
  return { before: [before.ino, before.rdev], after: [after.ino, after.isCharacterDevice() ? after.rdev : -1] };
}

/** True when this machine lets a child mount in a user and mount namespace of its own (unshare -rm). */
export const canUnshare = spawnSync('unshare', ['-rm', 'true']).status === 0;

/**
 * A command prefix that runs a command with `folder` bind-mounted read-only in a mount namespace
 * of its own: writes there fail with EROFS, as root too, and nothing changes outside the child.
 */
export function readOnlyWrap(folder: string): string[] {
  return ['unshare', '-rm', 'sh', '-c', 'mount --bind -o ro "$0" "$0" && exec "$@"', folder];
}
