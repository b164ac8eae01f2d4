/**
 * Replays a timeline through a fresh screen model and yields the screens worth a frame. Frames
 * stream out one at a time, so a long recording never holds more than two snapshots.
 */
import { ScreenModel, screensEqual } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { FrameClock } from './frames.js';
import type { Timeline } from './timeline.js';

/** One frame: the screen as it stood at `atMs`. */
export interface Frame {
  /** Time on the timeline's clock, in ms. */
  readonly atMs: number;
  readonly snapshot: ScreenSnapshot;
}

/** Bytes 0x80–0xBF continue a UTF-8 character. */
function isContinuationByte(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** `bytes` without the tail of a character whose first bytes were dropped. */
function withoutLeadingContinuation(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length && isContinuationByte(bytes[start]!)) start++;
  return bytes.subarray(start);
}

/**
 * Yields the frames of `timeline`: the screen at its start, then the screen whenever it changed,
 * at most `fps` times a second (see {@link FrameClock}). A screen equal to the previous frame's
 * (same cells, cursor and size) is skipped, so its time joins the previous frame's. A frame never
 * shows the middle of a DEC 2026 synchronized update: it waits for the update's end, or for its
 * timeout when the app never ends it (`ScreenModel.synchronizedUntil`). A truncated
 * timeline starts from a blank screen, and the broken tail of a character is skipped.
 * An empty timeline yields one frame: the blank screen at `startMs`.
 * @param fps Frames per second at most (already validated, 1–50).
 * @param fromMs When the first frame is taken: output before it is replayed, not shown, so the
 *   first frame shows the screen it drew. @default timeline.startMs
 * @param cuts Times (ms on the timeline's clock, ascending) at which a frame shows the screen as it
 *   stood, whatever `fps`, when it changed since the last frame and no synchronized update is open:
 *   the failure report's steps, so that "the screen as the key was sent" is a frame even when the
 *   key followed the app's drawing within one frame interval. @default none
 */
export async function* replayFrames(timeline: Timeline, fps: number, fromMs = timeline.startMs, cuts: readonly number[] = []): AsyncGenerator<Frame> {
  const model = new ScreenModel(timeline.size);
  const clock = new FrameClock(1000 / fps, fromMs);
  let appliedMs = timeline.startMs;
  let previous: ScreenSnapshot | undefined;
  let skipBrokenCharacter = timeline.truncated;

  /** When the frame due at `dueMs` can be taken: not before the last event applied, nor inside an open synchronized update. */
  const readyAt = (dueMs: number): number => Math.max(dueMs, appliedMs, model.synchronizedUntil ?? dueMs);

  /** Samples the pending frame at `atMs`, unless unchanged. */
  const sample = (atMs: number): Frame | undefined => {
    clock.taken(atMs);
    const snapshot = model.snapshot();
    if (previous && screensEqual(previous, snapshot)) return undefined;
    previous = snapshot;
    return { atMs, snapshot };
  };

  let nextCut = 0;
  try {
    for (const event of timeline.events) {
      // Frames due before this event: the fps frame and the cuts, in time order.
      for (;;) {
        const due = clock.dueMs;
        const fpsAt = due !== undefined && event.atMs > readyAt(due) ? readyAt(due) : undefined;
        const cut = cuts[nextCut];
        const cutAt = cut !== undefined && cut < event.atMs ? cut : undefined;
        if (fpsAt === undefined && cutAt === undefined) break;
        if (fpsAt !== undefined && (cutAt === undefined || fpsAt <= cutAt)) {
          const frame = sample(fpsAt);
          if (frame) yield frame;
          continue;
        }
        nextCut++;
        // A cut shows the screen only once it changed, after the first frame, and never half drawn.
        if (cutAt === undefined || due === undefined || cutAt < Math.max(appliedMs, fromMs) || (model.synchronizedUntil ?? cutAt) > cutAt) continue;
        const frame = sample(cutAt);
        if (frame) yield frame;
      }
      if (event.kind === 'resize') {
        model.resize(event);
      } else {
        const bytes = skipBrokenCharacter ? withoutLeadingContinuation(event.bytes) : event.bytes;
        skipBrokenCharacter = false;
        model.write(bytes, event.atMs);
      }
      appliedMs = event.atMs;
      clock.changed(event.atMs);
    }
    const due = clock.dueMs;
    if (due !== undefined) {
      const frame = sample(Math.max(due, appliedMs)); // the last screen, even in the middle of an update
      if (frame) yield frame;
    }
  } finally {
    model.dispose();
  }
}
