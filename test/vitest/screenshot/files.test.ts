import { describe, expect, it } from 'vitest';
import { renderPng } from '../../../src/render/index.js';
import { pngSize } from '../../../src/vitest/screenshot/files.js';
import { readUpdateMode } from '../../../src/vitest/update-mode.js';
import { screen } from '../build-snapshot.js';

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
