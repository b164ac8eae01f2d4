import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import type { RgbaImage } from '../../src/geometry.js';
import { cellMetrics, cellRectPx, DARK_THEME, imageSizePx, renderScreen, resolveCellColors } from '../../src/render/index.js';
import { encodeGif, formatAsciicast, parseAsciicast, Timeline } from '../../src/record/index.js';
import { ScreenModel } from '../../src/screen/index.js';
import type { ScreenSnapshot } from '../../src/snapshot.js';
import { decodeGif, gifComments, rgbAt } from './decode-gif.js';
import { dashboardSession, typingSession } from './sessions.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The screen at the end of `timeline`, replayed in one go. */
async function finalScreen(timeline: Timeline): Promise<ScreenSnapshot> {
  const model = new ScreenModel(timeline.size);
  for (const event of timeline.events) {
    if (event.kind === 'output') await model.write(event.bytes);
    else model.resize(event);
  }
  const snapshot = model.snapshot();
  model.dispose();
  return snapshot;
}

/** Compares a decoded canvas with a PNG render: the largest channel difference, and pixels of pure cell colours that differ. */
function compareWithRender(canvas: Uint8Array, render: RgbaImage, snapshot: ScreenSnapshot): { worst: number; pureMismatches: number } {
  const pure = new Set<string>([`${DARK_THEME.background.r},${DARK_THEME.background.g},${DARK_THEME.background.b}`]);
  for (const cell of snapshot.cells.flat()) {
    const { fg, bg } = resolveCellColors(cell, DARK_THEME, false);
    pure.add(`${fg.r},${fg.g},${fg.b}`).add(`${bg.r},${bg.g},${bg.b}`);
  }
  let worst = 0;
  let pureMismatches = 0;
  for (let i = 0; i < render.data.length; i += 4) {
    const diff = Math.max(...[0, 1, 2].map((k) => Math.abs(canvas[i + k]! - render.data[i + k]!)));
    worst = Math.max(worst, diff);
    if (diff > 0 && pure.has(`${render.data[i]},${render.data[i + 1]},${render.data[i + 2]}`)) pureMismatches++;
  }
  return { worst, pureMismatches };
}

/** The largest channel difference between two RGBA buffers of the same size. */
function maxDifference(a: Uint8Array, b: Uint8Array): number {
  let worst = 0;
  a.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - b[i]!))));
  return worst;
}

/** GIF delays of frames at `times` ending at `endMs`, by the running-total rounding the encoder promises. */
function expectedDelays(times: number[], endMs: number): number[] {
  const cs = [...times, endMs].map((t) => Math.round(t / 10));
  return cs.slice(1).map((c, i) => c - cs[i]!);
}

