/**
 * Every error tmux-shot throws is a {@link TmuxShotError}; subclasses exist only where callers
 * branch on them. Data lives in fields, the original error in `cause`, and each message says what
 * happened and what to do next.
 */

/** Root of all tmux-shot errors. */
export class TmuxShotError extends Error {
  override name = 'TmuxShotError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The `tmux` binary could not be found or run. */
export class TmuxNotFoundError extends TmuxShotError {
  override name = 'TmuxNotFoundError';
  constructor(
    /** The binary that was tried. */
    readonly binary: string,
    /** `cause`: the spawn error (its `code` says which message: ENOENT not found, EACCES not executable). */
    options?: { cause?: unknown },
  ) {
    const code = (options?.cause as NodeJS.ErrnoException | undefined)?.code;
    const install = 'Debian/Ubuntu: apt-get install -y tmux; macOS: brew install tmux';
    super(
      code === undefined || code === 'ENOENT'
        ? `tmux was not found (tried '${binary}'). Install it (${install}) or point TMUX_SHOT_TMUX at the binary.`
        : `tmux could not be run: '${binary}' ${code === 'EACCES' ? 'is a directory or a file without execute permission' : 'could not be started'} (${code}). ` +
            `Point TMUX_SHOT_TMUX at the tmux binary, or install tmux (${install}).`,
      options,
    );
  }
}

/** A tmux command failed, timed out, or answered with `%error`. */
export class TmuxCommandError extends TmuxShotError {
  override name = 'TmuxCommandError';
  constructor(
    message: string,
    /** The tmux arguments that failed (never includes secrets: we pass none). */
    readonly args: readonly string[],
    /** What tmux printed on stderr or in its `%error` block. */
    readonly stderr: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A wait (`waitForText`, `waitForStable`, `waitForExit`…) ran out of time. */
export class WaitTimeoutError extends TmuxShotError {
  override name = 'WaitTimeoutError';
  constructor(
    message: string,
    /** How long the wait ran, in ms. */
    readonly timeout: number,
    /** The screen text when the wait gave up. */
    readonly screenText: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Why a key name was refused: `'unknown'`, a name neither tmux nor our aliases know (`enter`,
 * `Cmd+a`); `'combination'`, known keys and modifiers that tmux cannot send together (`Shift+1`,
 * `Control+$`); `'extendedKeys'`, a key tmux 3.3a sends only as an extended key (`Control+Enter`
 * → `CSI 13 ; 5 u`) to an app that has not asked for extended keys.
 */
export type KeyNameProblem = 'unknown' | 'combination' | 'extendedKeys';

/** What {@link keyNameMessage} says about a refused key name: a {@link KeyNameError}'s fields. */
export interface KeyNameRefusal {
  /** The key name as given. */
  readonly key: string;
  /** Valid names closest to it, best first. */
  readonly suggestions: readonly string[];
  /** Why it was refused. */
  readonly reason: KeyNameProblem;
  /** For `'combination'`, why tmux cannot send it (a clause); else ''. */
  readonly why: string;
  /** How the suggestion differs from the name, in sentences; '' when there is nothing to add. */
  readonly note: string;
}

/** A key name tmux cannot send: unknown, a combination tmux cannot send, or an extended key the app has not asked for (see `reason`). */
export class KeyNameError extends TmuxShotError {
  override name = 'KeyNameError';
  constructor(
    /** The key name as given. */
    readonly key: string,
    /**
     * Valid names closest to it, best first; for `'combination'` and `'extendedKeys'`, the key
     * the user most likely means that can be sent (`Shift+1` → `!`, `Control+Enter` → `Enter`).
     */
    readonly suggestions: readonly string[],
    /** Why it was refused. @default 'unknown' */
    readonly reason: KeyNameProblem = 'unknown',
    /** For `'combination'`, why tmux cannot send it (a clause). @default '' */
    readonly why: string = '',
    /** How the suggestion differs from the name, in sentences (`The app then reads it without Control.`). @default '' */
    readonly note: string = '',
  ) {
    super(keyNameMessage({ key, suggestions, reason, why, note }, 'type()'));
  }
}

/**
 * The message of a {@link KeyNameError}, ending with how to send literal text where the name was
 * given: `'type()'` in the library, `'--type'` on the command line, the agent's text tool.
 */
export function keyNameMessage(refusal: KeyNameRefusal, literalText: string): string {
  const { key, suggestions, reason, why, note } = refusal;
  const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?` : '';
  const more = note ? ` ${note}` : '';
  if (reason === 'extendedKeys') {
    return (
      `Key '${key}' is an extended key, and the app has not asked for extended keys: tmux 3.3a sends it (as CSI u, ` +
      `e.g. Control+Enter as ESC [ 13 ; 5 u) only to an app that turned on xterm's modifyOtherKeys (CSI > 4 ; 1 m or ` +
      `CSI > 4 ; 2 m); to any other app it sends nothing or types the name as text.${hint}${more} Press '${key}' once the app ` +
      `has turned them on, or send the bytes the app expects with ${literalText}.`
    );
  }
  if (reason === 'combination') {
    return `Key '${key}' is a combination tmux cannot send: ${why}.${hint}${more} Press the key you mean, or send literal text with ${literalText}.`;
  }
  return (
    `Unknown key name '${key}'.${hint}${more} Use tmux key names (C-c, M-x, Enter, Up, F1…) or Playwright-style ` +
    `names (Control+C, ArrowUp); send literal text with ${literalText}.`
  );
}

/** The app could not be started, or exited before it was ready. */
export class AppExitedError extends TmuxShotError {
  override name = 'AppExitedError';
  constructor(
    message: string,
    /** Exit status; null when a signal ended it, or when it was refused before it ran (both fields null). */
    readonly exitCode: number | null,
    /** Signal name that ended it, if any. */
    readonly signal: string | null,
    /** The pane's last screen text ('' when it never ran). */
    readonly screenText: string,
  ) {
    super(message);
  }
}

/**
 * A locator matched more than one place where one was needed: a single-value read
 * (`boundingBox()`, `cells()`, `text()`, `isVisible()`) or an action. Playwright's "strict mode
 * violation"; choose with `.first()`, `.last()` or `.nth(i)`, or narrow the locator.
 */
export class StrictModeError extends TmuxShotError {
  override name = 'StrictModeError';
  constructor(
    message: string,
    /** Every place the locator matched, rows top to bottom, then left to right: cell boxes as `CellRect`. */
    readonly matches: readonly { row: number; col: number; rows: number; cols: number }[],
  ) {
    super(message);
  }
}

/**
 * A mouse action found the app not reporting the mouse: it did not turn mouse tracking on (DECSET
 * `CSI ? 1000 h` or 9, 1002, 1003; xterm ctlseqs, "Mouse Tracking") within the action's timeout,
 * so a terminal would send it nothing. Pass `{ force: true }` to send the report anyway.
 */
export class MouseNotEnabledError extends TmuxShotError {
  override name = 'MouseNotEnabledError';
  constructor(
    message: string,
    /** How long the action waited for the app to turn reporting on, in ms. */
    readonly timeout: number,
    /** The screen text when the action gave up. */
    readonly screenText: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A replayed cassette does not match the live run (screen digest, stale header, exhausted entries). */
export class CassetteMismatchError extends TmuxShotError {
  override name = 'CassetteMismatchError';
}

/** A model API call failed for good (non-transient, or the retry budget is spent). */
export class ModelApiError extends TmuxShotError {
  override name = 'ModelApiError';
  constructor(
    message: string,
    /** HTTP status, when the server answered. */
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A bundled font file, or a font package's `unicode.json` or `package.json`, is missing or
 * damaged (truncated, zeroed, unparsable): the install is broken. Nothing is cached, so a retry
 * after reinstalling works, and the other fonts keep drawing meanwhile.
 */
export class FontLoadError extends TmuxShotError {
  override name = 'FontLoadError';
  constructor(
    /** The file: its resolved path, or the module specifier Node could not resolve. */
    readonly file: string,
    /** The npm package the file belongs to (`tmux-shot` for the vendored emoji font). */
    readonly packageName: string,
    /** What was wrong with it: the low-level error's first line, or what it lacks. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Could not load ${file} from the package ${packageName}: ${reason}. Reinstall tmux-shot's dependencies: npm ci.`, options);
  }
}

/** Invalid options or configuration (sizes out of range, missing API key…). */
export class ConfigError extends TmuxShotError {
  override name = 'ConfigError';
}

/**
 * What a caller passed, for "expected X; got Y" messages: numbers, booleans, null and undefined as
 * written (`-1`, `NaN`), strings quoted and named (`the string '80'`), RegExps as written, and
 * the kind of anything else (`an array`, `a function`, `an object { x, y }`, `a Map`).
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value).replace(/^"|"$/g, "'")}`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object' || value === null) return String(value);
  if (value instanceof RegExp) return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${value.length}`;
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== null && prototype !== Object.prototype) {
    const name = (prototype.constructor as { name?: string } | undefined)?.name || 'object';
    return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;
  }
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty object' : `an object { ${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''} }`;
}
