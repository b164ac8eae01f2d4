/**
 * The one writer of every file tmux-shot is asked to write — baselines, cassettes, attachments,
 * failure screens, GIFs, the CLI's `--out`. What it does depends on what is at the path now:
 * a regular file (or nothing) is replaced atomically, a FIFO or a character device (`/dev/null`,
 * `/dev/stdout`, a tty) is written as a stream, anything else is refused, so a write never turns
 * a pipe or a device into a regular file. A symlink is followed: its target is written and the
 * link stays (write-file-atomic resolves it with `realpath` before its rename). A file that must
 * not replace anything (the agent's screenshots) is created exclusively under the next free name.
 */
import type { Stats } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import writeAtomic from 'write-file-atomic';
import { ConfigError, TmuxShotError } from './errors.js';

/** What is at a path, as `stat` (following symlinks) sees it. */
export type PathKind = 'missing' | 'file' | 'fifo' | 'character device' | 'directory' | 'socket' | 'block device';

/** How a path of some kind is written. */
export type WriteStrategy = 'replace' | 'stream' | 'refuse';

/** The kind of a path from its `stat` (undefined: nothing there). */
export function pathKind(stats: Stats | undefined): PathKind {
  if (!stats) return 'missing';
  if (stats.isFile()) return 'file';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isCharacterDevice()) return 'character device';
  if (stats.isDirectory()) return 'directory';
  if (stats.isSocket()) return 'socket';
  return 'block device';
}

/**
 * How a path of `kind` is written (pure): `replace` through a temporary file and a rename (a reader
 * never sees half a file, an interrupted write leaves the old one), `stream` by opening it for
 * writing (the only way a pipe's reader or a device gets the bytes), `refuse` for the rest.
 */
export function writeStrategy(kind: PathKind): WriteStrategy {
  switch (kind) {
    case 'missing':
    case 'file':
      return 'replace';
    case 'fifo':
    case 'character device':
      return 'stream';
    default:
      return 'refuse';
  }
}

/** Why a write failed, by errno code: the words users know. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  ENOTDIR: 'a parent of it is not a directory',
  // mkdir -p meets a file where a folder of the path should be
  EEXIST: 'a parent of it is not a directory',
  ENAMETOOLONG: 'the name is too long',
  EISDIR: 'it is a directory',
  EPIPE: 'the reader closed the pipe',
};

/**
 * The message of a failed write of `label` at `path` (pure): the file we were asked to write, the
 * reason in words and its errno code — never the temporary file the atomic write used.
 */
function formatWriteFailure(label: string, path: string, error: NodeJS.ErrnoException): string {
  const reason = error.code && REASONS[error.code];
  const why = reason ? `${reason} (${error.code})` : error.code ? `${error.code}: ${error.message}` : error.message;
  return `Cannot write the ${label} ${path}: ${why}.`;
}

/** The message of a refused write: `path` is a `kind` that is neither a file nor a stream. */
function refusal(label: string, path: string, kind: PathKind): string {
  return (
    `Cannot write the ${label} ${path}: it is a ${kind}. Only a regular file (replaced atomically), a missing one, ` +
    `a FIFO or a character device (written as a stream) can be written; choose another path.`
  );
}

/**
 * Writes `data` to `path` by the {@link writeStrategy} of what is there: a regular file or a
 * missing path is replaced atomically (missing folders are created first; write-file-atomic keeps
 * the old file's mode and owner and removes its temporary file on failure or exit); a FIFO or a
 * character device is opened and written as a stream (a FIFO waits for its reader, as `cat >` does).
 * @param label - what the file is, for messages (`'screenshot baseline'`, `'cassette'`…). @default 'file'
 * @throws {ConfigError} when `path` is a directory, a socket or a block device (nothing is written);
 *   {@link TmuxShotError} naming `path` and the reason (`permission denied (EACCES)`, `the file
 *   system is read-only (EROFS)`…) when the system refuses the write, with the system error as `cause`.
 */
export async function writeOutputFile(path: string, data: Uint8Array | string, label = 'file'): Promise<void> {
  const kind = pathKind(await stat(path).catch(() => undefined));
  const strategy = writeStrategy(kind);
  if (strategy === 'refuse') throw new ConfigError(refusal(label, path, kind));
  const bytes = toBytes(data);
  try {
    if (strategy === 'stream') {
      await writeFile(path, bytes);
    } else {
      await mkdir(dirname(path), { recursive: true });
      await writeAtomic(path, bytes);
    }
  } catch (error) {
    throw new TmuxShotError(formatWriteFailure(label, path, error as NodeJS.ErrnoException), { cause: error });
  }
}

/** The name of try `n` (1-based) of a new file: `stem.ext`, then `stem-2.ext`, `stem-3.ext`… */
export function numberedFileName(stem: string, extension: string, n: number): string {
  return n === 1 ? `${stem}${extension}` : `${stem}-${n}${extension}`;
}

/**
 * Writes `data` to a new file in `dir` under the first free {@link numberedFileName} of `stem` and
 * `extension`: each try creates the file exclusively (`wx`), so writers in this process or another
 * never replace each other's files, nor one already there. Creates `dir` when missing.
 * @param stem - a file stem already safe as a file name (no `/`, not `.` or `..`).
 * @param label - what the file is, for messages. @default 'file'
 * @returns The path written.
 * @throws {TmuxShotError} naming the path and the reason (`permission denied (EACCES)`…) when the
 *   system refuses the write, with the system error as `cause`.
 */
export async function writeNewOutputFile(dir: string, stem: string, extension: string, data: Uint8Array | string, label = 'file'): Promise<string> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new TmuxShotError(formatWriteFailure(label, join(dir, numberedFileName(stem, extension, 1)), error as NodeJS.ErrnoException), { cause: error });
  }
  for (let n = 1; ; n++) {
    const path = join(dir, numberedFileName(stem, extension, n));
    try {
      await writeFile(path, toBytes(data), { flag: 'wx' });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new TmuxShotError(formatWriteFailure(label, path, error as NodeJS.ErrnoException), { cause: error });
      }
    }
  }
}

function toBytes(data: Uint8Array | string): Buffer | string {
  return typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
