/**
 * The GIF files one `tmux-shot mcp` connection writes: each new, or over one of its own earlier
 * GIFs ({@link decideGifWrite}). A file counts as its own while it is the file it left: the same
 * device, inode, size and modification time (a file replaced or edited since is someone else's).
 */
import type { Stats } from 'node:fs';
import { lstat, mkdir, readlink, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError, TmuxShotError } from '../errors.js';
import { describeFileError, type PathKind, pathKind, writeOutputFile } from '../output-file.js';
import { decideGifWrite, type FoundAtPath } from './gif-path.js';

/** The files a connection wrote, by identity. */
export class GifFiles {
  readonly #written = new Set<string>();

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

function identity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}
