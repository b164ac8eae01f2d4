/** Recording options: the caller's partial options merged once over {@link RECORD} and checked. */
import { GIF, RECORD } from '../defaults.js';
import { checkOption, mergeOptions, resolveRenderOptions } from '../render/index.js';
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
