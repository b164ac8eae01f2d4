/**
 * The GIF files one `tmux-shot mcp` connection writes: each new, or over one of its own earlier
 * GIFs ({@link decideGifWrite}). A file counts as its own while it is the file it left: the same
 * device, inode, size and modification time (a file replaced or edited since is someone else's).
 * GIFs without a path go to the connection's own private folder, readable by its owner only.
 */
import type { Stats } from 'node:fs';
import { lstat, mkdir, mkdtemp, readlink, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { ConfigError, TmuxShotError } from '../errors.js';
import { describeFileError, type PathKind, pathKind, writeNewOutputFile, writeOutputFile } from '../output-file.js';
import { decideGifWrite, type FoundAtPath } from './gif-path.js';

/** The files a connection wrote, by identity. */
export class GifFiles {
  readonly #written = new Set<string>();
  #folder: Promise<string> | undefined;

  /**
   * Writes `gif` of session `session` to a new file in this connection's private folder
   * (`$TMPDIR/tmux-shot-mcp-XXXXXX/`, created on first use with mode 0700 by `mkdtemp`):
   * `s1.gif`, then `s1-2.gif`…, each with mode 0600. The folder and its GIFs stay after the server ends.
   * @returns The path written.
   * @throws {TmuxShotError} naming the path and the reason when the system refuses the write.
   */
  async writeTemp(session: string, gif: Uint8Array): Promise<string> {
    this.#folder ??= mkdtemp(join(tmpdir(), 'tmux-shot-mcp-')).catch((error: unknown) => {
      this.#folder = undefined;
      throw new TmuxShotError(`Cannot make a folder for the GIF in ${tmpdir()}: ${describeFileError(error as NodeJS.ErrnoException)}.`, { cause: error });
    });
    const written = await writeNewOutputFile(await this.#folder, session, '.gif', gif, 'GIF', 0o600);
    await this.remember(written);
    return written;
  }

  /**
   * Writes `gif` to the absolute path `path`: creates it (and its missing folders) when nothing is
   * there, replaces it atomically when it is a GIF of this connection.
   * @param asked - the path as the client gave it, for messages.
   * @throws {ConfigError} when something else is there (a symbolic link, a file this connection did not
   *   write, a folder…): nothing is written; {@link TmuxShotError} naming the path and the reason when
   *   the system refuses the write.
   */
  async write(path: string, asked: string, gif: Uint8Array): Promise<void> {
    const decision = decideGifWrite(asked, await this.#find(path, asked));
    if ('refuse' in decision) throw new ConfigError(decision.refuse);
    if (decision.write === 'replace') {
      await writeOutputFile(path, gif, 'GIF');
    } else {
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, gif, { flag: 'wx' }); // fails, replacing nothing, when a file appeared meanwhile
      } catch (error) {
        throw new TmuxShotError(`Cannot write the GIF ${asked}: ${describeFileError(error as NodeJS.ErrnoException)}.`, { cause: error });
      }
    }
    await this.remember(path);
  }

  /** Counts the file now at `path` (just written by this connection) as its own. */
  async remember(path: string): Promise<void> {
    this.#written.add(identity(await stat(path)));
  }

  async #find(path: string, asked: string): Promise<FoundAtPath> {
    const linked = await linkedFolder(path, asked).catch((error: unknown) => {
      throw new TmuxShotError(`Cannot write the GIF ${asked}: ${describeFileError(error as NodeJS.ErrnoException)}.`, { cause: error });
    });
    if (linked) return linked;
    let stats: Stats;
    try {
      stats = await lstat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw new TmuxShotError(`Cannot write the GIF ${asked}: ${describeFileError(error as NodeJS.ErrnoException)}.`, { cause: error });
    }
    if (stats.isSymbolicLink()) return { kind: 'symbolic link', target: await readlink(path) };
    const kind = pathKind(stats) as Exclude<PathKind, 'missing'>; // never 'missing' for stats
    return { kind, ours: this.#written.has(identity(stats)) };
  }
}

/**
 * The first folder of `path` the client named that is a symbolic link: for an absolute path every
 * folder of it, for a relative one those below the server's folder (which the client did not name).
 * Folders not there yet are created, so the walk stops at the first missing one.
 */
async function linkedFolder(path: string, asked: string): Promise<FoundAtPath | undefined> {
  let folder = isAbsolute(asked) ? '/' : process.cwd();
  for (const part of relative(folder, dirname(path))
    .split(sep)
    .filter((part) => part !== '')) {
    folder = join(folder, part);
    const stats = await lstat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!stats) return undefined;
    if (stats.isSymbolicLink()) return { kind: 'linked folder', folder, target: await readlink(folder) };
  }
  return undefined;
}

function identity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}
