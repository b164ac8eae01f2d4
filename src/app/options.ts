/**
 * Every option and argument check of `TmuxApp`, in one place: {@link resolveAppOptions} checks
 * `start`'s options and merges them over the defaults once, and the `check…` functions guard the
 * arguments of the other methods. A wrong type (`press(42)`, `cols: '80'`, `ready: 'bogus'`) is a
 * ConfigError that names the argument, what was expected and what was given — never a TypeError
 * from deep inside. Pure: no processes, files or clocks.
 */
import { SCREEN, TERMINAL } from '../defaults.js';
import { ConfigError, describeValue } from '../errors.js';
import { checkSize } from '../geometry.js';
import type { Size } from '../geometry.js';
import type { TmuxServer } from '../host/index.js';
import { RENDER, resolveRenderOptions } from '../render/index.js';
import type { RenderOptions, Theme } from '../render/index.js';
import { checkDuration } from '../wait.js';
import type { Deadline } from '../wait.js';
import type { ReadyRule } from './ready.js';
import type { ShellName } from './shell-presets.js';
import type { TmuxAppOptions } from './start-options.js';

/** {@link TmuxAppOptions} checked, with every default applied that does not need I/O. */
export interface ResolvedAppOptions {
  command: readonly string[] | string;
  size: Size;
  /** Lines kept above the screen. */
  scrollback: number;
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** Undefined: the process-wide server. */
  server: TmuxServer | undefined;
  ready: ReadyRule;
  /** The readiness timeout the caller gave, in ms; undefined: the default, cut to `deadline`. */
  timeout: number | undefined;
  /** The deadline in effect when a wait begins (see `TmuxAppOptions.deadline`). */
  deadline: () => Deadline | undefined;
  signal: AbortSignal | undefined;
  /** The theme as given (for screenshots) and resolved (for the terminal's answers). */
  theme: { given: RenderOptions['theme']; resolved: Theme };
}

/** Options of {@link Shell.start}: those of `TmuxApp.start` but the command and readiness, plus which shell. */
export interface ShellOptions extends Omit<TmuxAppOptions, 'command' | 'ready'> {
  /**
   * The shell: `'bash'`, `'zsh'`, `'fish'` or `'sh'` (the system's /bin/sh, dash on Debian), found
   * on PATH. Started without any rc file of the user's, with the prompt `$ `. @default 'bash'
   */
  shell?: ShellName;
}

/** Defaults of `Shell.start` and the `shell` fixture. */
export const SHELL = {
  /** The shell to start. @default 'bash' */
  shell: 'bash',
} as const satisfies Required<Pick<ShellOptions, 'shell'>>;

const EXAMPLE = 'e.g. { command: ["vim", "notes.txt"] }';

/** An object that is not an array or a RegExp (prototypes are not compared: objects may come from another realm, e.g. Vitest's vm pools). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);
}

/**
 * Checks `TmuxApp.start`'s options and applies the defaults: `TERMINAL` size, `SCREEN.scrollback`, no extra env, the
 * current directory, readiness `'output'`, `RENDER.theme`.
 * @param cwd The directory a missing `cwd` means. @default process.cwd()
 * @throws {ConfigError} for options that are not an object, a command that is empty or not an argv
 *   array of strings / a string, a size out of range or not whole cells, a scrollback that is not
 *   a whole number of lines from 0 to `SCREEN.maxScrollback`, an env that is not an
 *   object of strings, has a name that is not a POSIX name or a value with a NUL, a cwd that is not a string, a server that is not a
 *   TmuxServer, a ready rule other than 'output', 'none' or { text }, a timeout that is not a
 *   number of ms ≥ 0, a malformed deadline, a signal that is not an AbortSignal, or a theme that is
 *   not 'dark', 'light' or a well-formed Theme.
 */
export function resolveAppOptions(options: unknown, cwd = process.cwd()): ResolvedAppOptions {
  if (!isPlainObject(options)) {
    throw new ConfigError(`TmuxApp.start() takes an options object with a command, ${EXAMPLE}; got ${describeValue(options)}.`);
  }
  const given = options as Partial<Record<keyof TmuxAppOptions, unknown>>;
  return {
    command: checkCommand(given.command),
    size: checkSize(given.cols ?? TERMINAL.cols, given.rows ?? TERMINAL.rows),
    scrollback: checkScrollback(given.scrollback ?? SCREEN.scrollback),
    env: checkEnv(given.env ?? {}),
    cwd: checkString(given.cwd ?? cwd, 'cwd', 'a directory path'),
    server: checkServer(given.server),
    ready: checkReady(given.ready ?? 'output'),
    timeout: given.timeout === undefined ? undefined : checkDuration(given.timeout, 'timeout'),
    deadline: checkDeadline(given.deadline),
    signal: checkSignal(given.signal),
    theme: checkTheme(given.theme ?? RENDER.theme),
  };
}

