import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import {
  cellMetrics,
  inkReachOf,
  readPngText,
  renderPng,
  renderScreen,
  rendererFingerprint,
  RENDERER_TEXT_KEY,
  resolveRenderOptions,
} from '../../src/render/index.js';
import type { Cell } from '../../src/snapshot.js';
import { colorsIn, pixel, pixelArt } from './helpers/pixels.js';
import { cell, palette, rgb, ScreenBuilder } from './helpers/screen-builder.js';

/** No padding and no cursor, so cell (c, r) starts at (9c, 18r). */
const BARE = { paddingPx: 0, cursor: 'hide' } as const;
const WHITE = [255, 255, 255];
const BLACK = [0, 0, 0];
const cellRect = (col: number, row = 0, cols = 1) => ({ xPx: col * 9, yPx: row * 18, widthPx: cols * 9, heightPx: 18 });
const EMPTY = '.........';
const rows = (count: number, row: string): string[] => Array.from({ length: count }, () => row);

/** Rows 0–17 of the cells, as the list of rows that hold any foreground pixel. */
const litRows = (art: string[]): number[] => art.flatMap((row, y) => (row.includes('#') ? [y] : []));

function one(chars: string, attrs: Partial<Cell> = {}, cols = 2) {
  return new ScreenBuilder(cols, 1).text(0, 0, chars, attrs).build();
}

describe('image size', () => {
  it.each([
    [{}, 728, 440],
    [{ paddingPx: 0 }, 720, 432],
    [{ scale: 2 as const }, 1456, 880],
    [{ fontSizePx: 16, paddingPx: 0 }, 800, 456],
  ])('is cols × cell + 2 × padding for %o', (options, widthPx, heightPx) => {
    const image = renderScreen(new ScreenBuilder(80, 24).build(), options);
    expect([image.widthPx, image.heightPx, image.data.length]).toEqual([widthPx, heightPx, widthPx * heightPx * 4]);
  });

  it('reports the cell metrics of the options', () => {
    expect(cellMetrics({ scale: 2 })).toMatchObject({ cellWidthPx: 18, cellHeightPx: 36, paddingPx: 8 });
  });
});

