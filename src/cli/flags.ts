/**
 * The flags several commands share, a group each: its util.parseArgs options, its help lines, and
 * a reader that turns the parsed values into options (only those given, where the library has the
 * defaults). The terminal's size (`shot`, `record`, `agent`), the app's waits and its input steps
 * (`shot`, `record`), rendering (`shot`, `record`, `render`) and GIF timing (`record`, `render`).
 */
import { GIF, TERMINAL, WAIT } from '../defaults.js';
import { RECORD } from '../record/index.js';
import type { Size } from '../geometry.js';
import type { RecordOptions } from '../record/index.js';
import type { RenderOptions } from '../render/index.js';
import { intFlag, UsageError } from './args.js';

/** util.parseArgs options for the terminal's size. */
export const SIZE_OPTIONS = {
  cols: { type: 'string' },
  rows: { type: 'string' },
} as const;

/** Help lines for the terminal's size. */
export const SIZE_USAGE = `  --cols N           terminal columns (default ${TERMINAL.cols})
  --rows N           terminal rows (default ${TERMINAL.rows})`;

/**
 * Reads `--cols` and `--rows`.
 * @throws {UsageError} when the size is outside TERMINAL's limits.
 */
export function sizeFlags(command: string, values: Record<string, unknown>): Size {
  return {
    cols: intFlag(command, 'cols', values.cols, TERMINAL.cols, TERMINAL.minCols, TERMINAL.maxCols),
    rows: intFlag(command, 'rows', values.rows, TERMINAL.rows, TERMINAL.minRows, TERMINAL.maxRows),
  };
}

/** util.parseArgs options for the input steps, kept in the order given (see `ParsedArgs.steps`). */
export const INPUT_OPTIONS = {
  keys: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
} as const;

/** Help lines for the input steps. */
export const INPUT_USAGE = `  --keys "K …"       press tmux key names, space-separated: "Down Down Enter", "C-c", "F1"
  --type TEXT        type literal text; "\\n" is not special here (use --keys Enter);
                     text starting with "-" is written --type=-n`;

/** util.parseArgs options for the app's waits. */
export const WAIT_OPTIONS = {
  settle: { type: 'string' },
  timeout: { type: 'string' },
  ready: { type: 'string' },
} as const;

/** Help lines for the app's waits. */
export const WAIT_USAGE = `  --settle MS        output silence that counts as settled, in ms (default ${WAIT.quietMs})
  --timeout MS       longest wait for start-up, for text and for settling, in ms (default ${WAIT.timeout})
  --ready MODE       output: start once the app has printed and gone quiet (default);
                     none: at once, for apps that wait silently (cat, a blank prompt)`;

/** The app's waits as read from the flags; durations in ms. */
export interface WaitFlags {
  quietMs: number;
  timeout: number;
  ready: 'output' | 'none';
}

/**
 * Reads `--settle`, `--timeout` and `--ready output|none` (see `ReadyRule` of `TmuxApp.start`).
 * @throws {UsageError} when a duration is out of range or the ready mode is another.
 */
export function waitFlags(command: string, values: Record<string, unknown>): WaitFlags {
  const { ready = 'output' } = values;
  if (ready !== 'output' && ready !== 'none') throw new UsageError(`--ready takes output or none, not '${String(ready)}'`, command);
  return {
    quietMs: intFlag(command, 'settle', values.settle, WAIT.quietMs, 0, 600_000),
    timeout: intFlag(command, 'timeout', values.timeout, WAIT.timeout, 1, 3_600_000),
    ready,
  };
}

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
 * @throws {UsageError} when a value is not one of the listed ones.
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
 * @throws {UsageError} when a value is out of range.
 */
export function gifFlags(command: string, values: Record<string, unknown>): Partial<RecordOptions> {
  const options: Partial<RecordOptions> = { ...renderFlags(command, values) };
  if (values.fps !== undefined) options.fps = intFlag(command, 'fps', values.fps, RECORD.fps, 1, GIF.maxFps);
  if (values['idle-cap'] !== undefined) options.idleCap = intFlag(command, 'idle-cap', values['idle-cap'], RECORD.idleCap, 20, 3_600_000);
  if (values['real-time']) options.keepRealTime = true;
  return options;
}
