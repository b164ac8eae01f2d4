/**
 * The readiness rule ({@link ReadyRule}): when `TmuxApp.start` hands the app to the test. Pure:
 * `decideReady` reads the facts `start` observed (output seen, quiet time, the terminal's mode,
 * the exit) and says what to do next; `start` observes and waits (`awaitReady`, ready-observer.ts).
 */
import { WAIT, WAIT_CONSTANTS } from '../defaults.js';
import type { ExecFailure } from '../host/index.js';
import type { ExitStatus } from './exit-status.js';

/**
 * When `TmuxApp.start` considers the app ready. Keys sent before an app reads them can be lost (it
 * may flush its input when it sets up its terminal) or echoed twice (the tty echoes, then the app
 * redraws), so "ready" means the app has set up its input:
 * - `'output'` (the default): the app has written its first output and then been quiet for
 *   `WAIT.quietMs` (200 ms), or it has exited. An app that has taken its terminal out of
 *   canonical (line) mode — a shell prompt, curses, vim, a raw-mode Node app (`stty` shows
 *   `-icanon`) — reads keys one by one and has set up its input, so for it
 *   `WAIT_CONSTANTS.keyModeQuietMs` (50 ms) of quiet is enough, and if it keeps drawing (a spinner, a
 *   clock) it is ready `WAIT.quietMs` after its first output anyway. The mode is read once, when
 *   either point is reached. An app still in line mode may yet switch and flush what was typed,
 *   so it gets the full quiet period, in which on Linux it must also not be seen at work (a task of
 *   its foreground running: Node starting after a banner, as `npm start` prints one) — or, if it
 *   keeps printing or working (a log tailer, `ping`, a ticker),
 *   `WAIT_CONSTANTS.lineModeBusyMs` (1000 ms) after its first output: apps that switch do so within
 *   ≈ 60 ms of it. Apps that show a splash and go quiet before reading input, or print nonstop
 *   for longer before they read keys, need `{ text }`.
 *
 *   On Linux a shortcut makes most apps ready at once: when the kernel shows the app waiting for
 *   keys (every task of the terminal's foreground process group asleep, one blocked reading the
 *   terminal: `read`, or `poll`/`select`/`epoll_wait` with the terminal in its set; see
 *   src/host/tty-wait.ts, with the apps measured), the terminal is in non-canonical mode (read
 *   with `stty`, again only after new output) and an output fence written to the terminal has
 *   come back through the output stream (everything the app drew before is on the screen), the
 *   app is ready. Waiting for keys in line mode is not enough: an app may wait on its terminal
 *   (a query with a timeout, a reader thread, Node listening on stdin) before it goes raw and
 *   flushes, or echoes, what was typed. Where the kernel cannot be read (another OS, /proc
 *   denied, no fence) the rule above applies alone.
 *   Either way, an app whose output ends with a question to the terminal (a device-attributes,
 *   cursor-position or colour query: see src/term/pending-query.ts) and has written nothing since
 *   is probing the terminal, not reading keys — even in non-canonical mode, blocked reading it —
 *   and often goes raw with a flush once it has the answer or gives up (Python's `tty.setraw`,
 *   TCSAFLUSH): it is ready only after `WAIT.quietMs` (200 ms) of quiet, as an app in line mode.
 * - `{ text }`: the text (or RegExp, row by row) is on the screen, and then the app reads keys by
 *   the `'output'` rule above: an Ink app shows its first frame before it turns raw mode on, and
 *   keys typed then would wait in the line buffer, echoed, and reach it later as one read.
 * - `'none'`: at once, as soon as the process is started.
 *
 * A command that sh could not run (status 127 or 126 with sh's own message last on the terminal)
 * fails whatever the rule (but `'none'`, which does not wait); an app that ran and exited 126 or
 * 127 itself (`env`, `timeout`, `xargs` do) is an app that exited. An app that exits before
 * showing the `{ text }` fails too.
 * @default 'output'
 */
export type ReadyRule = 'output' | 'none' | { text: string | RegExp };

