import { describe, expect, it } from 'vitest';
import { resolveCellColors, resolveColor } from '../../src/render/cell-colors.js';
import { DARK_THEME, LIGHT_THEME, paletteColor, THEMES } from '../../src/render/theme.js';
import { cell, palette, rgb } from './helpers/screen-builder.js';

describe('paletteColor', () => {
  it.each([
    [0, { r: 0x2e, g: 0x34, b: 0x36 }],
    [1, { r: 0xcc, g: 0, b: 0 }],
    [9, { r: 0xef, g: 0x29, b: 0x29 }],
    [15, { r: 0xee, g: 0xee, b: 0xec }],
    [16, { r: 0, g: 0, b: 0 }],
    [21, { r: 0, g: 0, b: 255 }],
    [46, { r: 0, g: 255, b: 0 }],
    [67, { r: 95, g: 135, b: 175 }],
    [196, { r: 255, g: 0, b: 0 }],
    [231, { r: 255, g: 255, b: 255 }],
    [232, { r: 8, g: 8, b: 8 }],
    [244, { r: 128, g: 128, b: 128 }],
    [255, { r: 238, g: 238, b: 238 }],
  ])('maps index %i to the xterm colour %o', (index, expected) => {
    expect(paletteColor(index, DARK_THEME)).toEqual(expected);
  });

  it('takes 0–15 from the theme', () => {
    const theme = { ...DARK_THEME, palette: DARK_THEME.palette.map((_, i) => ({ r: i, g: i, b: i })) };
    expect(paletteColor(7, theme)).toEqual({ r: 7, g: 7, b: 7 });
  });
});

describe('themes', () => {
  it('has a dark default (white on black) and a light one, both with 16 Tango colours', () => {
    expect(THEMES.dark).toBe(DARK_THEME);
    expect(THEMES.light).toBe(LIGHT_THEME);
    expect(DARK_THEME.background).toEqual({ r: 0, g: 0, b: 0 });
    expect(DARK_THEME.foreground).toEqual({ r: 255, g: 255, b: 255 });
    expect(LIGHT_THEME.background).toEqual({ r: 255, g: 255, b: 255 });
    expect(LIGHT_THEME.foreground).toEqual({ r: 0x2e, g: 0x34, b: 0x36 });
    expect(DARK_THEME.palette).toHaveLength(16);
    expect(LIGHT_THEME.palette).toEqual(DARK_THEME.palette);
  });
});

describe('resolveColor', () => {
  it('maps default to the theme colour of the role', () => {
    expect(resolveColor({ kind: 'default' }, DARK_THEME, 'foreground')).toEqual({ r: 255, g: 255, b: 255 });
    expect(resolveColor({ kind: 'default' }, DARK_THEME, 'background')).toEqual({ r: 0, g: 0, b: 0 });
  });

  it('maps palette and rgb colours', () => {
    expect(resolveColor(palette(4), DARK_THEME, 'background')).toEqual({ r: 0x34, g: 0x65, b: 0xa4 });
    expect(resolveColor(rgb(1, 2, 3), DARK_THEME, 'foreground')).toEqual({ r: 1, g: 2, b: 3 });
  });
});

describe('resolveCellColors', () => {
  const WHITE = { r: 255, g: 255, b: 255 };
  const BLACK = { r: 0, g: 0, b: 0 };
  const RED = { r: 0xcc, g: 0, b: 0 };
  const BRIGHT_RED = { r: 0xef, g: 0x29, b: 0x29 };

  it('uses the theme defaults for a plain cell', () => {
    expect(resolveCellColors(cell(), DARK_THEME, false)).toEqual({ fg: WHITE, bg: BLACK, underline: WHITE });
  });

  it('swaps foreground and background for inverse', () => {
    expect(resolveCellColors(cell({ inverse: true, fg: palette(1) }), DARK_THEME, false)).toEqual({
      fg: BLACK,
      bg: RED,
      underline: BLACK,
    });
  });

  it('moves a dim foreground half-way to the final background', () => {
    expect(resolveCellColors(cell({ dim: true }), DARK_THEME, false).fg).toEqual({ r: 128, g: 128, b: 128 });
    expect(resolveCellColors(cell({ dim: true, fg: rgb(200, 100, 0), bg: rgb(100, 0, 51) }), DARK_THEME, false).fg).toEqual({
      r: 150,
      g: 50,
      b: 26,
    });
    expect(resolveCellColors(cell({ dim: true, inverse: true }), DARK_THEME, false).fg).toEqual({ r: 128, g: 128, b: 128 });
  });

  it('does not brighten bold unless boldIsBright, and then only palette 0–7', () => {
    expect(resolveCellColors(cell({ bold: true, fg: palette(1) }), DARK_THEME, false).fg).toEqual(RED);
    expect(resolveCellColors(cell({ bold: true, fg: palette(1) }), DARK_THEME, true).fg).toEqual(BRIGHT_RED);
    expect(resolveCellColors(cell({ bold: false, fg: palette(1) }), DARK_THEME, true).fg).toEqual(RED);
    expect(resolveCellColors(cell({ bold: true, fg: palette(9) }), DARK_THEME, true).fg).toEqual(BRIGHT_RED);
    expect(resolveCellColors(cell({ bold: true, fg: palette(196) }), DARK_THEME, true).fg).toEqual({ r: 255, g: 0, b: 0 });
    expect(resolveCellColors(cell({ bold: true, fg: rgb(1, 2, 3) }), DARK_THEME, true).fg).toEqual({ r: 1, g: 2, b: 3 });
  });

  it('takes an explicit underline colour, else the final foreground', () => {
    expect(resolveCellColors(cell({ underlineColor: palette(2) }), DARK_THEME, false).underline).toEqual({ r: 0x4e, g: 0x9a, b: 0x06 });
    expect(resolveCellColors(cell({ fg: rgb(9, 9, 9) }), DARK_THEME, false).underline).toEqual({ r: 9, g: 9, b: 9 });
  });
});
