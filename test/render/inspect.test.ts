import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/diff/decode-png.js';
import { formatHex, formatStoredColor, inspectScreen } from '../../src/render/inspect.js';
import { renderPng } from '../../src/render/render-screen.js';
import { ScreenBuilder, palette, rgb } from './helpers/screen-builder.js';
import { pixel } from './helpers/pixels.js';

describe('formatStoredColor', () => {
  it.each([
    [{ kind: 'default' } as const, 'default'],
    [palette(1), 'palette 1'],
    [palette(231), 'palette 231'],
    [rgb(10, 20, 255), '#0a14ff'],
  ])('%j reads %s', (color, text) => {
    expect(formatStoredColor(color)).toBe(text);
  });

  it('writes hex in lower case with two digits a channel', () => {
    expect(formatHex({ r: 0, g: 171, b: 5 })).toBe('#00ab05');
  });
});

/** Full blocks (painted wholly in the drawn foreground) and empty cells (the drawn background) in styles that change the painted colours. */
function styledScreen() {
  return new ScreenBuilder(10, 2)
    .set(0, 0, { chars: '█', fg: palette(1), bold: true })
    .set(1, 0, { chars: '█', fg: rgb(10, 20, 30), bg: palette(4), inverse: true })
    .set(2, 0, { chars: '█', fg: palette(2), dim: true })
    .set(3, 0, { bg: palette(4) })
    .set(4, 0, { inverse: true })
    .set(5, 0, { chars: 'A', italic: true, underline: 'curly', underlineColor: palette(196), strikethrough: true })
    .text(6, 0, 'あ')
    .set(0, 1, { chars: '█', fg: palette(1), bold: true })
    .cursorAt(3, 1)
    .build();
}

describe('inspectScreen', () => {
  it('lists each style once, stored and drawn, with the cells referring to them and the grid in PNG px', () => {
    const screen = inspectScreen(styledScreen(), { scale: 2, boldIsBright: true });
    expect(screen.styles).toEqual([
      { fg: 'palette 1', bg: 'default', underlineColor: 'default', fgDrawn: '#ef2929', bgDrawn: '#000000', attributes: ['bold'] },
      { fg: '#0a141e', bg: 'palette 4', underlineColor: 'default', fgDrawn: '#3465a4', bgDrawn: '#0a141e', attributes: ['inverse'] },
      { fg: 'palette 2', bg: 'default', underlineColor: 'default', fgDrawn: '#274d03', bgDrawn: '#000000', attributes: ['dim'] },
      { fg: 'default', bg: 'palette 4', underlineColor: 'default', fgDrawn: '#ffffff', bgDrawn: '#3465a4', attributes: [] },
      { fg: 'default', bg: 'default', underlineColor: 'default', fgDrawn: '#000000', bgDrawn: '#ffffff', attributes: ['inverse'] },
      {
        fg: 'default',
        bg: 'default',
        underlineColor: 'palette 196',
        fgDrawn: '#ffffff',
        bgDrawn: '#000000',
        attributes: ['italic', 'underline curly', 'strikethrough'],
      },
      { fg: 'default', bg: 'default', underlineColor: 'default', fgDrawn: '#ffffff', bgDrawn: '#000000', attributes: [] },
    ]);
    expect(screen.cells).toEqual([
      [
        ['█', 1, 0],
        ['█', 1, 1],
        ['█', 1, 2],
        ['', 1, 3],
        ['', 1, 4],
        ['A', 1, 5],
        ['あ', 2, 6],
        ['', 0, 6],
        ['', 1, 6],
        ['', 1, 6],
      ],
      [['█', 1, 0], ...Array.from({ length: 9 }, () => ['', 1, 6])],
    ]);
    expect({ cols: screen.cols, rows: screen.rows, grid: screen.grid, cursor: screen.cursor }).toEqual({
      cols: 10,
      rows: 2,
      grid: { xPx: 8, yPx: 8, cellWidthPx: 18, cellHeightPx: 36 },
      cursor: { col: 3, row: 1, visible: true },
    });
  });

  it.each([
    { boldIsBright: true, theme: 'dark' as const },
    { boldIsBright: false, theme: 'dark' as const },
    { boldIsBright: false, theme: 'light' as const },
  ])('gives the colours the PNG paints (%j): a glyph pixel in fgDrawn, an empty cell in bgDrawn', (options) => {
    const snapshot = styledScreen();
    const screen = inspectScreen(snapshot, { ...options, scale: 2 });
    const image = decodePng(renderPng(snapshot, { ...options, scale: 2, cursor: 'hide' }), 'rendered');
    const { xPx, yPx, cellWidthPx, cellHeightPx } = screen.grid;
    const centre = (col: number) => {
      const [r, g, b] = pixel(image, xPx + col * cellWidthPx + cellWidthPx / 2, yPx + cellHeightPx / 2);
      return formatHex({ r, g, b });
    };
    const styleAt = (col: number) => screen.styles[screen.cells[0]![col]![2]]!;
    for (const col of [0, 1, 2]) expect(centre(col)).toBe(styleAt(col).fgDrawn);
    for (const col of [3, 4, 8]) expect(centre(col)).toBe(styleAt(col).bgDrawn);
    expect(styleAt(0).fgDrawn).toBe(options.boldIsBright ? '#ef2929' : '#cc0000');
  });

  it('places the grid at the padding and takes the cell size of the font size and scale', () => {
    expect(inspectScreen(styledScreen(), { paddingPx: 0, fontSizePx: 16 }).grid).toEqual({ xPx: 0, yPx: 0, cellWidthPx: 10, cellHeightPx: 19 });
  });
});
