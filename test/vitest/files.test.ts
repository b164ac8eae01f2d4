import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPng } from '../../src/render/index.js';
import { writeFileAtomic } from '../../src/vitest/atomic-write.js';
import { pngSize } from '../../src/vitest/screenshot-files.js';
import { readUpdateMode } from '../../src/vitest/update-mode.js';
import { screen } from './build-snapshot.js';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'tmux-shot-files-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('creates folders and leaves no temporary file behind', async () => {
    const path = join(dir, 'a/b/c.png');
    await writeFileAtomic(path, 'one');
    await writeFileAtomic(path, 'two');
    expect(await readFile(path, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'a/b'))).toEqual(['c.png']);
  });

  it('removes the temporary file and rethrows when the rename fails', async () => {
    const path = join(dir, 'target');
    await mkdir(path); // a file cannot be renamed over a directory
    await expect(writeFileAtomic(path, 'new')).rejects.toThrow(/EISDIR/);
    expect(await readdir(dir)).toEqual(['target']);
  });
});

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    expect(pngSize(renderPng(screen(['x'], 10)))).toEqual({ widthPx: 98, heightPx: 26 });
  });
});

describe('readUpdateMode', () => {
  it.each([
    [{ snapshotUpdateState: 'all' }, 'all'],
    [{ _updateSnapshot: 'none' }, 'none'],
    [undefined, 'new'],
  ])('%j -> %s', (snapshotState, mode) => {
    expect(readUpdateMode({ snapshotState } as never)).toBe(mode);
  });

  // The modes of real runs (new locally, none in CI, all with -u) are checked in plugin.test.ts.
});
