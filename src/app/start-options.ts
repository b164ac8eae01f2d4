/**
 * The options of `TmuxApp.start` ({@link TmuxAppOptions}) and of its screen reads
 * ({@link ScreenOptions}); checked and merged over the defaults by `resolveAppOptions` (options.ts).
 */
import type { TmuxServer } from '../host/index.js';
import type { RenderOptions } from '../render/index.js';
import type { Deadline } from '../wait.js';
import type { ReadyRule } from './ready.js';

/** Options of {@link TmuxApp.start}. */
export interface TmuxAppOptions {
  /**
   * What to run: an argv array runs exactly as given (no shell: spaces, quotes, `$` and `;` are
   * literal), a string is a command line for `/bin/sh -c`.
   */
  command: readonly string[] | string;
  /** Columns, in cells (2–1000). @default TERMINAL.cols (80) */
  cols?: number;
  /** Rows, in cells (2–1000). @default TERMINAL.rows (24) */
  rows?: number;
  /**
   * Variables for the app, over the pinned environment: the caller's PATH, HOME, USER, LOGNAME,
   * TMPDIR (`INHERITED_ENV`), then `APP_ENV` (LANG/LC_ALL=C.UTF-8, TZ=UTC, COLORTERM=truecolor),
   * then these. tmux sets TERM=tmux-256color. Nothing else of the caller's environment passes.
   * @default {}
   */
  env?: Readonly<Record<string, string>>;
  /** Working directory. @default the caller's current directory (`process.cwd()`) */
  cwd?: string;
  /** The tmux server to run on. @default a server shared by the whole process, created on first use */
  server?: TmuxServer;
  /**
   * Lines kept above the visible screen, for `screen({ scrollback: true })` and the
   * `{ scrollback: true }` searches: xterm's option of that name, in the screen model that the
   * app's output is drawn in (tmux's own `history-limit`, which only `capture-pane` reads, stays
   * `HOST.historyLimit`). Lines that scroll off beyond it are gone, oldest first. A whole number
   * from 0 to `SCREEN.maxScrollback` (100000). @default SCREEN.scrollback (1000)
   */
  scrollback?: number;
  /**
   * The terminal's colours: what the app is told when it asks for its foreground, background,
   * cursor or palette colours (OSC 10, 11, 12, 4; see the README's "What the terminal answers"),
   * and the default theme of {@link TmuxApp.screenshot} and {@link TmuxApp.gif}. A built-in
   * theme's name or a custom `Theme`. @default 'dark'
   */
  theme?: RenderOptions['theme'];
  /** When `start` resolves; see {@link ReadyRule} (src/app/ready.ts). @default 'output' */
  ready?: ReadyRule;
  /** How long to wait for readiness, in ms. @default WAIT.timeout (5000), or less to end by `deadline` */
  timeout?: number;
  /**
   * A moment by which every wait of this app without a `timeout` of its own must end — readiness,
   * `waitForText`, `waitForStable`, `waitForOutput`, `waitForExit`: each takes `WAIT.timeout` or
   * the time left until then, whichever is less, and says so when it times out. An explicit
   * `timeout` is never shortened. A function is asked as each wait begins (undefined: none then).
   * The `tmuxApp` fixture passes one giving the moment just before the Vitest test's own timeout
   * while the test body runs, and none in hooks, which have timeouts of their own — as Playwright
   * bounds actions by the test timeout. @default none
   */
  deadline?: Deadline | (() => Deadline | undefined);
  /**
   * Stops a pending `start`: once aborted, the app is closed (its whole process tree ended) and
   * `start` rejects with `signal.reason`. The Vitest fixture passes one so that a test that
   * times out inside `start` leaves nothing running. @default undefined
   */
  signal?: AbortSignal;
}

/** Options of {@link TmuxApp.screen} and {@link TmuxApp.text}. */
export interface ScreenOptions {
  /** The whole buffer: the lines above the screen (scrollback), then the screen. @default false */
  scrollback?: boolean;
}
