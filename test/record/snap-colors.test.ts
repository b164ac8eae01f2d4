import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../src/geometry.js';
import { cellMetrics, cellRectPx, DARK_THEME, renderScreen, resolveRenderOptions } from '../../src/render/index.js';
import type { RenderOptions } from '../../src/render/index.js';
import { snapColors } from '../../src/record/snap-colors.js';
import { ScreenModel } from '../../src/screen/index.js';
import type { ScreenSnapshot } from '../../src/screen/index.js';

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
    const original = cellColors(before, 0, 0);
    expect(original.size).toBeGreaterThan(5); // Skia's anti-aliasing has more levels
    const snapped = cellColors(after, 0, 0);
    expect([...snapped].every((c) => blends(blue, red).has(c))).toBe(true);
    expect(snapped.size).toBeGreaterThanOrEqual(4);
    let worst = 0;
    before.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - after.data[i]!))));
    expect(worst).toBeLessThanOrEqual(Math.ceil((0xcc * 32) / 255)); // |fg − bg| · (half a step) in the red channel
  });

  it('leaves cells without a glyph and pixels of pure colours untouched', async () => {
    const { before, after } = renderAndSnap(await screen('\x1b[42m  \x1b[0m \x1b[8mhidden'));
    expect(after.data).toEqual(before.data);
  });

  it('snaps the block cursor’s cell between the cursor colour and the background it draws the glyph in', async () => {
    const theme = { ...DARK_THEME, cursor: { r: 0, g: 200, b: 0 } };
    const options = { theme, cursor: 'show' as const };
    const { after } = renderAndSnap(await screen('B\x1b[D'), options);
    const snapped = cellColors(after, 0, 0, options);
    expect(snapped.has('0,200,0')).toBe(true);
    expect([...snapped].every((c) => blends([0, 200, 0], [0, 0, 0]).has(c))).toBe(true);
  });

  it('leaves an SGR 58 underline colour exact', async () => {
    const { before, after } = renderAndSnap(await screen('\x1b[4;58;2;0;255;0mx'));
    expect(cellColors(before, 0, 0).has('0,255,0')).toBe(true);
    expect(cellColors(after, 0, 0).has('0,255,0')).toBe(true);
  });

  it('snaps emoji pixels to the 64-colour cube', async () => {
    const { before, after } = renderAndSnap(await screen('\u{1F600}'));
    const emoji = (image: RgbaImage): Set<string> => new Set([...cellColors(image, 0, 0), ...cellColors(image, 1, 0)]);
    expect(emoji(before).size).toBeGreaterThan(64);
    const cube = new Set([0, 85, 170, 255]);
    const offCube = [...emoji(after)].filter((c) => !c.split(',').every((v) => cube.has(Number(v))));
    expect(offCube.every((c) => blends([0, 0, 0], [255, 255, 255]).has(c))).toBe(true);
    expect(emoji(after).size).toBeLessThanOrEqual(64 + 5);
  });
});
