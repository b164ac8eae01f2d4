/**
 * The frames of a recording for the failure report: the same screens the GIF shows, drawn by the
 * same renderer, each stored as the PNG of the part that changed (a patch over the previous
 * frame) or, every so often and when most of the screen changed, the whole screen (a keyframe),
 * with its cells for the inspector.
 */
import { GIF, REPORT_FRAMES } from '../defaults.js';
import type { PixelRect, RgbaImage } from '../geometry.js';
import { cellMetricsFor, checkOption, encodePng, imageSizePx, inspectResolved, mergeOptions, renderResolved } from '../render/index.js';
import type { InspectedScreen } from '../render/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { FrameCanvas } from './frame-canvas.js';
import type { PixelRows } from './frame-canvas.js';
import { resolveRecordOptions } from './options.js';
import type { RecordOptions } from './options.js';
import { replayFrames } from './replay.js';
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

/**
 * How a timeline becomes the report's frames: the GIF's frame timing and render options (the same
 * frames, drawn with the same pixels), how often a keyframe comes, and the bytes they may take.
 */
export interface ReportFramesOptions extends RecordOptions {
  /** A keyframe at least every this many frames (1 or more). @default 30 */
  keyframeInterval: number;
  /** PNG bytes all frames may take together (above 0); the oldest frames are left out past it. @default 4194304 (4 MiB) */
  budgetBytes: number;
}

/** A patch larger than this share of the screen's pixels is stored as a keyframe instead. */
const KEYFRAME_SHARE = 0.5;

/** Frames built so far, oldest first, and their PNG bytes. */
interface FrameList {
  frames: RecordedFrame[];
  bytes: number;
  dropped: boolean;
}

/**
 * The frames of `live` for the failure report: exactly the frames {@link replayFrames} gives the
 * GIF (same `fps`, `tail` and `tailBytes`; same times), each drawn as the GIF draws it (same
 * renderer options and colour snapping, so the pixels are the GIF's), each with its cells
 * ({@link inspectResolved}). A frame is stored whole (a keyframe) when it is the first, the screen
 * changed size, the changed pixels' bounding box would cover more than half of the screen, or
 * `keyframeInterval` frames have passed since the last keyframe; otherwise as the PNG of that
 * bounding box (a patch, placed at `xPx`/`yPx` over the frame before; a frame whose cells changed
 * but not its pixels gets a 1×1 patch of the top-left pixel). Past `budgetBytes` of PNG the oldest
 * frames are left out, a keyframe and the patches after it at a time; the last frame is always
 * kept, whole when it must stand alone.
 * @throws {ConfigError} when an option is invalid (see `resolveRecordOptions`, and
 *   `keyframeInterval` is a whole number ≥ 1, `budgetBytes` a number > 0).
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @example
 * const { frames } = await reportFrames(app.timeline, { tail: 30_000 });
 */
export async function reportFrames(live: Timeline, options: Partial<ReportFramesOptions> = {}): Promise<RecordedFrames> {
  const { keyframeInterval, budgetBytes, ...record } = mergeOptions<ReportFramesOptions>(REPORT_FRAMES, options);
  checkOption(
    Number.isInteger(keyframeInterval) && keyframeInterval >= 1,
    'Record',
    'keyframeInterval',
    'a whole number of frames, at least 1',
    String(keyframeInterval),
  );
  checkOption(typeof budgetBytes === 'number' && budgetBytes > 0, 'Record', 'budgetBytes', 'a number of bytes above 0', String(budgetBytes));
  const resolved = resolveRecordOptions(record);
  const timeline = live.copy(resolved.tailBytes);
  const fromMs = Math.max(timeline.startMs, timeline.endMs - resolved.tail);
  const metrics = cellMetricsFor(resolved.render);
  const render = (snapshot: ScreenSnapshot): RgbaImage => {
    const image = renderResolved(snapshot, resolved.render);
    snapColors(image, snapshot, resolved.render, metrics, GIF.coverageLevels);
    return image;
  };
  const list: FrameList = { frames: [], bytes: 0, dropped: false };
  let canvas: FrameCanvas | undefined;
  let sinceKeyframe = 0;
  for await (const { atMs, snapshot } of replayFrames(timeline, resolved.fps, fromMs)) {
    const cells = inspectResolved(snapshot, resolved.render);
    const size = imageSizePx(metrics, snapshot);
    if (!canvas || canvas.image.widthPx !== size.widthPx || canvas.image.heightPx !== size.heightPx) {
      canvas = new FrameCanvas(size.widthPx, size.heightPx, resolved.render.theme.background, metrics, render);
    }
    const rows = canvas.draw(snapshot);
    const box = canvas.previous ? changedBox(canvas.image, canvas.previous, rows) : undefined;
    const whole = !box || sinceKeyframe + 1 >= keyframeInterval || box.widthPx * box.heightPx > KEYFRAME_SHARE * canvas.image.widthPx * canvas.image.heightPx;
    const image = whole ? wholeImage(canvas.image) : patchImage(canvas.image, box);
    if (rows) canvas.commit(rows);
    sinceKeyframe = whole ? 0 : sinceKeyframe + 1;
    push(list, { atMs, keyframe: whole, image, cells }, budgetBytes);
  }
  if (list.bytes > budgetBytes && list.frames.length > 1) standAlone(list, canvas!);
  return {
    frames: list.frames,
    startMs: list.frames[0]!.atMs,
    endMs: timeline.endMs,
    truncated: timeline.truncated || fromMs > timeline.startMs || list.dropped,
  };
}

/** Appends `frame`; then, while over `budgetBytes`, drops the oldest keyframe and its patches, as long as a keyframe follows them. */
function push(list: FrameList, frame: RecordedFrame, budgetBytes: number): void {
  list.frames.push(frame);
  list.bytes += frame.image.png.length;
  while (list.bytes > budgetBytes) {
    const next = list.frames.findIndex((candidate, index) => index > 0 && candidate.keyframe);
    if (next < 0) return;
    for (const gone of list.frames.splice(0, next)) list.bytes -= gone.image.png.length;
    list.dropped = true;
  }
}

/** Keeps only the last frame, drawn whole from `canvas` (which holds it): what is left when one keyframe's frames exceed the budget. */
function standAlone(list: FrameList, canvas: FrameCanvas): void {
  const last = list.frames.at(-1)!;
  const frame = last.keyframe ? last : { ...last, keyframe: true, image: wholeImage(canvas.image) };
  list.frames = [frame];
  list.bytes = frame.image.png.length;
  list.dropped = true;
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
