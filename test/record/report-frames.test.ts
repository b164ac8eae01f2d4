import { describe, expect, it } from 'vitest';
import { GIF } from '../../src/defaults.js';
import { RECORD, REPORT_FRAMES } from '../../src/record/options.js';
import { decodePng } from '../../src/diff/decode-png.js';
import { ConfigError } from '../../src/errors.js';
import type { RgbaImage } from '../../src/geometry.js';
import { cellMetricsFor, inspectScreen, renderResolved, resolveRenderOptions } from '../../src/render/index.js';
import { replayFrames } from '../../src/record/replay.js';
import { reportFrames } from '../../src/record/report-frames.js';
import type { RecordedFrames } from '../../src/record/report-frames.js';
import { snapColors } from '../../src/record/snap-colors.js';
import { Timeline } from '../../src/record/timeline.js';
import { dashboardSession, typingSession } from './sessions.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Each frame's whole picture: its keyframe with the patches up to it drawn over, decoded from the PNGs. */
function composed(recorded: RecordedFrames): RgbaImage[] {
  let canvas: RgbaImage | undefined;
  return recorded.frames.map(({ keyframe, image }) => {
    const picture = decodePng(image.png, 'frame');
    expect({ widthPx: picture.widthPx, heightPx: picture.heightPx }).toEqual({ widthPx: image.widthPx, heightPx: image.heightPx });
    if (keyframe) {
      canvas = picture;
      return { ...canvas, data: canvas.data.slice() };
    }
    const target = canvas!;
    for (let y = 0; y < image.heightPx; y++) {
      const from = y * image.widthPx * 4;
      target.data.set(picture.data.subarray(from, from + image.widthPx * 4), ((image.yPx + y) * target.widthPx + image.xPx) * 4);
    }
    return { ...target, data: target.data.slice() };
  });
}

/** What the GIF draws for each frame replayFrames gives: the whole screen, colours snapped as the GIF snaps them. */
async function gifPictures(timeline: Timeline, fps = RECORD.fps): Promise<{ atMs: number; image: RgbaImage; cells: unknown }[]> {
  const options = resolveRenderOptions({ cursor: RECORD.cursor });
  const metrics = cellMetricsFor(options);
  const out = [];
  for await (const { atMs, snapshot } of replayFrames(timeline, fps)) {
    const image = renderResolved(snapshot, options);
    snapColors(image, snapshot, options, metrics, GIF.coverageLevels);
    out.push({ atMs, image, cells: inspectScreen(snapshot, { cursor: RECORD.cursor }) });
  }
  return out;
}

/** Asserts that `recorded` holds the frames of `expected`: same times, same cells, composing to the same pixels byte for byte. */
function expectGifFrames(recorded: RecordedFrames, expected: { atMs: number; image: RgbaImage; cells: unknown }[]): void {
  expect(recorded.frames.map((frame) => frame.atMs)).toEqual(expected.map((frame) => frame.atMs));
  composed(recorded).forEach((picture, index) => {
    expect({ widthPx: picture.widthPx, heightPx: picture.heightPx }).toEqual({
      widthPx: expected[index]!.image.widthPx,
      heightPx: expected[index]!.image.heightPx,
    });
    expect(Buffer.from(picture.data).equals(Buffer.from(expected[index]!.image.data))).toBe(true);
    expect(recorded.frames[index]!.cells).toEqual(expected[index]!.cells);
  });
}

/** 40×10, resized to 30×8 at 200 ms: `hello` then `x`, and after the resize the screen cleared and `small` written (a frame of its own: 10 ms is under one frame at 30 fps). */
function resizedSession(): Timeline {
  const timeline = new Timeline({ cols: 40, rows: 10 });
  timeline.appendOutput(bytes('hello\r\n'), 0);
  timeline.appendOutput(bytes('x'), 100);
  timeline.appendResize({ cols: 30, rows: 8 }, 200);
  timeline.appendOutput(bytes('\x1b[2J\x1b[Hsmall'), 210);
  timeline.markEnd(500);
  return timeline;
}