describe('colours', () => {
  it('paints the padding in the theme background, outside the cells', () => {
    const image = renderScreen(new ScreenBuilder(2, 1).set(0, 0, { bg: palette(1) }).build(), { cursor: 'hide' });
    expect([image.widthPx, image.heightPx]).toEqual([26, 26]);
    expect(pixel(image, 3, 3)).toEqual(BLACK);
    expect(colorsIn(image, 4, 4, 9, 18)).toEqual(new Set(['204,0,0']));
    expect(pixel(image, 13, 4)).toEqual(BLACK);
    expect(pixel(image, 22, 4)).toEqual(BLACK);
  });

  it.each<[string, Partial<Cell>, object, string]>([
    ['default foreground', {}, {}, '255,255,255'],
    ['ANSI red', { fg: palette(1) }, {}, '204,0,0'],
    ['ANSI bright red', { fg: palette(9) }, {}, '239,41,41'],
    ['256-colour cube', { fg: palette(196) }, {}, '255,0,0'],
    ['256-colour grey', { fg: palette(244) }, {}, '128,128,128'],
    ['truecolor', { fg: rgb(1, 2, 3) }, {}, '1,2,3'],
    ['dim', { dim: true }, {}, '128,128,128'],
    ['bold, brightened by default', { bold: true, fg: palette(1) }, {}, '239,41,41'],
    ['bold without boldIsBright', { bold: true, fg: palette(1) }, { boldIsBright: false }, '204,0,0'],
    ['the light theme foreground', {}, { theme: 'light' }, '46,52,54'],
    ['inverse: the background', { inverse: true, bg: palette(4) }, {}, '52,101,164'],
  ])('fills a full block █ exactly with the %s', (_, attrs, options, expected) => {
    const image = renderScreen(one('█', attrs), { ...BARE, ...options });
    expect(colorsIn(image, 0, 0, 9, 18)).toEqual(new Set([expected]));
    expect(colorsIn(image, 9, 0, 9, 18)).not.toContain(expected);
  });

  it('paints a cell background in palette, 256 and truecolor colours', () => {
    const snapshot = new ScreenBuilder(3, 1)
      .set(0, 0, { bg: palette(4) })
      .set(1, 0, { bg: palette(46) })
      .set(2, 0, { bg: rgb(7, 8, 9) })
      .build();
    const image = renderScreen(snapshot, BARE);
    expect(colorsIn(image, 0, 0, 9, 18)).toEqual(new Set(['52,101,164']));
    expect(colorsIn(image, 9, 0, 9, 18)).toEqual(new Set(['0,255,0']));
    expect(colorsIn(image, 18, 0, 9, 18)).toEqual(new Set(['7,8,9']));
  });

  it('swaps colours for inverse: a blank inverse cell shows the foreground', () => {
    const image = renderScreen(new ScreenBuilder(1, 1).set(0, 0, { inverse: true, fg: palette(2) }).build(), BARE);
    expect(colorsIn(image, 0, 0, 9, 18)).toEqual(new Set(['78,154,6']));
  });

  it('draws no glyph and no decoration for invisible text, only its background', () => {
    const attrs: Partial<Cell> = { underline: 'single', strikethrough: true, overline: true, bg: palette(4) };
    const hidden = renderScreen(one('X', { ...attrs, invisible: true }), BARE);
    const shown = renderScreen(one('X', attrs), BARE);
    expect(colorsIn(hidden, 0, 0, 9, 18)).toEqual(new Set(['52,101,164']));
    // The same cell visible: overline (row 0), X, strikethrough (row 10), underline (row 15).
    expect(pixelArt(shown, cellRect(0), WHITE, [52, 101, 164])).toEqual([
      '#########',
      '.........',
      '+#+...+#+',
      '.+#+..+++',
      '.+++.+#+.',
      '..+#+++..',
      '..+++#+..',
      '...+#+...',
      '...+#++..',
      '..+#+#+..',
      '#########',
      '.+#+.+#+.',
      '+#+...+#+',
      '+#+...+++',
      '.........',
      '#########',
      '.........',
      '.........',
    ]);
  });

  it('draws bold and italic text with other faces than regular text', () => {
    const art = (attrs: Partial<Cell>) => pixelArt(renderScreen(one('M', attrs), BARE), cellRect(0), WHITE, BLACK);
    const lit = (rows: string[]): number => rows.join('').split('#').length - 1;
    const blank = rows(4, EMPTY);
    const regular = art({});
    const bold = art({ bold: true });
    const italic = art({ italic: true });
    // DejaVu Sans Mono: Bold's strokes are thicker (7 more full pixels), Oblique's lean right.
    expect(regular).toEqual([
      EMPTY,
      EMPTY,
      '+#+...+#+',
      '+##+.+##+',
      '+#++.++#+',
      '+#++.++#+',
      '+#+#+#+#+',
      '+#.+++.#+',
      '+#.+#+.#+',
      '+#.+++.#+',
      '+#.....#+',
      '+#.....#+',
      '+#.....#+',
      '+#.....#+',
      ...blank,
    ]);
    expect(bold).toEqual([
      EMPTY,
      EMPTY,
      '+##+.+##+',
      '+##+.+##+',
      '+##+.+##+',
      '+#+#+#+#+',
      '+#+#+#+#+',
      '+#++#++#+',
      '+#++#++#+',
      '+#+++++#+',
      '+#+...+#+',
      '+#+...+#+',
      '+#+...+#+',
      '+#+...+#+',
      ...blank,
    ]);
    expect(italic).toEqual([
      EMPTY,
      EMPTY,
      '.+#+...+#',
      '.+#+..+##',
      '.++#+.++#',
      '.#+++++++',
      '+#+++++++',
      '+#++++.++',
      '++.+#++#+',
      '++.++.+#+',
      '++....+#+',
      '#+....++.',
      '#+....++.',
      '#+....#+.',
      ...blank,
    ]);
    expect([regular, bold, italic].map(lit)).toEqual([29, 36, 18]);
  });
});

