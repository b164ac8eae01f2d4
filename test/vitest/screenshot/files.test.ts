import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPng } from '../../../src/render/index.js';
import { pngSize, readBaseline } from '../../../src/vitest/screenshot/files.js';
import { screen } from '../build-snapshot.js';

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    expect(pngSize(renderPng(screen(['x'], 10)))).toEqual({ widthPx: 98, heightPx: 26 });
  });
});

describe('readBaseline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-baseline-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the bytes of the file, undefined when there is none, and throws any other error', () => {
    const path = join(dir, 'menu.png');
    writeFileSync(path, Buffer.from([1, 2, 3]));
    expect(readBaseline(path)).toEqual(Buffer.from([1, 2, 3]));
    expect(readBaseline(join(dir, 'missing.png'))).toBeUndefined();
    expect(() => readBaseline(dir)).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});
