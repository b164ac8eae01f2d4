/**
 * The frames of a recording for the failure report: the same screens the GIF shows, drawn by the
 * same renderer, each stored as the PNG of the part that changed (a patch over the previous
 * frame) or, every so often and when most of the screen changed, the whole screen (a keyframe),
 * with its cells for the inspector.
 */
import { GIF } from '../defaults.js';
import type { PixelRect, RgbaImage } from '../geometry.js';
import { cellMetricsFor, checkOption, encodePng, imageSizePx, inkReachOf, inspectResolved, mergeOptions, renderResolved } from '../render/index.js';
import type { CellMetrics, InspectedScreen, ResolvedRenderOptions } from '../render/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { FrameCanvas } from './frame-canvas.js';
import type { PixelRows, RenderSnapshot } from './frame-canvas.js';
import { LastFrames } from './last-frames.js';
import { REPORT_FRAMES, resolveRecordOptions } from './options.js';
import type { ReportFramesOptions } from './options.js';
import { replayFrames } from './replay.js';
import type { Frame } from './replay.js';
import { snapColors } from './snap-colors.js';
import type { Timeline } from './timeline.js';

/** A picture placed on the frame: the whole screen (a keyframe), or a patch over the previous frame. */
export interface FrameImage {
  /** PNG bytes. */
  readonly png: Uint8Array;
  /** Where the picture goes on the frame, in px (0, 0 for a keyframe). */
  readonly xPx: number;
  readonly yPx: number;
  readonly widthPx: number;
  readonly heightPx: number;
}

/** One frame of the report's timeline. */
export interface RecordedFrame {
  /** When the screen looked like this, in ms on the timeline's clock. */
  readonly atMs: number;
  /** True when {@link RecordedFrame.image} is the whole screen; a patch applies over the frame before it. */
  readonly keyframe: boolean;
  readonly image: FrameImage;
  /** The whole screen's cells at this frame. */
  readonly cells: InspectedScreen;
}

/** The frames of a recording. */
export interface RecordedFrames {
  /** Oldest first. A resize starts a keyframe of the new size. */
  readonly frames: readonly RecordedFrame[];
  /** Start and end of what the frames cover, in ms on the timeline's clock. */
  readonly startMs: number;
  readonly endMs: number;
  /** True when older frames were left out (the timeline's budget, or the report's). */
  readonly truncated: boolean;
}

/** A patch larger than this share of the screen's pixels is stored as a keyframe instead. */
const KEYFRAME_SHARE = 0.5;

/** The frames of one keyframe run (a chunk of `keyframeInterval` frames), and the canvas holding its last frame. */
interface Chunk {
  readonly frames: readonly RecordedFrame[];
  readonly canvas: FrameCanvas;
}

/**
 * The frames of `live` for the failure report: the last frames {@link replayFrames} gives the GIF
 * (same `fps`, `tail` and `tailBytes`; same times), at most `maxFrames` of them holding at most
 * `maxCells` cells, chosen during the replay before any is drawn. Each is drawn as the GIF draws
 * it (same renderer options and colour snapping, so the pixels are the GIF's), with its cells
 * ({@link inspectResolved}). Frame 0, `keyframeInterval`, 2 × `keyframeInterval`… of the kept ones
 * are stored whole (keyframes), and so is a frame whose screen changed size or whose changed
 * pixels' bounding box would cover more than half of the screen; any other frame is stored as the
 * PNG of that bounding box (a patch, placed at `xPx`/`yPx` over the frame before; a frame whose
 * cells changed but not its pixels gets a 1×1 patch of the top-left pixel). The frames are drawn
 * newest first, `keyframeInterval` at a time, until `budgetBytes` of PNG is reached: the oldest
 * keyframe and its patches that do not fit are left out, and older frames are not drawn; the last
 * frame is always kept, whole when its keyframe's frames exceed the budget.
 * @throws {ConfigError} when an option is invalid (see `resolveRecordOptions`, and
 *   `keyframeInterval` and `maxFrames` are whole numbers ≥ 1, `budgetBytes` and `maxCells` numbers > 0).
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @param stepTimes When the steps began (ms on the timeline's clock, as `AppStep.atMs`): a frame
 *   also shows the screen at each, whatever `fps`, when it changed since the frame before (see
 *   `replayFrames`' cuts), so a step's screen is in the report even when it came within one frame
 *   interval of the app's drawing. @default none
 * @example
 * const { frames } = await reportFrames(app.timeline, { tail: 30_000 }, app.steps.map((step) => step.atMs));
 */
