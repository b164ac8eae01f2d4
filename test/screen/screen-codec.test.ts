import { describe, expect, it } from 'vitest';
import { decodeScreen, encodeScreen } from '../../src/screen/screen-codec.js';
import { DEFAULT_MODES } from '../../src/snapshot.js';
import type { ScreenSnapshot } from '../../src/snapshot.js';
import { BLANK, palette, row, screen } from '../vitest/build-snapshot.js';

describe('screen codec', () => {
  it('round-trips cells, styles, wide characters, cursor and alternate screen exactly', () => {
    const wide = [
      { ...BLANK, chars: '中', width: 2 as const, fg: palette(2) },
      { ...BLANK, chars: '', width: 0 as const, fg: palette(2) },
    ];
    const original: ScreenSnapshot = {
      ...screen(
        [
          row('┌─┐ ok', 8, { bold: true, bg: { kind: 'rgb', r: 1, g: 2, b: 3 } }),
          [...wide, ...row('x', 6, { underline: 'curly', underlineColor: palette(9) })],
        ],
        8,
      ),
      cursor: { col: 3, row: 1, visible: false, shape: 'block', blinking: false },
      alternateScreen: true,
      modes: { ...DEFAULT_MODES, alternateScreen: true },
    };
    const encoded = encodeScreen(original);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeScreen(encoded)).toEqual(original);
  });

  it('stays small for a full 80×24 screen', () => {
    const rows = Array.from({ length: 24 }, (_, i) => row(`line ${i} ${'text '.repeat(12)}`, 80, i % 3 ? {} : { inverse: true }));
    expect(encodeScreen(screen(rows, 80)).length).toBeLessThan(1200);
  });

  it('returns undefined for anything that is not an encoded screen', () => {
    expect(decodeScreen(undefined)).toBeUndefined();
    expect(decodeScreen('not base64 deflate')).toBeUndefined();
  });
});