describe('reportFrames', () => {
  it.each([
    ['a typing shell session', typingSession().timeline],
    ['a full-screen dashboard', dashboardSession()],
    ['a resized pane', resizedSession()],
  ])('gives, for %s, the frames and times of replayFrames, each composing to the GIF’s pixels byte for byte, with its cells', async (_, timeline) => {
    const recorded = await reportFrames(timeline);
    expectGifFrames(recorded, await gifPictures(timeline));
    expect({ startMs: recorded.startMs, endMs: recorded.endMs, truncated: recorded.truncated }).toEqual({
      startMs: 0,
      endMs: timeline.endMs,
      truncated: false,
    });
  });

  // The typing session: 45 frames of 80×24 = 1920 cells.
  it.each([
    [{ maxFrames: 10 }, 10],
    [{ maxCells: 5 * 1920 }, 5],
    [{ maxCells: 5 * 1920 - 1 }, 4],
    [{ maxFrames: 3, maxCells: 5 * 1920 }, 3],
    [{ maxCells: 1 }, 1],
    [{ maxFrames: 45, maxCells: 45 * 1920 }, 45],
  ])('keeps, with %j, the newest %i frames (the GIF’s, composing to its pixels), a keyframe first', async (options, count) => {
    const { timeline } = typingSession();
    const recorded = await reportFrames(timeline, options);
    const expected = (await gifPictures(timeline)).slice(-count);
    expectGifFrames(recorded, expected);
    expect(recorded.frames[0]!.keyframe).toBe(true);
    expect({ startMs: recorded.startMs, truncated: recorded.truncated }).toEqual({ startMs: expected[0]!.atMs, truncated: count < 45 });
  });

  it('stores the first frame, a resized screen and every keyframeInterval-th frame whole, and typing as one-cell patches', async () => {
    const { timeline } = typingSession();
    const recorded = await reportFrames(timeline, { keyframeInterval: 10 });
    const keyframes = recorded.frames.flatMap((frame, index) => (frame.keyframe ? [index] : []));
    expect(keyframes.slice(0, 4)).toEqual([0, 10, 20, 30]);
    // The second frame types 'l' after the 21-cell prompt on row 20, and the cursor moves one cell on: two cells, 18×18 px.
    expect(recorded.frames[1]!.image).toMatchObject({ xPx: 4 + 21 * 9, yPx: 4 + 20 * 18, widthPx: 18, heightPx: 18 });
    const resized = await reportFrames(resizedSession());
    expect(resized.frames.map((frame) => [frame.keyframe, frame.image.widthPx, frame.image.heightPx])).toEqual([
      [true, 368, 188],
      [false, 18, 18],
      [true, 278, 152],
      [false, 54, 36],
    ]);
  });

  it('stores a change over half the screen as a keyframe', async () => {
    const timeline = new Timeline({ cols: 10, rows: 4 });
    timeline.appendOutput(bytes('a'), 0);
    timeline.appendOutput(bytes(`\x1b[H\x1b[7m${'x'.repeat(40)}`), 100);
    timeline.markEnd(300);
    const recorded = await reportFrames(timeline);
    expect(recorded.frames.map((frame) => frame.keyframe)).toEqual([true, true]);
  });

  it('leaves out the oldest frames, a keyframe and its patches at a time, past budgetBytes, keeping the last', async () => {
    const timeline = dashboardSession();
    const whole = await reportFrames(timeline, { keyframeInterval: 5 });
    const total = whole.frames.reduce((sum, frame) => sum + frame.image.png.length, 0);
    const budgetBytes = Math.floor(total / 2);
    const cut = await reportFrames(timeline, { keyframeInterval: 5, budgetBytes });
    const kept = cut.frames.reduce((sum, frame) => sum + frame.image.png.length, 0);
    expect(kept).toBeLessThanOrEqual(budgetBytes);
    expect(cut.truncated).toBe(true);
    expect(cut.frames[0]!.keyframe).toBe(true);
    const first = whole.frames.length - cut.frames.length;
    expect(whole.frames[first]!.keyframe).toBe(true);
    // The keyframe group before the kept frames would not have fitted.
    let previousGroup = first - 1;
    while (!whole.frames[previousGroup]!.keyframe) previousGroup--;
    const previousBytes = whole.frames.slice(previousGroup, first).reduce((sum, frame) => sum + frame.image.png.length, 0);
    expect(kept + previousBytes).toBeGreaterThan(budgetBytes);
    expect(cut.frames.map((frame) => frame.atMs)).toEqual(whole.frames.slice(-cut.frames.length).map((frame) => frame.atMs));
    expect(cut.startMs).toBe(cut.frames[0]!.atMs);
    expect(Buffer.from(composed(cut).at(-1)!.data).equals(Buffer.from(composed(whole).at(-1)!.data))).toBe(true);
  });

  it('keeps the last frame alone, whole, when its keyframe’s frames exceed the budget', async () => {
    const { timeline } = typingSession();
    const whole = await reportFrames(timeline, { keyframeInterval: 1000 });
    const cut = await reportFrames(timeline, { keyframeInterval: 1000, budgetBytes: 1 });
    expect(cut.frames.length).toBe(1);
    expect(cut.frames[0]!).toMatchObject({ atMs: whole.frames.at(-1)!.atMs, keyframe: true });
    expect(Buffer.from(composed(cut)[0]!.data).equals(Buffer.from(composed(whole).at(-1)!.data))).toBe(true);
    expect(cut.truncated).toBe(true);
  });

  it('covers the last `tail` ms, as the GIF does, and says older frames were left out', async () => {
    const { timeline } = typingSession();
    const recorded = await reportFrames(timeline, { tail: 2000 });
    const fromMs = timeline.endMs - 2000;
    const expected = [];
    for await (const frame of replayFrames(timeline, RECORD.fps, fromMs)) expected.push(frame.atMs);
    expect(recorded.frames.map((frame) => frame.atMs)).toEqual(expected);
    expect({ startMs: recorded.startMs, truncated: recorded.truncated }).toEqual({ startMs: fromMs, truncated: true });
  });

  it.each([
    [{ keyframeInterval: 0 }, 'keyframeInterval'],
    [{ keyframeInterval: 1.5 }, 'keyframeInterval'],
    [{ budgetBytes: 0 }, 'budgetBytes'],
    [{ maxFrames: 0 }, 'maxFrames'],
    [{ maxFrames: 2.5 }, 'maxFrames'],
    [{ maxCells: 0 }, 'maxCells'],
    [{ fps: 99 }, 'fps'],
  ])('rejects %j', async (options, name) => {
    await expect(reportFrames(typingSession().timeline, options)).rejects.toThrow(ConfigError);
    await expect(reportFrames(typingSession().timeline, options)).rejects.toThrow(name);
  });

  it('has its defaults in REPORT_FRAMES', () => {
    const { keyframeInterval, budgetBytes, maxFrames, maxCells, fps } = REPORT_FRAMES;
    expect({ keyframeInterval, budgetBytes, maxFrames, maxCells, fps }).toEqual({
      keyframeInterval: 30,
      budgetBytes: 4 * 1024 * 1024,
      maxFrames: 120,
      maxCells: 250_000,
      fps: 30,
    });
  });
});
