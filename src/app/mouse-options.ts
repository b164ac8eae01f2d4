/** The mouse's options, their defaults ({@link MOUSE}) and the checks of its arguments (positions, buttons, modifiers, steps, counts). Pure. */
import { ConfigError, describeValue } from '../errors.js';
import type { CellPosition, Size } from '../geometry.js';
import { MOUSE_BUTTONS, MOUSE_MODIFIERS } from '../term/index.js';
import type { MouseButton, MouseModifier } from '../term/index.js';
import { checkDuration } from '../wait.js';

/** What every mouse action takes (Playwright's `force`, `modifiers`, `timeout`). */
export interface MouseActionOptions {
  /** Modifiers held during the action: each adds to the report's button code (4 Shift, 8 Alt, 16 Control). @default [] */
  modifiers?: MouseModifier[];
  /**
   * Sends at once without waiting for the app to turn mouse reporting on, as normal tracking
   * (1000) in the app's current encoding when it has none on. @default false
   */
  force?: boolean;
  /** How long to wait for the app to turn mouse reporting on, in ms. @default WAIT.timeout (5000), or less to end by the app's deadline */
  timeout?: number;
}

/** Every option that has a default in {@link MOUSE}: all but `timeout`. */
export interface MouseDefaults {
  button: MouseButton;
  modifiers: readonly MouseModifier[];
  force: boolean;
  steps: number;
  clickCount: number;
}

/**
 * Defaults of `tmuxApp.mouse` calls (src/app/mouse.ts), as Playwright's `page.mouse`; a call's
 * `timeout` defaults to `WAIT.timeout`.
 */
export const MOUSE = {
  /** The button of `click`, `dblclick`, `down`, `up` and `drag`. @default 'left' */
  button: 'left',
  /** Modifiers held during a call. @default [] */
  modifiers: [],
  /** Send without waiting for the app to turn mouse reporting on. @default false */
  force: false,
  /** Steps of `move` and of `drag`'s move. @default 1 */
  steps: 1,
  /** Press-release pairs of `click`. @default 1 */
  clickCount: 1,
} as const satisfies MouseDefaults;

/** The options of one action after their checks. */
export interface CheckedMouseOptions {
  modifiers: MouseModifier[];
  force: boolean;
  timeout: number | undefined;
  button: MouseButton;
  steps: number;
  clickCount: number;
}

/**
 * Most press-release pairs (`clickCount`) or wheel notches (`deltaRows`) one call sends: each is a
 * tmux command (≈ 1 ms), and a mistyped count must not keep a test sending for minutes.
 */
const MAX_REPORTS = 1000;

/** The options each action takes, so a misspelt one fails instead of being ignored. */
const COMMON_OPTIONS = ['modifiers', 'force', 'timeout'];
const OPTION_NAMES: Readonly<Record<string, readonly string[]>> = {
  click: [...COMMON_OPTIONS, 'button', 'clickCount'],
  dblclick: [...COMMON_OPTIONS, 'button'],
  down: [...COMMON_OPTIONS, 'button'],
  up: [...COMMON_OPTIONS, 'button'],
  move: [...COMMON_OPTIONS, 'steps'],
  drag: [...COMMON_OPTIONS, 'button', 'steps'],
};

/**
 * `options` of `mouse.<method>()` (or of a locator action, named `caller`, which also takes `alsoKnown`) with their defaults (`MOUSE`: no modifiers, no force, the left
 * button, 1 step, 1 click).
 * @throws {ConfigError} for options that are not an object, an option `method` does not take, an unknown button or modifier, a
 *   `force` that is not a boolean, a timeout that is not a number of ms ≥ 0, `steps` that is not a whole number ≥ 1, or a `clickCount` that is not one from 1 to 1000.
 */
