/** Where cassettes are kept: injected, so agent/ does no file I/O (src/vitest and src/cli implement it). */

/** Reads and writes cassette files. Paths are absolute. */
export interface CassetteStore {
  /** The file's text, or undefined when it does not exist. */
  read(path: string): Promise<string | undefined>;
  /** Writes `text` to `path` (atomically, creating folders). */
  write(path: string, text: string): Promise<void>;
}

/** The pending cassette written beside `path` when a `fallthrough` replay diverged: `<name>.pending.json`. */
export function pendingPath(path: string): string {
  return path.replace(/(\.json)?$/, '.pending.json');
}