describe('encodeGif', () => {
  it('gives the typing session a frame per keystroke and per chunk, with their delays', async () => {
    const { timeline, typedAtMs, chunksAtMs } = typingSession();
    const gif = decodeGif(await encodeGif(timeline));
    const times = [0, ...typedAtMs, ...chunksAtMs];
    expect(gif.frames).toHaveLength(45);
    expect(gif.frames.map((f) => f.delay)).toEqual(expectedDelays(times, timeline.endMs));
    expect(gif.frames.at(-1)!.delay).toBe(150);
    expect([gif.width, gif.height, gif.loopCount]).toEqual([728, 440, 0]);
    expect(gif.frames.every((f) => f.disposal === 1 && f.transparent_index === 0)).toBe(true);
  });

  it('draws the last frame like the PNG screenshot of the same screen: pure colours exact, anti-aliasing within half a step', async () => {
    const { timeline } = typingSession();
    const gif = decodeGif(await encodeGif(timeline));
    const snapshot = await finalScreen(timeline);
    const png = renderScreen(snapshot, { cursor: 'show' });
    const last = gif.canvases.at(-1)!;
    // Half an anti-aliasing step is 32 (a quarter of 255, halved); the worst pixel is 30 off.
    expect(compareWithRender(last, png, snapshot)).toEqual({ worst: 30, pureMismatches: 0 });
    // Known cells: the top-left padding, a green prompt cell's background, the block cursor (white) at 21,23.
    const m = cellMetrics();
    const cursor = cellRectPx(m, 21, 23);
    const promptCell = cellRectPx(m, 0, 23);
    expect(rgbAt(last, gif.width, 0, 0)).toEqual([0, 0, 0]);
    expect(rgbAt(last, gif.width, promptCell.xPx, promptCell.yPx)).toEqual([0, 0, 0]);
    expect(rgbAt(last, gif.width, cursor.xPx + 4, cursor.yPx + 9)).toEqual([255, 255, 255]);
    expect(rgbAt(png.data, png.widthPx, cursor.xPx + 4, cursor.yPx + 9)).toEqual([255, 255, 255]);
  });

  it('sends only the changed rectangle after the first frame, unchanged pixels in it transparent', async () => {
    const { timeline } = typingSession();
    const gif = await encodeGif(timeline);
    const decoded = decodeGif(gif);
    const m = cellMetrics();
    // The first keystroke changes two cells: the character and the cursor moving on.
    const key = cellRectPx(m, 21, 20, 2);
    expect(decoded.frames[1]).toMatchObject({ x: key.xPx, y: key.yPx, width: key.widthPx, height: key.heightPx });
    // A scroll changes most rows, but the black between the glyphs stays transparent.
    // The bounding box of the pixels that changed: from the first lit row of row 0 to the grid's bottom.
    const scroll = decoded.frames[31]!;
    expect([scroll.x, scroll.y, scroll.width, scroll.height]).toEqual([4, 5, 503, 431]);
    const sentinel = new Uint8Array(decoded.width * decoded.height * 4).fill(7);
    const { GifReader } = (await import('omggif')).default;
    new GifReader(gif).decodeAndBlitFrameRGBA(31, sentinel);
    let transparent = 0;
    for (let i = 0; i < sentinel.length; i += 4) if (sentinel[i] === 7) transparent++;
    // Outside the rectangle everything is transparent; inside it, 192046 of its 216793 pixels.
    expect(transparent - (decoded.width * decoded.height - scroll.width * scroll.height)).toBe(192_046);
  });

  it('encodes the timeline as it was when called, while the recording goes on', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 });
    timeline.appendOutput(bytes('first'), 0);
    const encoding = encodeGif(timeline);
    timeline.appendResize({ cols: 40, rows: 10 }, 100);
    timeline.appendOutput(bytes(' later'), 200);
    const gif = decodeGif(await encoding);
    expect([gif.width, gif.height, gif.frames.length]).toEqual([188, 62, 1]);
  });

  it('caps an idle stretch at idleCap, or keeps it with keepRealTime', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 });
    timeline.appendOutput(bytes('a'), 0);
    timeline.appendOutput(bytes('b'), 10_000);
    timeline.markEnd(10_500);
    const delays = async (options: object): Promise<number[]> => decodeGif(await encodeGif(timeline, options)).frames.map((f) => f.delay);
    expect(await delays({})).toEqual([200, 100]);
    expect(await delays({ idleCap: 500, lastFrameHold: 200 })).toEqual([50, 50]);
    expect(await delays({ keepRealTime: true })).toEqual([1000, 100]);
  });

  it('is deterministic: the same timeline, or its asciicast read back, gives the same bytes', async () => {
    const first = await encodeGif(typingSession().timeline);
    const second = await encodeGif(typingSession().timeline);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const fromCast = await encodeGif(parseAsciicast(formatAsciicast(typingSession().timeline)));
    expect(Buffer.from(fromCast).equals(Buffer.from(first))).toBe(true);
  });

  it('keeps one size through resizes: the largest columns and rows, smaller screens on the background', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 });
    timeline.appendOutput(bytes('\x1b[44m\x1b[2J'), 0); // all blue
    timeline.appendResize({ cols: 30, rows: 5 }, 100); // new cells are black: the same pixels
    timeline.appendResize({ cols: 10, rows: 2 }, 200);
    timeline.appendOutput(bytes('\x1b[0mwide'), 300);
    const gif = decodeGif(await encodeGif(timeline, { cursor: 'hide' }));
    const size = imageSizePx(cellMetrics(), { cols: 30, rows: 5 });
    expect([gif.width, gif.height]).toEqual([size.widthPx, size.heightPx]);
    expect(gif.frames.map((f) => f.delay)).toEqual([20, 10, 100]);
    expect(gif.frames[0]).toMatchObject({ x: 0, y: 0, width: size.widthPx, height: size.heightPx });
    // Each frame equals the render of its screen, padded with the background.
    const screens = [
      { cols: 20, rows: 3, text: '\x1b[44m\x1b[2J' },
      { cols: 10, rows: 2, text: '\x1b[44m\x1b[2J' },
      { cols: 10, rows: 2, text: '\x1b[44m\x1b[2J\x1b[0mwide' },
    ];
    const differences: number[] = [];
    for (const [i, { cols, rows, text }] of screens.entries()) {
      const model = new ScreenModel({ cols, rows });
      await model.write(bytes(text));
      const png = renderScreen(model.snapshot(), { cursor: 'hide' });
      model.dispose();
      const padded = new Uint8Array(gif.canvases[i]!.length);
      for (let y = 0; y < gif.height; y++) {
        for (let x = 0; x < gif.width; x++) {
          const rgb = x < png.widthPx && y < png.heightPx ? rgbAt(png.data, png.widthPx, x, y) : [0, 0, 0];
          padded.set([...rgb, 255], (y * gif.width + x) * 4);
        }
      }
      differences.push(maxDifference(gif.canvases[i]!, padded));
    }
    // Pure colours exactly; the glyphs of "wide" within half an anti-aliasing step.
    expect(differences).toEqual([0, 0, 30]);
    expect(rgbAt(gif.canvases[0]!, gif.width, 100, 40)).toEqual([0x34, 0x65, 0xa4]); // blue, inside 20×3
    expect(rgbAt(gif.canvases[1]!, gif.width, 100, 40)).toEqual([0, 0, 0]); // outside 10×2
  });

  it('still writes a valid GIF when a screen of 24-bit colours overflows 256 colours', async () => {
    const timeline = new Timeline({ cols: 80, rows: 24 });
    let text = '';
    for (let row = 0; row < 24; row++) {
      for (let col = 0; col < 80; col++) text += `\x1b[48;2;${col * 3};${row * 10};${(col * row) % 256}m\x1b[38;2;255;${col * 3};0m#`;
    }
    timeline.appendOutput(bytes(text), 0);
    const gif = decodeGif(await encodeGif(timeline, { cursor: 'hide' }));
    expect(gif.frames).toHaveLength(1);
    expect(gif.frames[0]!.has_local_palette).toBe(true); // quantized: the global table stays empty
    const snapshot = await finalScreen(timeline);
    const png = renderScreen(snapshot, { cursor: 'hide' });
    // 1920 backgrounds cannot all be exact in 255 colours; the quantizer keeps them close.
    expect(new Set(snapshot.cells.flat().map((c) => JSON.stringify(c.bg))).size).toBe(1920);
    const { worst } = compareWithRender(gif.canvases[0]!, png, snapshot);
    let total = 0;
    png.data.forEach((v, i) => (total += i % 4 === 3 ? 0 : Math.abs(v - gif.canvases[0]![i]!)));
    // gifenc 1.0.3's quantizer: 54 at worst, a mean channel error of 7.48 (7185796 over 728 × 440 × 3 channels).
    expect([worst, total]).toEqual([54, 7_185_796]);
  });

  it('writes one frame of the blank screen for an empty timeline, held lastFrameHold', async () => {
    const gif = decodeGif(await encodeGif(new Timeline({ cols: 80, rows: 24 })));
    expect(gif.frames.map((f) => [f.x, f.y, f.width, f.height, f.delay])).toEqual([[0, 0, 728, 440, 100]]);
    // Black, but for the cursor: a white block in the top-left cell.
    const cursor = cellRectPx(cellMetrics(), 0, 0);
    const white = (x: number, y: number): boolean => x >= cursor.xPx && x < cursor.xPx + cursor.widthPx && y >= cursor.yPx && y < cursor.yPx + cursor.heightPx;
    const expected = new Uint8Array(728 * 440 * 4);
    for (let i = 0; i < expected.length; i += 4) {
      const v = white((i / 4) % 728, Math.floor(i / 4 / 728)) ? 255 : 0;
      expected.set([v, v, v, 255], i);
    }
    expect(Buffer.from(gif.canvases[0]!).equals(Buffer.from(expected))).toBe(true);
  });

  it('starts a truncated timeline at its oldest kept output and says so in the GIF comment', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 }, { budgetBytes: 1000 });
    for (let i = 0; i < 10; i++) timeline.appendOutput(bytes(`line ${i}\r\n`), i * 100);
    expect(timeline.startMs).toBe(700);
    const gif = await encodeGif(timeline);
    expect(decodeGif(gif).frames.map((f) => f.delay)).toEqual([10, 10, 100]);
    expect(gifComments(gif)).toEqual([
      'Recorded with tmux-shot. Truncated: the oldest 56 bytes of output were dropped to stay within the memory ' +
        'budget, so the recording starts 700 ms in, from a blank screen.',
    ]);
    expect(gifComments(await encodeGif(typingSession().timeline))).toEqual(['Recorded with tmux-shot.']);
  });

  it('draws only the tail: the last `tail` ms, from the screen the output before it drew, and says so', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 });
    timeline.appendOutput(bytes('first\r\n'), 0);
    timeline.appendOutput(bytes('second\r\n'), 1000);
    timeline.appendOutput(bytes('third'), 2000);
    timeline.markEnd(2500);
    const whole = await encodeGif(timeline);
    const tail = await encodeGif(timeline, { tail: 1000 });
    expect(decodeGif(whole).frames.map((f) => f.delay)).toEqual([100, 100, 100]);
    // From 1500 ms: 'first' and 'second' on the screen, 'third' 500 ms later.
    const decoded = decodeGif(tail);
    expect(decoded.frames.map((f) => f.delay)).toEqual([50, 100]);
    expect(Buffer.from(decoded.canvases[0]!).equals(Buffer.from(decodeGif(whole).canvases[1]!))).toBe(true);
    expect(gifComments(tail)).toEqual(['Recorded with tmux-shot. Shows the last 1000 ms of 2500 ms: from 1500 ms in.']);
    expect(gifComments(await encodeGif(timeline, { tail: 5000 }))).toEqual(['Recorded with tmux-shot.']);
  });

  // 'j' with eight combining marks below draws 22 px of ink below its cell, into the next row.
  const deepJ = 'j\u0323\u0324\u0325\u0326\u0327\u0328\u0329\u032a';
  it.each([
    { change: 'the row below an unchanged row whose ink reaches into it', first: `\x1b[2;1H${deepJ}\x1b[3;1Hhello`, next: '\x1b[3;1Hworld' },
    { change: 'a row whose new ink reaches into the unchanged row below', first: '\x1b[2;1Hx\x1b[3;1Hhello', next: `\x1b[2;1H${deepJ}` },
  ])('draws ink crossing into another row like a GIF of the final screen alone, when $change changes', async ({ first, next }) => {
    const home = '\x1b[1;1H'; // the same cursor position at the end of both recordings
    const changing = new Timeline({ cols: 10, rows: 5 });
    changing.appendOutput(bytes(first + home), 0);
    changing.appendOutput(bytes(next + home), 100);
    changing.markEnd(200);
    const final = new Timeline({ cols: 10, rows: 5 });
    final.appendOutput(bytes(first + next + home), 0);
    final.markEnd(200);
    const drawn = decodeGif(await encodeGif(changing)).canvases;
    expect(drawn).toHaveLength(2);
    expect(Buffer.from(drawn[1]!).equals(Buffer.from(decodeGif(await encodeGif(final)).canvases[0]!))).toBe(true);
  });

  it('draws ink reaching into the bottom padding where the PNG render draws it', async () => {
    const timeline = new Timeline({ cols: 10, rows: 5 });
    timeline.appendOutput(bytes(`\x1b[5;1H${deepJ}\x1b[1;1H`), 0);
    timeline.markEnd(100);
    const canvas = decodeGif(await encodeGif(timeline)).canvases[0]!;
    const png = renderScreen(await finalScreen(timeline), { cursor: 'show' });
    const { paddingPx } = cellMetrics();
    /** Pixels of the bottom padding that are not the theme background. */
    const inked = (data: Uint8Array): number[] => {
      const found: number[] = [];
      for (let i = (png.heightPx - paddingPx) * png.widthPx; i < png.widthPx * png.heightPx; i++) {
        if (data[i * 4] !== 0 || data[i * 4 + 1] !== 0 || data[i * 4 + 2] !== 0) found.push(i);
      }
      return found;
    };
    expect(inked(png.data).length).toBeGreaterThan(0);
    expect(inked(canvas)).toEqual(inked(png.data));
  });

  it('replays only the newest tailBytes of output, as a timeline truncated to that budget', async () => {
    const timeline = new Timeline({ cols: 20, rows: 3 });
    const truncated = new Timeline({ cols: 20, rows: 3 }, { budgetBytes: 1000 });
    for (let i = 0; i < 10; i++) {
      timeline.appendOutput(bytes(`line ${i}\r\n`), i * 100);
      truncated.appendOutput(bytes(`line ${i}\r\n`), i * 100);
    }
    const gif = await encodeGif(timeline, { tailBytes: 1000 });
    expect(Buffer.from(gif).equals(Buffer.from(await encodeGif(truncated)))).toBe(true);
    expect(gifComments(gif)[0]).toMatch(/^Recorded with tmux-shot\. Truncated: the oldest 56 bytes of output were dropped/);
    expect(timeline.truncated).toBe(false);
  });

  it('animates a full-screen TUI: 30 frames of 1/10 s, then the last held', async () => {
    const gif = decodeGif(await encodeGif(dashboardSession()));
    expect(gif.frames.map((f) => f.delay)).toEqual([...Array<number>(29).fill(10), 100]);
  });

  it.each([
    [{ fps: 0 }, 'Record option fps must be a number from 1 to 50; got 0.'],
    [{ fps: 60 }, 'Record option fps must be a number from 1 to 50; got 60.'],
    [{ idleCap: 10 }, 'Record option idleCap must be a number of ms, at least 20; got 10.'],
    [{ lastFrameHold: Number.NaN }, 'Record option lastFrameHold must be a number of ms, at least 20; got NaN.'],
    [{ tail: 0 }, 'Record option tail must be a number of ms, at least 20 (Infinity: all); got 0.'],
    [{ tailBytes: -1 }, 'Record option tailBytes must be a number of bytes above 0 (Infinity: all); got -1.'],
    [{ scale: 3 as 1 }, "Render option scale must be one of '1', '2'; got '3'."],
  ])('rejects %j', async (options, message) => {
    await expect(encodeGif(new Timeline({ cols: 20, rows: 3 }), options)).rejects.toThrow(new ConfigError(message));
  });
});