export function checkMouseOptions(options: unknown, method: string, caller = `mouse.${method}()`, alsoKnown: readonly string[] = []): CheckedMouseOptions {
  const known = [...alsoKnown, ...(OPTION_NAMES[method] ?? COMMON_OPTIONS)];
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new ConfigError(`${caller} takes an options object { ${known.join(', ')} }; got ${describeValue(options)}.`);
  }
  const given = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    throw new ConfigError(`${caller} has no option '${unknown}'; it takes ${known.join(', ')}.`);
  }
  return {
    modifiers: checkModifiers(given.modifiers ?? MOUSE.modifiers, caller),
    force: checkForce(given.force ?? MOUSE.force, caller),
    timeout: given.timeout === undefined ? undefined : checkDuration(given.timeout, `${caller} timeout`),
    button: checkButton(given.button ?? MOUSE.button, caller),
    steps: checkCount(given.steps ?? MOUSE.steps, 'steps', caller),
    clickCount: checkCount(given.clickCount ?? MOUSE.clickCount, 'clickCount', caller, MAX_REPORTS),
  };
}

/**
 * `position` when it is a whole cell inside a screen of `size`.
 * @throws {ConfigError} naming the screen's size and its valid columns and rows otherwise.
 */
export function checkPosition(position: CellPosition, size: Size, method: string): CellPosition {
  const { col, row } = position;
  if (typeof col === 'object' && col !== null) {
    throw new ConfigError(`mouse.${method}() takes the cell as two numbers, col then row: mouse.${method}(3, 5); got an object as col.`);
  }
  const whole = (value: unknown, below: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < below;
  if (whole(col, size.cols) && whole(row, size.rows)) return { col, row };
  throw new ConfigError(
    `mouse.${method}(): col ${describeValue(col)}, row ${describeValue(row)} is not a cell of the ${size.cols}×${size.rows} screen; ` +
      `cells are whole numbers counted from 0 (col 0–${size.cols - 1}, row 0–${size.rows - 1}).`,
  );
}

/** `delta` of `wheel()` when it is a whole number of rows. @throws {ConfigError} otherwise. */
export function checkDelta(delta: unknown): number {
  if (Number.isInteger(delta) && Math.abs(delta as number) <= MAX_REPORTS) return delta as number;
  throw new ConfigError(
    `mouse.wheel() takes a whole number of rows from -${MAX_REPORTS} to ${MAX_REPORTS} (positive scrolls down, one wheel notch each); got ${describeValue(delta)}.`,
  );
}

function checkButton(button: unknown, caller: string): MouseButton {
  if (MOUSE_BUTTONS.includes(button as MouseButton)) return button as MouseButton;
  throw new ConfigError(`${caller}: button must be ${MOUSE_BUTTONS.map((b) => `'${b}'`).join(', ')}; got ${describeValue(button)}.`);
}

function checkModifiers(modifiers: unknown, caller: string): MouseModifier[] {
  const names = [...MOUSE_MODIFIERS.keys()].map((name) => `'${name}'`).join(', ');
  if (!Array.isArray(modifiers)) {
    throw new ConfigError(`${caller}: modifiers must be an array of ${names}; got ${describeValue(modifiers)}.`);
  }
  for (const modifier of modifiers) {
    if (!MOUSE_MODIFIERS.has(modifier as MouseModifier)) {
      const hint = modifier === 'Meta' ? " (xterm's Meta is 'Alt')" : modifier === 'Ctrl' ? " (it is spelt 'Control')" : '';
      throw new ConfigError(`${caller}: unknown modifier ${describeValue(modifier)}${hint}; a mouse report carries only ${names}.`);
    }
  }
  return [...new Set(modifiers as MouseModifier[])];
}

function checkForce(force: unknown, caller: string): boolean {
  if (typeof force === 'boolean') return force;
  throw new ConfigError(`${caller}: force must be true or false; got ${describeValue(force)}.`);
}

function checkCount(value: unknown, name: string, caller: string, max = Number.MAX_SAFE_INTEGER): number {
  if (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max) return value as number;
  const range = max === Number.MAX_SAFE_INTEGER ? '≥ 1' : `from 1 to ${max}`;
  throw new ConfigError(`${caller}: ${name} must be a whole number ${range}; got ${describeValue(value)}.`);
}
