import * as fontkit from 'fontkit';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cellMetricsFor, cellRectPx, imageSizePx, MONO_FONT_UNITS } from '../../src/render/metrics.js';

describe('cellMetricsFor', () => {
  it('gives 9×18 px cells with the baseline at 14 for the default 15 px', () => {
    expect(cellMetricsFor({ fontSizePx: 15, scale: 1, paddingPx: 4 })).toEqual({
      scale: 1,
      fontSizePx: 15,
      cellWidthPx: 9,
      cellHeightPx: 18,
      baselinePx: 14,
      paddingPx: 4,
      lineThicknessPx: 1,
      underlineYPx: 15,
      strikeYPx: 10,
    });
  });

  it.each([
    [12, 7, 14],
    [16, 10, 19],
    [20, 12, 24],
    [30, 18, 35],
  ])('gives integer cells for %i px: %i×%i', (fontSizePx, width, height) => {
    const m = cellMetricsFor({ fontSizePx, scale: 1, paddingPx: 0 });
    expect([m.cellWidthPx, m.cellHeightPx]).toEqual([width, height]);
    expect(m.underlineYPx + 3 * m.lineThicknessPx).toBeLessThanOrEqual(m.cellHeightPx);
  });

  it('doubles every dimension at scale 2', () => {
    expect(cellMetricsFor({ fontSizePx: 15, scale: 2, paddingPx: 4 })).toEqual({
      scale: 2,
      fontSizePx: 30,
      cellWidthPx: 18,
      cellHeightPx: 36,
      baselinePx: 28,
      paddingPx: 8,
      lineThicknessPx: 2,
      underlineYPx: 30,
      strikeYPx: 20,
    });
  });
});

describe('image geometry', () => {
  const m = cellMetricsFor({ fontSizePx: 15, scale: 1, paddingPx: 4 });

  it('sizes the image as the grid plus padding on every side', () => {
    expect(imageSizePx(m, { cols: 80, rows: 24 })).toEqual({ widthPx: 728, heightPx: 440 });
  });

  it('locates cells past the padding', () => {
    expect(cellRectPx(m, 0, 0)).toEqual({ xPx: 4, yPx: 4, widthPx: 9, heightPx: 18 });
    expect(cellRectPx(m, 3, 2, 2)).toEqual({ xPx: 31, yPx: 40, widthPx: 18, heightPx: 18 });
  });
});

describe('MONO_FONT_UNITS', () => {
  it('matches the bundled DejaVu Sans Mono', () => {
    const path = createRequire(import.meta.url).resolve('@fontsource/dejavu-mono/files/dejavu-mono-latin-400-normal.woff');
    const font = fontkit.openSync(path) as fontkit.Font;
    expect({
      unitsPerEm: font.unitsPerEm,
      advance: font.glyphForCodePoint(0x41).advanceWidth,
      ascent: font.ascent,
      descent: -font.descent,
      underlinePosition: font.underlinePosition,
      underlineThickness: font.underlineThickness,
      strikeoutPosition: font['OS/2'].yStrikeoutPosition,
    }).toEqual(MONO_FONT_UNITS);
  });
});
