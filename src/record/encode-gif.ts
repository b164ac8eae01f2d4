/**
 * Timeline → animated GIF: replay the timeline into frames, redraw the changed rows of one canvas,
 * index the changed pixels, and hand the frames to the GIF writer one at a time.
 */
import { GIF } from '../defaults.js';
import type { RgbaImage, Size } from '../geometry.js';
import { cellMetricsFor, imageSizePx, inkReachOf, renderResolved } from '../render/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { ColorTable } from './color-table.js';
import { FrameCanvas } from './frame-canvas.js';
import { FrameDelays } from './frames.js';
import { GifWriter } from './gif.js';
import { indexFrame } from './index-frame.js';
import type { IndexedFrame } from './gif.js';
import { resolveRecordOptions } from './options.js';
import type { RecordOptions } from './options.js';
import { replayFrames } from './replay.js';
import { snapColors } from './snap-colors.js';
import type { Timeline } from './timeline.js';

/** The largest columns and rows the pane had, at the start or after any resize, in cells. */
function largestSize(timeline: Timeline): Size {
  const size = timeline.size;
  for (const event of timeline.events) {
    if (event.kind !== 'resize') continue;
    size.cols = Math.max(size.cols, event.cols);
    size.rows = Math.max(size.rows, event.rows);
  }
  return size;
}

/** The GIF comment: what made it, and whether its start is missing or left out. */
function commentFor(timeline: Timeline, fromMs: number): string {
  const parts = ['Recorded with tmux-shot.'];
  if (timeline.truncated) {
    parts.push(
      `Truncated: the oldest ${timeline.droppedBytes} bytes of output were dropped to stay within ` +
        `the memory budget, so the recording starts ${Math.round(timeline.startMs)} ms in, from a blank screen.`,
    );
  }
  if (fromMs > timeline.startMs) {
    parts.push(`Shows the last ${Math.round(timeline.endMs - fromMs)} ms of ${Math.round(timeline.endMs)} ms: from ${Math.round(fromMs)} ms in.`);
  }
  return parts.join(' ');
}

/**
 * Encodes a timeline as an animated GIF that loops forever, drawn like the PNG screenshots (same
 * fonts, theme and cursor; render options are part of `options`). Frames follow the screen's
 * changes at most `fps` times a second; identical frames merge into one longer frame; each frame
 * lasts until the next one, at most `idleCap` ms unless `keepRealTime`; the last frame is held
 * for at least `lastFrameHold` ms. Frames after the first carry only the rectangle that changed,
 * with unchanged pixels transparent. A pane that was resized gives a GIF of its largest
 * columns × rows, each screen drawn at the top-left corner on the theme background. The same
 * timeline and options always give the same bytes. A truncated timeline says so in the GIF comment,
 * as does a GIF of its `tail` only (the last `tail` ms; the screen there is replayed from the
 * output before it, of which at most `tailBytes` are kept).
 * The GIF shows the timeline as it was when the call was made; later appends are not in it.
 * @returns The GIF file's bytes (write them to a temporary file and rename it into place).
 * @throws {ConfigError} when an option is invalid (see {@link resolveRecordOptions}).
 * @throws {TmuxShotError} when a bundled font cannot be loaded.
 * @example
 *   const gif = await encodeGif(timeline, { fps: 30, theme: 'light', scale: 2 });
 */
export async function encodeGif(live: Timeline, options: Partial<RecordOptions> = {}): Promise<Uint8Array> {
  const resolved = resolveRecordOptions(options);
  // Appends during the encoding belong to a later GIF; output older than tailBytes is dropped.
  const timeline = live.copy(resolved.tailBytes);
  const fromMs = Math.max(timeline.startMs, timeline.endMs - resolved.tail);
  const metrics = cellMetricsFor(resolved.render);
  const { widthPx, heightPx } = imageSizePx(metrics, largestSize(timeline));
  // The canvas copies each render at once: one buffer the size of the largest screen serves them all.
  const scratch = new Uint8Array(widthPx * heightPx * 4);
  const render = (snapshot: ScreenSnapshot): RgbaImage => {
    const image = renderResolved(snapshot, resolved.render, scratch);
    snapColors(image, snapshot, resolved.render, metrics, GIF.coverageLevels);
    return image;
  };
  const canvas = new FrameCanvas(widthPx, heightPx, resolved.render.theme.background, metrics, render, (cells) => inkReachOf(cells, resolved.render));
  const table = new ColorTable();
  const writer = new GifWriter();
  const delays = new FrameDelays(resolved, fromMs);
  let pending: IndexedFrame | undefined;
  for await (const frame of replayFrames(timeline, resolved.fps, fromMs)) {
    const redrawn = canvas.draw(frame.snapshot);
    const indexed = redrawn && indexFrame(canvas.image, canvas.previous, table, redrawn);
    if (!redrawn || !indexed) continue; // same pixels: the pending frame lasts longer
    canvas.commit(redrawn);
    if (pending) writer.addFrame(pending, delays.next(frame.atMs));
    pending = indexed;
  }
  // replayFrames yields at least one frame, and the first frame always has pixels.
  writer.addFrame(pending!, delays.last(timeline.endMs));
  return writer.finish(widthPx, heightPx, table.colors, commentFor(timeline, fromMs));
}
