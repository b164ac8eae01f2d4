/**
 * Whether `tmux-shot mcp` may write a GIF where a client asked (pure). The path comes from a model,
 * so a GIF never replaces what this server did not write, nor writes through a symbolic link.
 */
import type { PathKind } from '../output-file.js';

/** What is at the path, as `lstat` sees it (a symbolic link is not followed). */
export type FoundAtPath =
  | { kind: 'missing' }
  /** A folder of the path (one given, not one created) is a symbolic link: `folder` leads to `target`. */
  | { kind: 'linked folder'; folder: string; target: string }
  | { kind: 'symbolic link'; target: string }
  /** Anything else; `ours` when it is a GIF this server wrote and nobody has changed since. */
  | { kind: Exclude<PathKind, 'missing'>; ours: boolean };

/** How to write the GIF: create a new file, replace our own, or refuse with a message. */
export type GifWrite = { write: 'create' } | { write: 'replace' } | { refuse: string };

/**
 * How a GIF is written to `path` given what is there: a missing path is created, a GIF this server
 * wrote is replaced; a symbolic link (the file, or a folder on the way to it), a file it did not
 * write and anything that is not a regular file are refused, saying what to do instead.
 */
export function decideGifWrite(path: string, found: FoundAtPath): GifWrite {
  const refuse = (why: string) => ({ refuse: `Cannot write the GIF ${path}: ${why}` });
  switch (found.kind) {
    case 'missing':
      return { write: 'create' };
    case 'linked folder':
      return refuse(`its folder ${found.folder} is a symbolic link (to ${found.target}), and a GIF is not written through one; give a path without links.`);
    case 'symbolic link':
      return refuse(`it is a symbolic link (to ${found.target}), and a GIF is not written through one; give another path, or delete the link yourself.`);
    case 'file':
      if (found.ours) return { write: 'replace' };
      return refuse('a file is there that this server did not write; give another path, or delete the file yourself if it may go.');
    default:
      return refuse(`it is a ${found.kind}; a GIF is written to a new file (or over one this server wrote): give another path.`);
  }
}
