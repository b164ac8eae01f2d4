/** Recording options: the caller's partial options merged once over {@link RECORD} and checked. */
import { RECORD } from '../defaults.js';
import { ConfigError } from '../errors.js';
import { resolveRenderOptions } from '../render/index.js';
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
}

/** {@link RecordOptions} after merging and checking; render options resolved. */
export interface ResolvedRecordOptions {
  readonly fps: number;
  readonly idleCap: number;
  readonly keepRealTime: boolean;
  readonly lastFrameHold: number;
  readonly render: ResolvedRenderOptions;
}

function check(ok: boolean, name: string, rule: string, value: unknown): void {
  if (!ok) throw new ConfigError(`Record option ${name} must be ${rule}; got ${String(value)}.`);
}

/**
 * Merges `options` over {@link RECORD} (timing; the cursor is shown, as a recording shows typing)
 * and the render defaults, and checks them.
 * @throws ConfigError for an fps outside 1–50, an idle cap or last-frame hold under 20 ms, or an
 *   invalid render option (see `resolveRenderOptions`).
 */
export function resolveRecordOptions(options: Partial<RecordOptions> = {}): ResolvedRecordOptions {
  const {
    fps = RECORD.fps,
    idleCap = RECORD.idleCap,
    keepRealTime = RECORD.keepRealTime,
    lastFrameHold = RECORD.lastFrameHold,
    cursor = RECORD.cursor,
    ...render
  } = options;
  check(Number.isFinite(fps) && fps >= 1 && fps <= RECORD.maxFps, 'fps', `a number from 1 to ${RECORD.maxFps}`, fps);
  check(Number.isFinite(idleCap) && idleCap >= 20, 'idleCap', 'a number of ms, at least 20', idleCap);
  check(Number.isFinite(lastFrameHold) && lastFrameHold >= 20, 'lastFrameHold', 'a number of ms, at least 20', lastFrameHold);
  check(typeof keepRealTime === 'boolean', 'keepRealTime', 'true or false', keepRealTime);
  return { fps, idleCap, keepRealTime, lastFrameHold, render: resolveRenderOptions({ ...render, cursor }) };
}
