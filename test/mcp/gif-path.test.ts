import { describe, expect, it } from 'vitest';
import { decideGifWrite, type FoundAtPath } from '../../src/mcp/gif-path.js';

describe('decideGifWrite', () => {
  it.each<[FoundAtPath, ReturnType<typeof decideGifWrite>]>([
    [{ kind: 'missing' }, { write: 'create' }],
    [{ kind: 'file', ours: true }, { write: 'replace' }],
    [
      { kind: 'file', ours: false },
      { refuse: 'Cannot write the GIF out.gif: a file is there that this server did not write; give another path, or delete the file yourself if it may go.' },
    ],
    [
      { kind: 'symbolic link', target: '../notes.txt' },
      {
        refuse:
          'Cannot write the GIF out.gif: it is a symbolic link (to ../notes.txt), and a GIF is not written through one; give another path, or delete the link yourself.',
      },
    ],
    [
      { kind: 'linked folder', folder: '/work/shared', target: '/etc' },
      {
        refuse:
          'Cannot write the GIF out.gif: its folder /work/shared is a symbolic link (to /etc), and a GIF is not written through one; give a path without links.',
      },
    ],
    [
      { kind: 'fifo', ours: false },
      { refuse: 'Cannot write the GIF out.gif: it is a fifo; a GIF is written to a new file (or over one this server wrote): give another path.' },
    ],
    [
      { kind: 'character device', ours: false },
      { refuse: 'Cannot write the GIF out.gif: it is a character device; a GIF is written to a new file (or over one this server wrote): give another path.' },
    ],
    [
      { kind: 'directory', ours: false },
      { refuse: 'Cannot write the GIF out.gif: it is a directory; a GIF is written to a new file (or over one this server wrote): give another path.' },
    ],
  ])('%o → %o', (found, decision) => {
    expect(decideGifWrite('out.gif', found)).toEqual(decision);
  });
});