/** What `start` has observed so far: the facts the rule decides on. Times are in ms. */
export interface ReadyFacts {
  /** Time since the app's first output; undefined before any output. */
  sinceFirstOutput: number | undefined;
  /** Time since the last output. */
  quiet: number;
  /**
   * Time since the app last showed it was at work: its last output, or, where the kernel can be
   * read, the last time a task of its foreground was seen running (`'running'`, see `ForegroundWait`);
   * `quiet` where it cannot. An app starting up (Node after a banner) prints nothing, yet works.
   */
  idle: number;
  /** A synchronized update (DEC 2026) is open, for less than `SCREEN.synchronizedUpdateTimeout`: the screen is half drawn, not quiet. */
  drawing: boolean;
  /** The `{ text }` rule's text is on the screen. */
  textShown: boolean;
  /** The terminal is in canonical (line) mode; undefined when it cannot be read; 'unread' until asked for. */
  lineMode: boolean | undefined | 'unread';
  /** How the app ended, once it has exited and all its output is on the screen. */
  exit: ExitStatus | undefined;
  /** Why sh could not run the command, when that is how it ended (see `parseExecFailure`). */
  execFailure: ExecFailure | undefined;
  /**
   * The shortcut holds: the kernel shows the foreground waiting for keys, the terminal is in
   * non-canonical mode and the output is fenced (true); it does not hold yet (false: the rule
   * without it decides, and the kernel is read again soon); undefined when the kernel cannot be read.
   */
  waitsForKeys: boolean | undefined;
  /** The output ends with a question to the terminal (a probe: see src/term/pending-query.ts). */
  queryPending: boolean;
  /** The readiness timeout has passed. */
  timedOut: boolean;
}

/** What to do next. */
export type ReadyDecision =
  | { kind: 'ready' }
  /** Observe again after at most `ms` (or on new output). */
  | { kind: 'wait'; ms: number }
  /** Read the terminal's mode (`lineMode`), then decide again. */
  | { kind: 'read-line-mode' }
  /** The timeout passed before the app printed anything, or before it showed the `{ text }`. */
  | { kind: 'timed-out'; what: 'output' | 'text' }
  /** sh could not run the command: 127 not found, 126 not executable. */
  | { kind: 'could-not-run'; exit: ExitStatus; why: ExecFailure }
  /** The app exited without showing the `{ text }`. */
  | { kind: 'exited-before-text'; exit: ExitStatus };

/**
 * The readiness rule (see this module's TSDoc) as a decision over `facts`.
 * @param rule Any rule but `'none'`, which `start` does not wait for.
 */
export function decideReady(rule: Exclude<ReadyRule, 'none'>, facts: ReadyFacts): ReadyDecision {
  const { exit, execFailure } = facts;
  if (exit) {
    if (rule !== 'output' && facts.textShown) return { kind: 'ready' };
    if (execFailure) return { kind: 'could-not-run', exit, why: execFailure };
    return rule === 'output' ? { kind: 'ready' } : { kind: 'exited-before-text', exit };
  }
  if (rule !== 'output' && !(facts.textShown && !facts.drawing)) {
    return facts.timedOut ? { kind: 'timed-out', what: 'text' } : { kind: 'wait', ms: WAIT_CONSTANTS.pollMs };
  }
  const { sinceFirstOutput, quiet, drawing, lineMode, timedOut } = facts;
  if (sinceFirstOutput === undefined) return timedOut ? { kind: 'timed-out', what: 'output' } : { kind: 'wait', ms: WAIT_CONSTANTS.pollMs };
  const { waitsForKeys } = facts;
  if (!facts.queryPending) {
    if (waitsForKeys === true && !drawing) return { kind: 'ready' };
    if (lineMode === false) return { kind: 'ready' }; // reads keys one by one: its input is set up
  }
  const quietFor = drawing ? 0 : quiet;
  // While the kernel can be read, read it again soon: the shortcut may hold before the timers run out.
  const kernelMs = waitsForKeys === undefined ? Number.POSITIVE_INFINITY : foregroundPollMs(sinceFirstOutput);
  if (lineMode === 'unread') {
    if (quietFor >= WAIT_CONSTANTS.keyModeQuietMs || sinceFirstOutput >= WAIT.quietMs) return { kind: 'read-line-mode' };
    if (timedOut) return { kind: 'ready' };
    return { kind: 'wait', ms: Math.min(WAIT_CONSTANTS.keyModeQuietMs - quietFor, WAIT.quietMs - sinceFirstOutput, kernelMs) };
  }
  // In line mode the quiet period is one of neither output nor work: an app may yet switch and flush.
  const idleFor = drawing ? 0 : facts.idle;
  if (idleFor >= WAIT.quietMs || sinceFirstOutput >= WAIT_CONSTANTS.lineModeBusyMs || timedOut) return { kind: 'ready' };
  return { kind: 'wait', ms: Math.min(WAIT.quietMs - idleFor, WAIT_CONSTANTS.lineModeBusyMs - sinceFirstOutput, kernelMs) };
}

/**
 * How long to wait before reading the foreground again while the shortcut does not hold, in ms:
 * `WAIT_CONSTANTS.foregroundPollMs` at first, then an eighth of the time since the first output,
 * at most `WAIT_CONSTANTS.pollMs`, so an app that never reads keys (a ticker) costs few reads.
 */
export function foregroundPollMs(sinceFirstOutput: number): number {
  return Math.min(WAIT_CONSTANTS.pollMs, Math.max(WAIT_CONSTANTS.foregroundPollMs, sinceFirstOutput / 8));
}