/** `theme` as given and resolved. @throws {ConfigError} for an unknown name or a malformed Theme (see `resolveRenderOptions`). */
function checkTheme(theme: unknown): { given: RenderOptions['theme']; resolved: Theme } {
  if (typeof theme !== 'string' && !(isPlainObject(theme) && Array.isArray(theme.palette))) {
    throw new ConfigError(`theme must be 'dark', 'light' or a Theme object (background, foreground, cursor, 16 palette colours); got ${describeValue(theme)}.`);
  }
  const given = theme as RenderOptions['theme'];
  return { given, resolved: resolveRenderOptions({ theme: given }).theme };
}

/** `scrollback` when it is a whole number of lines from 0 to `SCREEN.maxScrollback`. @throws {ConfigError} otherwise. */
function checkScrollback(scrollback: unknown): number {
  if (Number.isInteger(scrollback) && (scrollback as number) >= 0 && (scrollback as number) <= SCREEN.maxScrollback) return scrollback as number;
  throw new ConfigError(
    `scrollback must be a whole number of lines from 0 to ${SCREEN.maxScrollback} (the lines kept above the screen); got ${describeValue(scrollback)}.`,
  );
}

/** @throws {ConfigError} unless `signal` is undefined or an AbortSignal (by shape: it may come from another realm). */
function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  const candidate = signal as Partial<AbortSignal> | null;
  if (typeof candidate?.aborted === 'boolean' && typeof candidate.addEventListener === 'function') return signal as AbortSignal;
  throw new ConfigError(`signal must be an AbortSignal (new AbortController().signal); got ${describeValue(signal)}.`);
}

/** @throws {ConfigError} unless `command` is a non-blank string or a non-empty array of strings. */
function checkCommand(command: unknown): readonly string[] | string {
  if (typeof command === 'string' ? command.trim() === '' : Array.isArray(command) && command.length === 0) {
    throw new ConfigError(`The command is empty: give the program and its arguments, ${EXAMPLE}.`);
  }
  if (typeof command === 'string') return command;
  if (!Array.isArray(command)) {
    throw new ConfigError(`command must be an argv array of strings or a command line (a string), ${EXAMPLE}; got ${describeValue(command)}.`);
  }
  command.forEach((word: unknown, index) => checkString(word, `command[${index}]`, 'a string'));
  return command as readonly string[];
}

/**
 * A POSIX environment variable name (XBD 8.1): ASCII letters, digits and `_`, not starting with
 * a digit. /bin/sh (dash), which tmux runs to start every app, drops any other name from the
 * environment it passes on, so `{ 'A B': 'x' }` would silently not be set.
 */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `env` when it is an object of strings with POSIX names (see {@link ENV_NAME}) and values without NUL. @throws {ConfigError} otherwise. */
function checkEnv(env: unknown): Readonly<Record<string, string>> {
  if (!isPlainObject(env)) throw new ConfigError(`env must be an object of strings, e.g. { env: { NAME: "value" } }; got ${describeValue(env)}.`);
  for (const [name, value] of Object.entries(env)) {
    checkString(value, `env.${name}`, 'a string');
    if (!ENV_NAME.test(name)) {
      throw new ConfigError(
        `Invalid environment variable name '${name}': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.`,
      );
    }
    if ((value as string).includes('\0'))
      throw new ConfigError(`Invalid value of environment variable ${name}: it holds a NUL byte, which no environment string can.`);
  }
  return env as Readonly<Record<string, string>>;
}

/**
 * @throws {ConfigError} unless `server` is undefined or looks like a `TmuxServer` (duck-typed: a
 *   second copy of the package, e.g. `tmux-shot` beside a source alias, has its own class).
 */
function checkServer(server: unknown): TmuxServer | undefined {
  const looksLikeServer = isPlainObject(server) && typeof server.command === 'function' && typeof server.adopt === 'function';
  if (server === undefined || looksLikeServer) return server as TmuxServer | undefined;
  throw new ConfigError(`server must be a TmuxServer (from TmuxServer.create()); got ${describeValue(server)}.`);
}