describe('decorations', () => {
  const decorated = (attrs: Partial<Cell>, options: object = BARE): string[] => {
    const snapshot = new ScreenBuilder(2, 1).set(0, 0, attrs).set(1, 0, attrs).build();
    return pixelArt(renderScreen(snapshot, options), cellRect(0, 0, 2), WHITE, BLACK);
  };

  it('draws a single underline on row 15 and a double one on rows 15 and 17', () => {
    expect(litRows(decorated({ underline: 'single' }))).toEqual([15]);
    expect(decorated({ underline: 'single' })[15]).toBe('##################');
    expect(litRows(decorated({ underline: 'double' }))).toEqual([15, 17]);
  });

  it('draws a curly underline as a wave over rows 15–17, continuing into the next cell', () => {
    const art = decorated({ underline: 'curly' });
    const rowOfColumn = Array.from({ length: 18 }, (_, x) => art.findIndex((row) => row[x] === '#'));
    expect(rowOfColumn).toEqual([16, 15, 15, 15, 16, 17, 17, 17, 16, 15, 15, 15, 16, 17, 17, 17, 16, 15]);
  });

  it('draws dotted and dashed underlines on row 15, patterned along the grid', () => {
    expect(decorated({ underline: 'dotted' })[15]).toBe('#.#.#.#.#.#.#.#.#.');
    expect(decorated({ underline: 'dashed' })[15]).toBe('####..####..####..');
    expect(litRows(decorated({ underline: 'dashed' }))).toEqual([15]);
  });

  it('starts the patterns at the grid, not the image edge', () => {
    const snapshot = new ScreenBuilder(1, 1).set(0, 0, { underline: 'dotted' }).build();
    const art = pixelArt(renderScreen(snapshot, { paddingPx: 4, cursor: 'hide' }), { xPx: 4, yPx: 4, widthPx: 9, heightPx: 18 }, WHITE, BLACK);
    expect(art[15]).toBe('#.#.#.#.#');
  });

  it('draws the underline in the underline colour (SGR 58), else in the foreground', () => {
    const underlined = (attrs: Partial<Cell>) => new ScreenBuilder(1, 1).set(0, 0, { underline: 'single', ...attrs }).build();
    const image = renderScreen(underlined({ underlineColor: palette(1), fg: palette(2) }), BARE);
    expect(colorsIn(image, 0, 15, 9, 1)).toEqual(new Set(['204,0,0']));
    const plain = renderScreen(underlined({ fg: palette(2) }), BARE);
    expect(colorsIn(plain, 0, 15, 9, 1)).toEqual(new Set(['78,154,6']));
  });

  it('draws strikethrough on row 10 and overline on row 0, in the foreground', () => {
    expect(litRows(decorated({ strikethrough: true }))).toEqual([10]);
    expect(decorated({ strikethrough: true })[10]).toBe('##################');
    expect(litRows(decorated({ overline: true }))).toEqual([0]);
  });
});

describe('cursor', () => {
  const withCursor = (chars: string, options: object, visible = true) =>
    renderScreen(new ScreenBuilder(3, 1).text(1, 0, chars).cursorAt(1, 0, visible).build(), { paddingPx: 0, ...options });

  it('fills the cell with a block cursor by default', () => {
    const image = withCursor('', {});
    expect(colorsIn(image, 9, 0, 9, 18)).toEqual(new Set(['255,255,255']));
    expect(colorsIn(image, 0, 0, 9, 18)).toEqual(new Set(['0,0,0']));
  });

  it('redraws the character under a block cursor in the background colour', () => {
    const normal = renderScreen(new ScreenBuilder(3, 1).text(1, 0, 'A').build(), BARE);
    const image = withCursor('A', {});
    for (let y = 0; y < 18; y++) {
      for (let x = 9; x < 18; x++) expect(pixel(image, x, y)).toEqual(pixel(normal, x, y).map((c) => 255 - c));
    }
  });

  it('draws a bar as the 2 left columns and an underline as the 2 bottom rows', () => {
    expect(pixelArt(withCursor('', { cursorStyle: 'bar' }), cellRect(1), WHITE, BLACK)).toEqual(rows(18, '##.......'));
    expect(pixelArt(withCursor('', { cursorStyle: 'underline' }), cellRect(1), WHITE, BLACK)).toEqual([...rows(16, EMPTY), '#########', '#########']);
  });

  it('covers both cells of a wide character', () => {
    const image = renderScreen(new ScreenBuilder(3, 1).text(0, 0, '中').cursorAt(0, 0).build(), { paddingPx: 0, cursorStyle: 'underline' });
    expect(colorsIn(image, 0, 16, 18, 2)).toEqual(new Set(['255,255,255']));
    expect(colorsIn(image, 18, 16, 9, 2)).toEqual(new Set(['0,0,0']));
  });

  it('is not drawn while the app hides it, nor with cursor: hide', () => {
    expect(colorsIn(withCursor('', {}, false), 0, 0, 27, 18)).toEqual(new Set(['0,0,0']));
    expect(colorsIn(withCursor('', { cursor: 'hide' }), 0, 0, 27, 18)).toEqual(new Set(['0,0,0']));
  });
});

