/**
 * record/'s options and their defaults: GIF recordings (merged once over {@link RECORD} and
 * checked), the failure report's frames, timelines and asciicast files.
 */
import { GIF } from '../defaults.js';
import { checkOption, mergeOptions, RENDER, resolveRenderOptions } from '../render/index.js';
import type { RenderOptions, ResolvedRenderOptions } from '../render/index.js';

/**
 * How a timeline becomes a GIF: frame timing plus every render option (theme, font size, scale,
 * padding, cursor…), so a GIF looks like the PNG screenshots of the same screens.
 */
export interface RecordOptions extends RenderOptions {
  /** Frames per second at most, from 1 to 50 (browsers slow down shorter GIF delays). @default 30 */
  fps: number;
  /** Longest time one unchanged frame is shown, in ms (at least 20), unless `keepRealTime`. @default 2000 */
  idleCap: number;
  /** Show idle stretches for as long as they really lasted. @default false */
  keepRealTime: boolean;
  /** Shortest time the last frame is shown, in ms (at least 20). @default 1000 */
  lastFrameHold: number;
  /**
   * How much of the end of the timeline becomes frames, in ms (at least 20): the GIF starts that
   * long before the end, with the screen as the output before it drew it. Bounds the frames (and
   * the time to draw them) of a long recording. @default Infinity (all of it)
   */
  tail: number;
  /**
   * How much of the newest output is replayed, in bytes as a timeline's memory budget counts them
   * (`TIMELINE.budgetBytes`: output plus `EVENT_OVERHEAD_BYTES` per chunk); older output is dropped
   * and the GIF starts from a blank screen, as for a truncated timeline. Bounds the replay of an
   * output flood. @default Infinity (all of it)
   */
  tailBytes: number;
}

/**
 * Recordings drawn as GIFs (src/record/); see `RecordOptions`. A GIF is drawn like a screenshot
 * ({@link RENDER}), with frame timing on top.
 */
export const RECORD = {
  ...RENDER,
  /** Cursor in GIFs: shown, since a recording shows typing (screenshots in tests hide it). @default 'show' */
  cursor: 'show',
  /** Frames per second at most; the screen is sampled no more often than this. @default 30 */
  fps: 30,
  /** Longest time one unchanged frame is shown, in ms, unless `keepRealTime`. @default 2000 */
  idleCap: 2_000,
  /** Show idle stretches for as long as they really lasted (no `idleCap`). @default false */
  keepRealTime: false,
  /** Shortest time the last frame is shown, in ms, so a GIF does not loop straight past the end. @default 1000 */
  lastFrameHold: 1_000,
  /** How much of the end of the timeline becomes frames, in ms. @default Infinity (all of it) */
  tail: Number.POSITIVE_INFINITY,
  /** How much of the newest output is replayed, in bytes of the timeline's memory budget. @default Infinity (all of it) */
  tailBytes: Number.POSITIVE_INFINITY,
} as const satisfies Required<RecordOptions>;

/**
 * How a timeline becomes the report's frames: the GIF's frame timing and render options (the same
 * frames, drawn with the same pixels), how often a keyframe comes, and what the frames may cost:
 * frames and cells (chosen before any is drawn), and PNG bytes.
 */
export interface ReportFramesOptions extends RecordOptions {
  /** A keyframe at least every this many frames (1 or more). @default 30 */
  keyframeInterval: number;
  /** PNG bytes all frames may take together (above 0); the oldest frames are left out past it. @default 4194304 (4 MiB) */
  budgetBytes: number;
  /** Frames kept at most (1 or more): the newest; older ones are never drawn. @default 120 */
  maxFrames: number;
  /**
   * Cells the kept frames may hold together (cols × rows of each frame, summed; above 0): the
   * newest frames that fit are kept, older ones are never drawn; the last frame is kept even alone
   * over it. @default 250000
   */
  maxCells: number;
}

