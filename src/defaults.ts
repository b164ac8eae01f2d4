/**
 * Every default value of tmux-shot, in one place. Each block is typed `Required<…>` (or a
 * readonly literal) so an option without a default does not compile. Units are in the TSDoc.
 */

/** Terminal size and limits. */
export const TERMINAL = {
  /** Columns of a new app. @default 80 */
  cols: 80,
  /** Rows of a new app. @default 24 */
  rows: 24,
  /** Smallest accepted size, in cells. */
  minCols: 2,
  minRows: 2,
  /** Largest accepted size, in cells (tmux's own limit is 10000). */
  maxCols: 1000,
  maxRows: 1000,
} as const;

/** tmux host settings. */
export const HOST = {
  /** The tmux binary; `TMUX_SHOT_TMUX` overrides it. @default 'tmux' */
  tmuxBinary: 'tmux',
  /** Timeout of any single tmux command, in ms. @default 10000 */
  commandTimeout: 10_000,
  /** Scrollback kept by tmux, in lines. @default 10000 */
  historyLimit: 10_000,
  /** How long `close()` waits for the tmux server process to exit, in ms. @default 5000 */
  exitTimeout: 5_000,
} as const;

/**
 * The environment every app starts with (the caller's `env` overrides any of these).
 * TERM is set by tmux from its `default-terminal` (tmux-256color).
 */
export const APP_ENV: Readonly<Record<string, string>> = {
  COLORTERM: 'truecolor',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TZ: 'UTC',
};

/** Waits over the live screen. */
export const WAIT = {
  /** How long a wait may take before it throws, in ms. @default 5000 */
  timeout: 5_000,
  /** Output silence that counts as "settled", in ms. @default 200 */
  quietMs: 200,
  /** Poll interval of text waits when no output arrives, in ms. @default 50 */
  pollMs: 50,
} as const;
