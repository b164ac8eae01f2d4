/**
 * The frames of a recording for the failure report: the same screens the GIF shows, drawn by the
 * same renderer, each stored as the PNG of the part that changed (a patch over the previous
 * frame) or, every so often and when most of the screen changed, the whole screen (a keyframe),
 * with its cells for the inspector.
 */
import type { InspectedScreen } from '../render/inspect.js';

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