/** The frames of the failure report's timeline (src/record/report-frames.ts); see `ReportFramesOptions`. */
export const REPORT_FRAMES = {
  ...RECORD,
  /**
   * A whole-screen frame (a keyframe) at least every this many frames, so showing any frame
   * composes at most this many patches. @default 30
   */
  keyframeInterval: 30,
  /**
   * PNG bytes all frames may take together; past it the oldest frames are left out (the last
   * one is always kept) and the frames say they were truncated. @default 4194304 (4 MiB)
   */
  budgetBytes: 4 * 1024 * 1024,
  /**
   * Frames kept at most: the newest (4 s at 30 fps); older ones are left out before any is drawn,
   * so a long busy recording costs no more than this many frames. @default 120
   */
  maxFrames: 120,
  /**
   * Cells all kept frames may hold together (cols × rows of each, summed), so the work is bounded
   * by the screen's size too: a frame that redraws every cell costs about 9 µs a cell (render,
   * colour snapping, PNG, cells; measured on a 200×50 truecolour animation), so this is about
   * 2.3 s at most. 120 frames of 80×24 fit, 25 of 200×50, and a 1000×1000 screen keeps its last
   * frame only. Older frames are left out before any is drawn. @default 250000
   */
  maxCells: 250_000,
} as const satisfies Required<ReportFramesOptions>;

/** Options of {@link Timeline}. */
export interface TimelineOptions {
  /** Memory the timeline may hold, in bytes (see `EVENT_OVERHEAD_BYTES`, timeline.ts). @default TIMELINE.budgetBytes (32 MiB) */
  budgetBytes?: number;
  /** Wall-clock time of `atMs = 0`, in ms since the Unix epoch; written to asciicast headers only. */
  startedAt?: number;
}

/**
 * The always-on timeline of a pane's output (src/record/); see `TimelineOptions` (`startedAt` has
 * no default: without it an asciicast header has no timestamp).
 */
export const TIMELINE = {
  /**
   * Memory a timeline may hold, in bytes (output bytes plus a fixed overhead per event); past it
   * the oldest events are dropped and the timeline says it was truncated. @default 33554432 (32 MiB)
   */
  budgetBytes: 32 * 1024 * 1024,
} as const satisfies Required<Omit<TimelineOptions, 'startedAt'>>;

/** Options of {@link formatAsciicast}. */
export interface AsciicastOptions {
  /** `TERM` written in the header's `env`. @default ASCIICAST.term ('tmux-256color') */
  term?: string;
}

/** asciicast files written from a timeline (src/record/); see `AsciicastOptions`. */
export const ASCIICAST = {
  /** `TERM` written in asciicast headers: tmux's `default-terminal` in our pinned config. @default 'tmux-256color' */
  term: 'tmux-256color',
} as const satisfies Required<AsciicastOptions>;

/** {@link RecordOptions} after merging and checking; render options resolved. */
export interface ResolvedRecordOptions {
  readonly fps: number;
  readonly idleCap: number;
  readonly keepRealTime: boolean;
  readonly lastFrameHold: number;
  readonly tail: number;
  readonly tailBytes: number;
  readonly render: ResolvedRenderOptions;
}

/**
 * Merges `options` over {@link RECORD} (the render defaults, but with the cursor shown, as a
 * recording shows typing) and checks them.
 * @throws {ConfigError} when fps is outside 1–50, an idle cap, last-frame hold or tail is under
 *   20 ms, tailBytes is not a positive number, or a render option is invalid (see
 *   `resolveRenderOptions`).
 */
export function resolveRecordOptions(options: Partial<RecordOptions> = {}): ResolvedRecordOptions {
  const { fps, idleCap, keepRealTime, lastFrameHold, tail, tailBytes, ...render } = mergeOptions<RecordOptions>(RECORD, options);
  const ms = (value: number): boolean => Number.isFinite(value) && value >= 20;
  checkOption(Number.isFinite(fps) && fps >= 1 && fps <= GIF.maxFps, 'Record', 'fps', `a number from 1 to ${GIF.maxFps}`, String(fps));
  checkOption(ms(idleCap), 'Record', 'idleCap', 'a number of ms, at least 20', String(idleCap));
  checkOption(ms(lastFrameHold), 'Record', 'lastFrameHold', 'a number of ms, at least 20', String(lastFrameHold));
  checkOption(typeof keepRealTime === 'boolean', 'Record', 'keepRealTime', 'true or false', String(keepRealTime));
  checkOption(typeof tail === 'number' && tail >= 20, 'Record', 'tail', 'a number of ms, at least 20 (Infinity: all)', String(tail));
  checkOption(typeof tailBytes === 'number' && tailBytes > 0, 'Record', 'tailBytes', 'a number of bytes above 0 (Infinity: all)', String(tailBytes));
  return { fps, idleCap, keepRealTime, lastFrameHold, tail, tailBytes, render: resolveRenderOptions(render) };
}
