/** The rendering flags shared by `shot`, `record` and `render`. */
import type { RenderOptions } from '../render/index.js';
import { UsageError } from './usage-error.js';

/** util.parseArgs options for the rendering flags. */
export const RENDER_OPTIONS = {
  theme: { type: 'string' },
  scale: { type: 'string' },
  cursor: { type: 'string' },
} as const;

/** Help lines for the rendering flags. */
export const RENDER_USAGE = `  --theme NAME       dark or light (default dark)
  --scale N          1 or 2: pixel density (default 1)
  --cursor MODE      show or hide the cursor (default show)`;

/**
 * Reads the rendering flags into render options (only those given).
 * @throws {UsageError} for a value outside the listed ones.
 */
export function renderFlags(command: string, values: Record<string, unknown>): Partial<RenderOptions> {
  const options: Partial<RenderOptions> = {};
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const value = values[name];
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) {
      throw new UsageError(`--${name} takes ${allowed.join(' or ')}, not '${String(value)}'`, command);
    }
    return value as T;
  };
  const theme = pick('theme', ['dark', 'light'] as const);
  const scale = pick('scale', ['1', '2'] as const);
  const cursor = pick('cursor', ['show', 'hide'] as const);
  if (theme) options.theme = theme;
  if (scale) options.scale = Number(scale) as 1 | 2;
  if (cursor) options.cursor = cursor;
  return options;
}