/** @throws {ConfigError} unless `ready` is 'output', 'none' or { text: string | RegExp }. */
function checkReady(ready: unknown): ReadyRule {
  if (ready === 'output' || ready === 'none') return ready;
  if (isPlainObject(ready) && (typeof ready.text === 'string' || ready.text instanceof RegExp)) return { text: ready.text };
  const got = isPlainObject(ready) && 'text' in ready ? `{ text: ${describeValue(ready.text)} }` : describeValue(ready);
  throw new ConfigError(`ready must be 'output', 'none' or { text: string | RegExp }; got ${got}.`);
}

/**
 * `deadline` as the function waits ask: a fixed one (or none) always answers the same.
 * @throws {ConfigError} unless `deadline` is undefined, { at: ms, reason: string } or a function.
 */
function checkDeadline(deadline: unknown): () => Deadline | undefined {
  if (deadline === undefined) return () => undefined;
  if (typeof deadline === 'function') return deadline as () => Deadline | undefined;
  if (isPlainObject(deadline) && typeof deadline.at === 'number' && !Number.isNaN(deadline.at) && typeof deadline.reason === 'string') {
    const fixed = { at: deadline.at, reason: deadline.reason };
    return () => fixed;
  }
  throw new ConfigError(
    `deadline must be { at: ms on the performance.now() clock, reason: string }, or a function returning one; got ${describeValue(deadline)}.`,
  );
}

/** `value` when it is a string. @throws {ConfigError} naming `name` and `expected` otherwise. */
function checkString(value: unknown, name: string, expected: string): string {
  if (typeof value === 'string') return value;
  throw new ConfigError(`${name} must be ${expected}; got ${describeValue(value)}.`);
}

/**
 * The arguments of `press(...keys)` when each is a string (a key name).
 * @throws {ConfigError} for any other argument, with its position (from 1); an array says to spread it.
 */
export function checkKeys(keys: readonly unknown[]): string[] {
  keys.forEach((key, index) => {
    if (typeof key === 'string') return;
    const hint = Array.isArray(key) ? ' Spread an array of keys: press(...keys).' : '';
    throw new ConfigError(
      `press() takes key names as strings, one per argument: press('Down', 'Enter'); argument ${index + 1} is ${describeValue(key)}.${hint}`,
    );
  });
  return keys as string[];
}

/** The argument of `type(text)` when it is a string. @throws {ConfigError} otherwise. */
export function checkText(text: unknown): string {
  if (typeof text === 'string') return text;
  throw new ConfigError(`type() takes the text as a string; got ${describeValue(text)}.`);
}

/** A text pattern argument when it is a string or a RegExp. @throws {ConfigError} naming `method` otherwise. */
export function checkPattern(pattern: unknown, method: string): string | RegExp {
  if (typeof pattern === 'string' || pattern instanceof RegExp) return pattern;
  throw new ConfigError(`${method}() takes the text to find as a string or a RegExp; got ${describeValue(pattern)}.`);
}

/**
 * A method's options argument when it is undefined or an object (`{ timeout }`…).
 * @param shape How the options look, for the message: `{ timeout }`.
 * @throws {ConfigError} otherwise.
 */
export function checkOptions<T extends object>(options: T | undefined, method: string, shape: string): Partial<T> {
  if (options === undefined) return {};
  if (isPlainObject(options)) return options;
  throw new ConfigError(`${method}() takes an options object ${shape}; got ${describeValue(options)}.`);
}

/**
 * `options` as {@link checkOptions} takes them, when every key is one of `known`, so a misspelt
 * option fails instead of being ignored.
 * @throws {ConfigError} for options that are not an object, or naming the first unknown key and what `method` takes.
 */
export function checkKnownOptions<T extends object>(options: T | undefined, method: string, known: readonly string[]): Partial<T> {
  const shape = `{ ${known.join(', ')} }`;
  const given = checkOptions(options, method, shape);
  const unknown = Object.keys(given).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new ConfigError(`${method}() has no option '${unknown}'; it takes ${shape}.`);
  return given;
}

/**
 * The `scrollback` of `screen()`, `text()`, `waitForText()` or `getByText()` options: true or
 * false (left out: false).
 * @throws {ConfigError} for options that are not an object or `scrollback` that is not a boolean.
 */
export function checkScrollbackOption(options: { scrollback?: unknown } | undefined, method: string): boolean {
  const { scrollback = false } = checkKnownOptions(options, method, ['scrollback']);
  if (typeof scrollback === 'boolean') return scrollback;
  throw new ConfigError(`${method}() scrollback must be true or false; got ${describeValue(scrollback)}.`);
}

/** A listener argument when it is a function. @throws {ConfigError} naming `method` otherwise. */
export function checkListener<T extends Function>(listener: T, method: string): T {
  if (typeof listener === 'function') return listener;
  throw new ConfigError(`${method}() takes a function; got ${describeValue(listener)}.`);
}
