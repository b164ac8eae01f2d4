/** The GIF timing flags shared by `record` and `render`. */
import { GIF, RECORD } from '../defaults.js';
import type { RecordOptions } from '../record/index.js';
import { intFlag } from './args.js';
import { renderFlags, RENDER_OPTIONS, RENDER_USAGE } from './render-flags.js';

/** util.parseArgs options for GIF timing plus the rendering flags. */
export const GIF_OPTIONS = {
  fps: { type: 'string' },
  'idle-cap': { type: 'string' },
  'real-time': { type: 'boolean' },
  ...RENDER_OPTIONS,
} as const;

/** Help lines for the GIF flags. */
export const GIF_USAGE = `  --fps N            frames per second at most, 1–${GIF.maxFps} (default ${RECORD.fps})
  --idle-cap MS      longest pause shown, in ms (default ${RECORD.idleCap})
  --real-time        keep pauses as long as they really were
${RENDER_USAGE}`;

/**
 * Reads the GIF flags into record options (only those given).
 * @throws {UsageError} for values out of range.
 */
export function gifFlags(command: string, values: Record<string, unknown>): Partial<RecordOptions> {
  const options: Partial<RecordOptions> = { ...renderFlags(command, values) };
  if (values.fps !== undefined) options.fps = intFlag(command, 'fps', values.fps, RECORD.fps, 1, GIF.maxFps);
  if (values['idle-cap'] !== undefined) options.idleCap = intFlag(command, 'idle-cap', values['idle-cap'], RECORD.idleCap, 20, 3_600_000);
  if (values['real-time']) options.keepRealTime = true;
  return options;
}
