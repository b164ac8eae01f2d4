import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../src/geometry.js';
import { cellMetrics, cellRectPx, DARK_THEME, renderScreen, resolveRenderOptions } from '../../src/render/index.js';
import type { RenderOptions } from '../../src/render/index.js';
import { snapColors } from '../../src/record/snap-colors.js';
import { ScreenModel } from '../../src/screen/index.js';
import type { ScreenSnapshot } from '../../src/snapshot.js';

async function screen(bytes: string): Promise<ScreenSnapshot> {
  const model = new ScreenModel({ cols: 6, rows: 2 });
  await model.write(new TextEncoder().encode(bytes));
  const snapshot = model.snapshot();
  model.dispose();
  return snapshot;
}

/** Renders and snaps `snapshot`; returns the image before and after. */
function renderAndSnap(snapshot: ScreenSnapshot, options: Partial<RenderOptions> = {}): { before: RgbaImage; after: RgbaImage } {
  const resolved = resolveRenderOptions({ cursor: 'hide', ...options });
  const before = renderScreen(snapshot, resolved);
  const after = { ...before, data: before.data.slice() };
  snapColors(after, snapshot, resolved, cellMetrics(resolved), 5);
  return { before, after };
}

/** The distinct colours of cell (`col`, `row`) as 'r,g,b' strings. */
function cellColors(image: RgbaImage, col: number, row: number, options: Partial<RenderOptions> = {}): Set<string> {
  const rect = cellRectPx(cellMetrics(options), col, row);
  const colors = new Set<string>();
  for (let y = rect.yPx; y < rect.yPx + rect.heightPx; y++) {
    for (let x = rect.xPx; x < rect.xPx + rect.widthPx; x++) {
      const i = (y * image.widthPx + x) * 4;
      colors.add(`${image.data[i]},${image.data[i + 1]},${image.data[i + 2]}`);
    }
  }
  return colors;
}

/** How many pixels of the `cols` cells from (`col`, `row`) have each colour ('r,g,b'). */
function colorCounts(image: RgbaImage, col: number, row: number, cols = 1): Map<string, number> {
  const rect = cellRectPx(cellMetrics(), col, row, cols);
  const counts = new Map<string, number>();
  for (let y = rect.yPx; y < rect.yPx + rect.heightPx; y++) {
    for (let x = rect.xPx; x < rect.xPx + rect.widthPx; x++) {
      const i = (y * image.widthPx + x) * 4;
      const key = `${image.data[i]},${image.data[i + 1]},${image.data[i + 2]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** The 5 blends render/ would paint from `bg` to `fg` at coverage 0, 64, 128, 191, 255. */
function blends(bg: number[], fg: number[]): Set<string> {
  const mix = (d: number, s: number, a: number): number => d + Math.round(((s - d) * a) / 255);
  return new Set([0, 64, 128, 191, 255].map((a) => [0, 1, 2].map((k) => mix(bg[k]!, fg[k]!, a)).join(',')));
}

describe('snapColors', () => {
  it('snaps a glyph’s anti-aliasing to 5 blends of its cell’s colours, moving no pixel more than half a step', async () => {
    const { before, after } = renderAndSnap(await screen('\x1b[31;44mA'));
    const red = [0xcc, 0, 0];
    const blue = [0x34, 0x65, 0xa4];
    expect(cellColors(before, 0, 0).size).toBe(15); // Skia's anti-aliasing has more levels
    expect(cellColors(after, 0, 0)).toEqual(blends(blue, red));
    expect(colorCounts(after, 0, 0)).toEqual(
      new Map([
        ['52,101,164', 97],
        ['90,76,123', 8],
        ['128,50,82', 14],
        ['166,25,41', 16],
        ['204,0,0', 27],
      ]),
    );
    let worst = 0;
    before.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - after.data[i]!))));
    // At most |fg − bg| · (half a step) = ceil(0xcc · 32 / 255) = 26 in the red channel; 19 here.
    expect(worst).toBe(19);
  });

  it('leaves cells without a glyph and pixels of pure colours untouched', async () => {
    const { before, after } = renderAndSnap(await screen('\x1b[42m  \x1b[0m \x1b[8mhidden'));
    expect(after.data).toEqual(before.data);
  });

  it('snaps the block cursor’s cell between the cursor colour and the background it draws the glyph in', async () => {
    const theme = { ...DARK_THEME, cursor: { r: 0, g: 200, b: 0 } };
    const options = { theme, cursor: 'show' as const };
    const { after } = renderAndSnap(await screen('B\x1b[D'), options);
    expect(cellColors(after, 0, 0, options)).toEqual(blends([0, 200, 0], [0, 0, 0]));
  });

  it('leaves an SGR 58 underline colour exact', async () => {
    const { before, after } = renderAndSnap(await screen('\x1b[4;58;2;0;255;0mx'));
    expect(cellColors(before, 0, 0).has('0,255,0')).toBe(true);
    // The white x snapped to its 5 blends over black; the green underline kept as it is.
    expect(cellColors(after, 0, 0)).toEqual(new Set([...blends([0, 0, 0], [255, 255, 255]), '0,255,0']));
  });

  it('snaps emoji pixels to the 64-colour cube', async () => {
    const { before, after } = renderAndSnap(await screen('\u{1F600}'));
    const emoji = (image: RgbaImage): Set<string> => new Set([...cellColors(image, 0, 0), ...cellColors(image, 1, 0)]);
    expect(emoji(before).size).toBe(137);
    // Every channel one of 0, 85, 170, 255: 14 of the cube's 64 colours, dithered, over the 18×18 px of both cells.
    expect(colorCounts(after, 0, 0, 2)).toEqual(
      new Map([
        ['0,0,0', 131],
        ['255,255,85', 42],
        ['255,170,0', 37],
        ['85,85,0', 23],
        ['255,170,85', 22],
        ['170,170,0', 20],
        ['170,85,0', 14],
        ['170,85,85', 10],
        ['85,85,85', 8],
        ['170,170,85', 5],
        ['85,0,0', 4],
        ['170,170,170', 4],
        ['255,255,0', 2],
        ['255,170,170', 2],
      ]),
    );
  });
});
