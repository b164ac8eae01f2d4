import { describe, expect, it } from 'vitest';
import { renderPng } from '../../../src/render/index.js';
import { pngSize } from '../../../src/vitest/screenshot/files.js';
import { screen } from '../build-snapshot.js';

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    expect(pngSize(renderPng(screen(['x'], 10)))).toEqual({ widthPx: 98, heightPx: 26 });
  });
});