export async function reportFrames(live: Timeline, options: Partial<ReportFramesOptions> = {}, stepTimes: readonly number[] = []): Promise<RecordedFrames> {
  const { keyframeInterval, budgetBytes, maxFrames, maxCells, ...record } = mergeOptions<ReportFramesOptions>(REPORT_FRAMES, options);
  const wholeNumber = (name: string, value: number) =>
    checkOption(Number.isInteger(value) && value >= 1, 'Record', name, 'a whole number of frames, at least 1', String(value));
  const positive = (name: string, value: number, unit: string) =>
    checkOption(typeof value === 'number' && value > 0, 'Record', name, `a number of ${unit} above 0`, String(value));
  wholeNumber('keyframeInterval', keyframeInterval);
  positive('budgetBytes', budgetBytes, 'bytes');
  wholeNumber('maxFrames', maxFrames);
  positive('maxCells', maxCells, 'cells');
  const resolved = resolveRecordOptions(record);
  const timeline = live.copy(resolved.tailBytes);
  const fromMs = Math.max(timeline.startMs, timeline.endMs - resolved.tail);
  const last = new LastFrames<Frame>(maxFrames, maxCells);
  const cuts = [...stepTimes].sort((a, b) => a - b);
  for await (const frame of replayFrames(timeline, resolved.fps, fromMs, cuts)) last.push(frame);
  const metrics = cellMetricsFor(resolved.render);
  const render = (snapshot: ScreenSnapshot): RgbaImage => {
    const image = renderResolved(snapshot, resolved.render);
    snapColors(image, snapshot, resolved.render, metrics, GIF.coverageLevels);
    return image;
  };
  const draw = (frames: readonly Frame[]): Chunk => drawChunk(frames, resolved.render, metrics, render);
  const kept: (readonly RecordedFrame[])[] = [];
  let bytes = 0;
  let dropped = last.dropped;
  const all = last.frames;
  for (let start = Math.floor((all.length - 1) / keyframeInterval) * keyframeInterval; start >= 0; start -= keyframeInterval) {
    const chunk = draw(all.slice(start, start + keyframeInterval));
    const fits = fittingSuffix(chunk.frames, budgetBytes - bytes);
    if (fits.length === 0 && kept.length === 0) kept.unshift([standAlone(chunk)]);
    else kept.unshift(fits);
    bytes += bytesOf(kept[0]!);
    if (fits.length < chunk.frames.length) {
      dropped ||= start > 0 || kept[0]!.length < chunk.frames.length;
      break;
    }
  }
  const frames = kept.flat();
  return {
    frames,
    startMs: frames[0]!.atMs,
    endMs: timeline.endMs,
    truncated: timeline.truncated || fromMs > timeline.startMs || dropped,
  };
}

/** Draws `frames` on a fresh canvas: the first whole, each later one whole or as a patch over the one before. */
function drawChunk(frames: readonly Frame[], options: ResolvedRenderOptions, metrics: CellMetrics, render: RenderSnapshot): Chunk {
  const out: RecordedFrame[] = [];
  let canvas: FrameCanvas | undefined;
  for (const { atMs, snapshot } of frames) {
    const size = imageSizePx(metrics, snapshot);
    if (!canvas || canvas.image.widthPx !== size.widthPx || canvas.image.heightPx !== size.heightPx) {
      canvas = new FrameCanvas(size.widthPx, size.heightPx, options.theme.background, metrics, render, (cells) => inkReachOf(cells, options));
    }
    const rows = canvas.draw(snapshot);
    const box = canvas.previous ? changedBox(canvas.image, canvas.previous, rows) : undefined;
    const whole = !box || box.widthPx * box.heightPx > KEYFRAME_SHARE * canvas.image.widthPx * canvas.image.heightPx;
    const image = whole ? wholeImage(canvas.image) : patchImage(canvas.image, box);
    if (rows) canvas.commit(rows);
    out.push({ atMs, keyframe: whole, image, cells: inspectResolved(snapshot, options) });
  }
  return { frames: out, canvas: canvas! };
}

/** The longest run of the last frames of `frames` that starts at a keyframe and takes at most `bytesLeft` of PNG; empty when none does. */
function fittingSuffix(frames: readonly RecordedFrame[], bytesLeft: number): readonly RecordedFrame[] {
  let best = frames.length;
  let bytes = 0;
  for (let index = frames.length - 1; index >= 0; index--) {
    bytes += frames[index]!.image.png.length;
    if (bytes > bytesLeft) break;
    if (frames[index]!.keyframe) best = index;
  }
  return frames.slice(best);
}

/** The chunk's last frame, whole (the canvas holds it): what is left when its keyframe's frames exceed the budget. */
function standAlone({ frames, canvas }: Chunk): RecordedFrame {
  const last = frames.at(-1)!;
  return last.keyframe ? last : { ...last, keyframe: true, image: wholeImage(canvas.image) };
}

function bytesOf(frames: readonly RecordedFrame[]): number {
  return frames.reduce((sum, frame) => sum + frame.image.png.length, 0);
}

/** The bounding box of the pixels of `rows` that differ between `image` and `previous`; a 1×1 box at the origin when none does. */
function changedBox(image: RgbaImage, previous: RgbaImage, rows: PixelRows | null): PixelRect {
  const now = new Uint32Array(image.data.buffer, image.data.byteOffset, image.widthPx * image.heightPx);
  const before = new Uint32Array(previous.data.buffer, previous.data.byteOffset, previous.widthPx * previous.heightPx);
  let x0 = image.widthPx;
  let x1 = -1;
  let y0 = -1;
  let y1 = -1;
  for (let y = rows?.y0 ?? 0; y < (rows?.y1 ?? 0); y++) {
    const offset = y * image.widthPx;
    for (let x = 0; x < image.widthPx; x++) {
      if (now[offset + x] === before[offset + x]) continue;
      if (y0 < 0) y0 = y;
      y1 = y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
    }
  }
  return y0 < 0 ? { xPx: 0, yPx: 0, widthPx: 1, heightPx: 1 } : { xPx: x0, yPx: y0, widthPx: x1 - x0 + 1, heightPx: y1 - y0 + 1 };
}

function wholeImage(image: RgbaImage): FrameImage {
  return { png: encodePng(image), xPx: 0, yPx: 0, widthPx: image.widthPx, heightPx: image.heightPx };
}

/** The PNG of the `box` part of `image`. */
function patchImage(image: RgbaImage, box: PixelRect): FrameImage {
  const data = new Uint8Array(box.widthPx * box.heightPx * 4);
  for (let y = 0; y < box.heightPx; y++) {
    const from = ((box.yPx + y) * image.widthPx + box.xPx) * 4;
    data.set(image.data.subarray(from, from + box.widthPx * 4), y * box.widthPx * 4);
  }
  return { png: encodePng({ widthPx: box.widthPx, heightPx: box.heightPx, data }), ...box };
}
