/**
 * Issue 14's figures: the first-use cost of each lazily loaded font (open + register with Skia +
 * first glyph drawn), median over fresh module states (Skia and fontkit themselves stay loaded,
 * as they would after the first screenshot of a run), beside the render cost of a plain-text
 * 80x24 screen whose glyphs are cached; and the render cost of a braille-heavy 200x50 screen
 * beside plain text of the same size and colours, warm (glyphs cached) and first (cache empty).
 */
import { test, vi } from 'vitest';
import { type FaceId, faceCandidates } from '../../src/render/face-choice.js';
import { renderScreen } from '../../src/render/index.js';
import { cellMetricsFor } from '../../src/render/metrics.js';
import { palette, ScreenBuilder } from '../render/helpers/screen-builder.js';
import { medianMs, printTable } from './measure.js';

/** A grapheme each face draws first, with its width. */
const FIRST_GLYPHS: [FaceId, string, 1 | 2][] = [
  ['mono', 'A', 1],
  ['mono-bold', 'A', 1],
  ['hebrew', '\u05d0', 1],
  ['thai', '\u0e01', 1],
  ['devanagari', '\u0915', 1],
  ['arabic', '\u0890', 1],
  ['nerd', '\uf115', 1],
  ['cjk', '中', 2],
  ['hangul', '한', 2],
  ['emoji', '😀', 2],
  ['last-resort', '\u4dc0', 1],
];

test('first use of each lazily loaded font vs a plain-text 80x24 render', async () => {
  const metrics = cellMetricsFor({ fontSizePx: 15, scale: 1, paddingPx: 4 });
  renderScreen(new ScreenBuilder(1, 1).text(0, 0, 'A').build()); // loads Skia and fontkit once
  const rows: (string | number)[][] = [];
  for (const [face, chars, width] of FIRST_GLYPHS) {
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      vi.resetModules();
      const fonts = await import('../../src/render/fonts.js');
      const glyphs = await import('../../src/render/glyphs.js');
      // Open the faces tried before this one first, so the figure is this face's alone.
      const codePoints = [...chars].map((c) => c.codePointAt(0)!);
      const bold = face.includes('bold');
      for (const earlier of faceCandidates(chars, width, bold, false)) {
        if (earlier === face) break;
        if (earlier !== 'mono-bold' || bold) fonts.fontFor(earlier, codePoints);
      }
      const before = fonts.openedFontCount();
      const start = performance.now();
      glyphs.glyphFor(chars, width, bold, false, metrics);
      times.push(performance.now() - start);
      if (fonts.openedFontCount() - before !== 1) throw new Error(`${face} opened ${fonts.openedFontCount() - before} fonts for ${chars}`);
    }
    times.sort((a, b) => a - b);
    rows.push([face, JSON.stringify(chars), times[3]!]);
  }
  const ascii = new ScreenBuilder(80, 24);
  for (let row = 0; row < 24; row++) ascii.text(0, row, `${row} The quick brown fox jumps over the lazy dog; 0123456789 !@#$%^&*()[]{}`.slice(0, 80));
  const snapshot = ascii.build();
  renderScreen(snapshot);
  rows.push(['(plain-text 80x24 render, glyphs cached)', '', await medianMs(() => renderScreen(snapshot))]);
  printTable('First use of each font, median ms over 7 fresh module states (open + register + first glyph)', ['face', 'grapheme', 'ms'], rows);
});

/** A 200x50 screen with `glyph(col, row)` in every cell, each row in one of 6 palette colours (as btop colours its graphs). */
function fullScreen(glyph: (col: number, row: number) => string): ReturnType<ScreenBuilder['build']> {
  const builder = new ScreenBuilder(200, 50);
  for (let row = 0; row < 50; row++) {
    const text = Array.from({ length: 200 }, (_, col) => glyph(col, row)).join('');
    builder.text(0, row, text, { fg: palette(1 + (row % 6)) });
  }
  return builder.build();
}

test('braille-heavy 200x50 render vs plain text of the same size', async () => {
  // Every cell braille, all 256 patterns; plain text: printable ASCII but '~', which warms the mono font.
  const braille = fullScreen((col, row) => String.fromCodePoint(0x2800 + (((row * 200 + col) * 37) % 256)));
  const plain = fullScreen((col, row) => String.fromCharCode(33 + ((row * 200 + col) % 93)));
  const first = async (snapshot: typeof braille): Promise<number> => {
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      vi.resetModules();
      const render = await import('../../src/render/index.js');
      render.renderScreen(new ScreenBuilder(1, 1).text(0, 0, '~').build()); // opens the mono font
      const start = performance.now();
      render.renderScreen(snapshot);
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[3]!;
  };
  const rows: (string | number)[][] = [];
  const figures: Record<string, [number, number]> = {};
  for (const [name, snapshot] of [
    ['plain text', plain],
    ['braille', braille],
  ] as const) {
    const firstMs = await first(snapshot);
    renderScreen(snapshot);
    figures[name] = [await medianMs(() => renderScreen(snapshot)), firstMs];
  }
  const [plainWarm, plainFirst] = figures['plain text']!;
  for (const [name, [warm, firstMs]] of Object.entries(figures)) {
    rows.push([name, warm, `${(warm / plainWarm).toFixed(2)}x`, firstMs, `${(firstMs / plainFirst).toFixed(2)}x`]);
  }
  printTable(
    'Render of a 200x50 screen, median ms (warm: glyphs cached; first: glyph cache empty, median of 7 fresh module states)',
    ['screen 200x50', 'warm', 'vs plain', 'first', 'vs plain'],
    rows,
  );
});