describe('glyphs', () => {
  /** Pixels of `rect` that differ from `rgb`. */
  const litIn = (image: ReturnType<typeof renderScreen>, rect: ReturnType<typeof cellRect>, rgb: number[]): number => {
    let count = 0;
    for (let y = rect.yPx; y < rect.yPx + rect.heightPx; y++) {
      for (let x = rect.xPx; x < rect.xPx + rect.widthPx; x++) if (pixel(image, x, y).join(',') !== rgb.join(',')) count++;
    }
    return count;
  };

  it('draws ink that reaches outside its cell over the backgrounds of the cells and rows around it', () => {
    const blue = { bg: palette(4) };
    const screen = new ScreenBuilder(4, 3)
      .text(0, 0, '    ', blue)
      .text(0, 2, '    ', blue)
      .set(0, 1, { chars: ' ', ...blue });
    screen
      .set(1, 1, { chars: '\u0e33', ...blue })
      .set(2, 1, { chars: '\u0e0e\u0e38', ...blue })
      .set(3, 1, { chars: '\u1ea4', ...blue });
    const image = renderScreen(screen.build(), BARE);
    const BLUE = [52, 101, 164];
    // SARA AM's circle in the cell to its left, DO CHADA + SARA U's tail in the row below, the acute of Ấ in the row above.
    expect([litIn(image, cellRect(0, 1), BLUE), litIn(image, cellRect(0, 2, 4), BLUE), litIn(image, cellRect(0, 0, 4), BLUE)]).toEqual([12, 6, 3]);
    expect(pixelArt(image, { xPx: 5, yPx: 19, widthPx: 4, heightPx: 3 }, WHITE, BLUE)).toEqual(['++++', '#+++', '++++']);
  });

  it('clips the character redrawn under a block cursor to the cursor, leaving ink outside it as drawn', () => {
    const screen = (cursor: boolean) => new ScreenBuilder(3, 1).text(1, 0, '\u0e33').cursorAt(1, 0, cursor).build();
    const withCursor = renderScreen(screen(true), { paddingPx: 0 });
    expect(pixelArt(withCursor, cellRect(0), WHITE, BLACK)).toEqual(pixelArt(renderScreen(screen(false), { paddingPx: 0 }), cellRect(0), WHITE, BLACK));
    expect(litIn(withCursor, cellRect(0), BLACK)).toBe(12);
  });

  it('joins box-drawing lines across cells with no gap', () => {
    const art = pixelArt(renderScreen(one('──'), BARE), cellRect(0, 0, 2), WHITE, BLACK);
    expect(art).toEqual([...rows(8, '.'.repeat(18)), '#'.repeat(18), ...rows(9, '.'.repeat(18))]);
  });

  it('draws a CJK character across both of its cells, over both backgrounds', () => {
    const image = renderScreen(one('中', { bg: palette(4) }, 3), BARE);
    const lit = (x0: number, x1: number): number => {
      let count = 0;
      for (let y = 0; y < 18; y++) for (let x = x0; x < x1; x++) if (pixel(image, x, y).join(',') !== '52,101,164') count++;
      return count;
    };
    expect(pixelArt(image, cellRect(0, 0, 2), WHITE, [52, 101, 164])).toEqual([
      '..................',
      '........++........',
      '........++........',
      '........++........',
      '..+############...',
      '..+#++++++++++#...',
      '..+#+...++...+#...',
      '..+#+...++...+#...',
      '..+#+...++...+#...',
      '..+############...',
      '..+#++++++++++#...',
      '..+++...++....+...',
      '........++........',
      '........++........',
      '........++........',
      '..................',
      '..................',
      '..................',
    ]);
    expect([lit(0, 9), lit(9, 18)]).toEqual([50, 41]);
    expect(colorsIn(image, 18, 0, 9, 18)).toEqual(new Set(['0,0,0']));
  });

  it('draws emoji in colour across two cells', () => {
    const image = renderScreen(one('😀', {}, 2), BARE);
    let yellow = 0;
    for (let y = 0; y < 18; y++) {
      for (let x = 0; x < 18; x++) {
        const [r, g, b] = pixel(image, x, y);
        if (r > 180 && g > 120 && b < 90) yellow++;
      }
    }
    expect(yellow).toBe(126);
    // Every pixel not black ('+'): a round face filling both cells.
    expect(pixelArt(image, cellRect(0, 0, 2), [-1], BLACK)).toEqual([
      '..................',
      '.......+++........',
      '....++++++++++....',
      '...++++++++++++...',
      '..++++++++++++++..',
      '..++++++++++++++..',
      ...rows(6, '.++++++++++++++++.'),
      '..++++++++++++++..',
      '..++++++++++++++..',
      '...++++++++++++...',
      '....++++++++++....',
      '......++++++......',
      '..................',
    ]);
    expect([colorsIn(image, 0, 0, 9, 18).size, colorsIn(image, 9, 0, 9, 18).size]).toEqual([80, 79]);
  });

  it('draws tofu, never a system font, for characters no bundled font covers', () => {
    const tofu = ['.........', '.........', '.#######.', ...rows(12, '.#.....#.'), '.#######.', '.........', '.........'];
    for (const chars of ['\u0378', '\u{10fffd}']) {
      expect(pixelArt(renderScreen(one(chars), BARE), cellRect(0), WHITE, BLACK)).toEqual(tofu);
    }
    const wide = pixelArt(renderScreen(one('\u{3fffd}', {}, 2), BARE), cellRect(0, 0, 2), WHITE, BLACK);
    expect(wide[2]).toBe('.################.');
    expect(wide[5]).toBe('.#..............#.');
  });
});

