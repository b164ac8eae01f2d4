/**
 * Issue 14's figures: the first-use cost of each lazily loaded font (open + register with Skia +
 * first glyph drawn), median over fresh module states (Skia and fontkit themselves stay loaded,
 * as they would after the first screenshot of a run), beside the render cost of a plain-text
 * 80x24 screen whose glyphs are cached.
 */
import { test, vi } from 'vitest';
import { type FaceId, faceCandidates } from '../../src/render/face-choice.js';
import { renderScreen } from '../../src/render/index.js';
import { cellMetricsFor } from '../../src/render/metrics.js';
import { ScreenBuilder } from '../render/helpers/screen-builder.js';
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
