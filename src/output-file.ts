/**
 * The one writer of every file tmux-shot is asked to write — baselines, cassettes, attachments,
 * failure screens, GIFs, the CLI's `--out`. First it finds where the bytes go: a path that names a
 * descriptor of this process (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`) is that descriptor,
 * written as it is (its append mode kept, never reopened or truncated, as a shell's `>>` asks), and
 * symlinks are followed to their target, also when it does not exist yet (it is created; the link
 * stays a link). Then what is there decides: a regular file (or nothing) is replaced atomically, a
 * FIFO or a character device (`/dev/null`, a tty) is written as a stream, anything else is refused,
 * so a write never turns a pipe, a device or a shell's redirection into a regular file. A file that
 * must not replace anything (the agent's screenshots) is created exclusively under the next free name.
 */
import type { Stats } from 'node:fs';
import { write } from 'node:fs';
import { lstat, mkdir, readlink, realpath, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import writeAtomic from 'write-file-atomic';
import { ConfigError, TmuxShotError } from './errors.js';
import { systemClock } from './wait.js';

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

/** The standard streams by their `/dev` names. */
const STANDARD_STREAMS: Readonly<Record<string, number>> = { '/dev/stdin': 0, '/dev/stdout': 1, '/dev/stderr': 2 };

/**
 * The descriptor of process `pid` that `path` names (pure): `/dev/stdin`, `/dev/stdout` and
 * `/dev/stderr` (0, 1, 2), `/dev/fd/N`, and `/proc/self/fd/N`, `/proc/thread-self/fd/N` or
 * `/proc/<pid>/fd/N`. Undefined for any other path, another process's descriptors included.
 * @param pid - the process whose descriptors count. @default process.pid
 */
export function namedDescriptor(path: string, pid: number = process.pid): number | undefined {
  const normal = resolve('/', path);
  const standard = STANDARD_STREAMS[normal];
  if (standard !== undefined) return standard;
  const match = /^\/(?:dev|proc\/(self|thread-self|\d+))\/fd\/(\d+)$/.exec(normal);
  if (!match) return undefined;
  const owner = match[1]; // undefined for /dev/fd
  if (owner !== undefined && owner !== 'self' && owner !== 'thread-self' && Number(owner) !== pid) return undefined;
  return Number(match[2]);
}

/** Where the bytes of a write go. */
export type OutputTarget =
  /** A descriptor this process holds, named by the path ({@link namedDescriptor}). */
  | { kind: 'descriptor'; fd: number }
  /** A path with its symlinks followed (the target of a dangling link included), and what is there. */
  | { kind: 'path'; path: string; pathKind: PathKind };

/** Symlinks followed at most, as Linux's own limit (`MAXSYMLINKS`); past it the write fails with ELOOP. */
const MAX_SYMLINKS = 40;

/**
 * Where a write of `path` goes: the descriptor it names, else the path its symlinks lead to (each
 * hop checked for a descriptor's name, so a link to `/dev/stdout` is fd 1), and what is there.
 * Links under `/proc` are the kernel's own and are left to it.
 * @param label - what the file is, for messages. @default 'file'
 * @throws {ConfigError} when `path` names a folder (it ends in `/`, `/.` or `/..`), or what is
 *   there is neither a file nor a stream ({@link writeStrategy} `refuse`); {@link TmuxShotError} naming `path` and the
 *   reason when it cannot be looked at (a loop of symlinks: ELOOP, a folder it may not enter: EACCES).
 */
export async function resolveOutputTarget(path: string, label = 'file'): Promise<OutputTarget> {
  const folderEnd = /(?:^|\/)(\.{1,2})$|\/$/.exec(path);
  if (folderEnd) throw new ConfigError(`Cannot write the ${label} ${path}: the path names a folder (it ends in '${folderEnd[1] ?? '/'}'); give a file name.`);
  let current = resolve(path);
  try {
    for (let hop = 0; hop <= MAX_SYMLINKS; hop++) {
      const fd = namedDescriptor(current);
      if (fd !== undefined) return { kind: 'descriptor', fd };
      const link = current.startsWith('/proc/') ? undefined : await readLink(current);
      if (link === undefined) {
        const kind = pathKind(await stat(current).catch(missingAsUndefined));
        if (writeStrategy(kind) === 'refuse') throw new ConfigError(refusal(label, path, kind));
        return { kind: 'path', path: current, pathKind: kind };
      }
      // A relative target is relative to the link's real folder (`..` after a symlinked folder).
      current = resolve(await realpath(dirname(current)).catch(() => dirname(current)), link);
    }
    throw Object.assign(new Error(`more than ${MAX_SYMLINKS} symbolic links`), { code: 'ELOOP' });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new TmuxShotError(formatWriteFailure(label, path, error as NodeJS.ErrnoException), { cause: error });
  }
}

/** The target of the symlink at `path`; undefined when it is not a symlink or does not exist. */
async function readLink(path: string): Promise<string | undefined> {
  const stats = await lstat(path).catch(missingAsUndefined);
  return stats?.isSymbolicLink() ? readlink(path) : undefined;
}

/** Undefined for ENOENT (nothing there); any other error is thrown. */
function missingAsUndefined(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
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
  EBADF: 'the descriptor is not open for writing',
  ELOOP: 'it is a loop of symbolic links',
  ENOENT: 'no such file or folder',
};

/** A file-system error in the words users know, with its errno code: `permission denied (EACCES)`. */
export function describeFileError(error: NodeJS.ErrnoException): string {
  const reason = error.code && REASONS[error.code];
  return reason ? `${reason} (${error.code})` : error.code ? `${error.code}: ${error.message}` : error.message;
}

/**
 * The message of a failed write of `label` at `path` (pure): the file we were asked to write, the
 * reason in words and its errno code — never the temporary file the atomic write used.
 */
function formatWriteFailure(label: string, path: string, error: NodeJS.ErrnoException): string {
  return `Cannot write the ${label} ${path}: ${describeFileError(error)}.`;
}

/** The message of a refused write: `path` is a `kind` that is neither a file nor a stream. */
function refusal(label: string, path: string, kind: PathKind): string {
  return (
    `Cannot write the ${label} ${path}: it is a ${kind}. Only a regular file (replaced atomically), a missing one, ` +
    `a FIFO or a character device (written as a stream) can be written; choose another path.`
  );
}

/**
 * Writes `data` where `path` leads ({@link resolveOutputTarget}): a descriptor of this process is
 * written as it is (fd 1 and 2 through `process.stdout` and `process.stderr`, which cope with a
 * non-blocking pipe); a regular file or a missing path is replaced atomically (missing folders are
 * created first; write-file-atomic keeps the old file's mode and owner and removes its temporary
 * file on failure or exit); a FIFO or a character device is opened and written as a stream (a FIFO
 * waits for its reader, as `cat >` does).
 * @param label - what the file is, for messages (`'screenshot baseline'`, `'cassette'`…). @default 'file'
 * @throws {ConfigError} when `path` names a folder (it ends in `/`), or is a directory, a socket or
 *   a block device (nothing is written); {@link TmuxShotError} naming `path` and the reason (`permission denied
 *   (EACCES)`, `the file system is read-only (EROFS)`, `the reader closed the pipe (EPIPE)`…) when
 *   the system refuses the write, with the system error as `cause`.
 */
export async function writeOutputFile(path: string, data: Uint8Array | string, label = 'file'): Promise<void> {
  const target = await resolveOutputTarget(path, label);
  const bytes = toBytes(data);
  try {
    if (target.kind === 'descriptor') {
      await writeDescriptor(target.fd, bytes);
    } else if (writeStrategy(target.pathKind) === 'stream') {
      await writeFile(target.path, bytes);
    } else {
      await mkdir(dirname(target.path), { recursive: true });
      await writeAtomic(target.path, bytes);
    }
  } catch (error) {
    throw new TmuxShotError(formatWriteFailure(label, path, error as NodeJS.ErrnoException), { cause: error });
  }
}

/** Writes all of `bytes` to descriptor `fd` at its own position (its append mode kept). */
async function writeDescriptor(fd: number, bytes: Buffer): Promise<void> {
  const stream = fd === 1 ? process.stdout : fd === 2 ? process.stderr : undefined;
  if (stream) return writeStream(stream, bytes);
  for (let offset = 0; offset < bytes.length; ) offset += (await promisify(write)(fd, bytes, offset)).bytesWritten;
}

/**
 * Writes `bytes` to a process stream. A failed write emits 'error' on the stream a tick after the
 * write's callback: the listener stays until then, so the error rejects here and never goes unhandled.
 */
function writeStream(stream: NodeJS.WriteStream, bytes: Buffer): Promise<void> {
  return new Promise((done, fail) => {
    stream.on('error', fail);
    stream.write(bytes, (error) => {
      void systemClock.sleep(0).then(() => stream.off('error', fail));
      if (error) fail(error);
      else done();
    });
  });
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
 * @param mode - the new file's permissions, before the umask (`0o600`: the owner's only). @default 0o666
 * @returns The path written.
 * @throws {TmuxShotError} naming the path and the reason (`permission denied (EACCES)`…) when the
 *   system refuses the write, with the system error as `cause`.
 */
export async function writeNewOutputFile(
  dir: string,
  stem: string,
  extension: string,
  data: Uint8Array | string,
  label = 'file',
  mode = 0o666,
): Promise<string> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new TmuxShotError(formatWriteFailure(label, join(dir, numberedFileName(stem, extension, 1)), error as NodeJS.ErrnoException), { cause: error });
  }
  for (let n = 1; ; n++) {
    const path = join(dir, numberedFileName(stem, extension, n));
    try {
      await writeFile(path, toBytes(data), { flag: 'wx', mode });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new TmuxShotError(formatWriteFailure(label, path, error as NodeJS.ErrnoException), { cause: error });
      }
    }
  }
}

function toBytes(data: Uint8Array | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