describe('renderPng', () => {
  it('embeds the renderer fingerprint of the options', () => {
    const png = renderPng(one('hi'), { theme: 'light' });
    expect(readPngText(png)).toEqual({ [RENDERER_TEXT_KEY]: rendererFingerprint({ theme: 'light' }) });
    expect(rendererFingerprint({ theme: 'light' })).toMatch(
      /^tmux-shot-render\/2 @fontsource\/dejavu-mono@\S+ (@fontsource-variable\/noto-sans-[a-z]+@\S+ ){4}@azurity\/pure-nerd-font@\S+ (@fontsource-variable\/noto-sans-[a-z]+@\S+ ){2}@fontsource\/unifontex@\S+ @napi-rs\/canvas@\S+ @fontsource\/noto-color-emoji@5\.3\.2 theme=light:[0-9a-f]{12} font=15px cell=9x18 scale=1 padding=4 cursor=show\/block boldIsBright=true$/,
    );
  });

  it('changes the fingerprint with every option that changes pixels', () => {
    const fingerprints = [
      {},
      { theme: 'light' as const },
      { fontSizePx: 16 },
      { scale: 2 as const },
      { paddingPx: 0 },
      { cursor: 'hide' as const },
      { cursorStyle: 'bar' as const },
      { boldIsBright: false },
    ].map((o) => rendererFingerprint(o));
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });

  it('rejects invalid options with a ConfigError', () => {
    const snapshot = one('x');
    expect(() => renderPng(snapshot, { fontSizePx: 3 })).toThrow(ConfigError);
    expect(() => renderPng(snapshot, { fontSizePx: 15.5 })).toThrow('Render option fontSizePx must be an integer from 6 to 72; got 15.5.');
    expect(() => renderPng(snapshot, { scale: 3 as 2 })).toThrow("Render option scale must be one of '1', '2'; got '3'.");
    expect(() => renderPng(snapshot, { theme: 'solarized' as 'dark' })).toThrow("Unknown theme 'solarized'");
  });
});

describe('inkReachOf', () => {
  const options = resolveRenderOptions({});
  it.each([
    { text: 'plain text', bold: false, reach: { above: false, below: false } },
    { text: '', bold: false, reach: { above: false, below: false } },
    { text: '─█▀', bold: false, reach: { above: false, below: false } },
    { text: 'É', bold: false, reach: { above: true, below: false } },
    { text: 'j\u0323\u0324\u0325\u0326\u0327\u0328\u0329\u032a', bold: false, reach: { above: false, below: true } },
    { text: '|', bold: false, reach: { above: false, below: false } },
    { text: '|', bold: true, reach: { above: false, below: true } },
    { text: 'ok Ǻ̈́ j\u0323\u0324\u0325\u0326\u0327\u0328\u0329\u032a', bold: false, reach: { above: true, below: true } },
  ])('says whether a row of $text (bold: $bold) draws ink into the row above or below', ({ text, bold, reach }) => {
    const cells = [...text].length === 0 ? [cell()] : Array.from(new Intl.Segmenter().segment(text), ({ segment }) => cell({ chars: segment, bold }));
    expect(inkReachOf(cells, options)).toEqual(reach);
  });

  it('agrees with the pixels: ink outside the row exactly when it says so', () => {
    const screen = new ScreenBuilder(4, 3).text(1, 1, 'É').build();
    const image = renderScreen(screen, { cursor: 'hide' });
    const { paddingPx, cellHeightPx } = cellMetrics();
    const background = pixel(image, 0, 0);
    const inkedRows = new Set<number>();
    for (let y = paddingPx; y < paddingPx + 3 * cellHeightPx; y++) {
      for (let x = 0; x < image.widthPx; x++) if (pixel(image, x, y).join() !== background.join()) inkedRows.add(Math.floor((y - paddingPx) / cellHeightPx));
    }
    expect([...inkedRows].sort()).toEqual([0, 1]);
    expect(screen.cells.map((row) => inkReachOf(row, resolveRenderOptions({})))).toEqual([
      { above: false, below: false },
      { above: true, below: false },
      { above: false, below: false },
    ]);
  });
});
