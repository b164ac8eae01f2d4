/**
 * The defaults and fixed constants shared across the layers (terminal size, tmux host, waits,
 * keystrokes, the screen model, the shells' constants), on the ground floor: this file imports
 * nothing above it. Each folder's own option types and their defaults (`…_DEFAULTS` blocks typed
 * `satisfies Required<…>`) live in that folder's `options.ts` (render/, record/, diff/, agent/,
 * agent/cassette/, app/, report/, vitest/). Units are in the TSDoc.
 */

import type { StableOptions } from './wait.js';

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
  /**
   * How long `close()` waits for a process to exit: the tmux server after kill-server, the
   * app's processes after SIGKILL, in ms. @default 5000
   */
  exitTimeout: 5_000,
  /**
   * How long the processes of a closed app (its pane's whole tree, daemons included) have to
   * exit after tmux's hangup (SIGHUP) before they get SIGTERM, in ms. An app that exits on
   * SIGHUP, as most do, is not waited for this long. @default 500
   */
  hangupGrace: 500,
  /** How long processes that outlived {@link HOST.hangupGrace} have to exit after SIGTERM before they get SIGKILL, in ms. @default 500 */
  terminateGrace: 500,
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
  /**
   * How long a wait may take before it throws, in ms. In the body of a Vitest test, a wait
   * without a `timeout` of its own ends `VITEST_CONSTANTS.timeoutMargin` before the test's own
   * timeout when that comes first (see `Deadline`); hooks have their own timeouts. @default 5000
   */
  timeout: 5_000,
  /** Output silence that counts as "settled", in ms. @default 200 */
  quietMs: 200,
} as const satisfies Required<StableOptions>;

/**
 * Fixed constants of waiting and readiness (src/app/ready.ts, TmuxApp's waits, the Vitest
 * settle): measured here, not options.
 */
export const WAIT_CONSTANTS = {
  /**
   * Output silence after which an app whose terminal has left canonical (line) mode counts as
   * ready, in ms: it reads keys one by one, so its input is set up (see `ReadyRule`); one that
   * keeps drawing is ready `quietMs` after its first output. @default 50
   */
  keyModeQuietMs: 50,
  /**
   * How long after its first output an app still in canonical (line) mode that has not been
   * quiet for `quietMs` counts as ready anyway, in ms: it keeps printing (a log tailer, `ping`, a
   * ticker, a build watcher) and will never be quiet. Apps that go on to read keys one by one left
   * line mode 0–60 ms after their first output here (bash, python, node, vim, less, top, watch;
   * the line-then-raw fixture 125 ms); one that prints nonstop for longer before it sets up its
   * input needs `ready: { text }`. @default 1000
   */
  lineModeBusyMs: 1_000,
  /**
   * How soon `start` reads the kernel's view of the foreground again while it is not yet waiting
   * for keys, in ms, at first (see `ReadyRule`); later reads are spaced by an eighth of the time
   * since the first output, at most `pollMs`. One read costs ≈ 0.3–3 ms here. @default 2
   */
  foregroundPollMs: 2,
  /** Poll interval of text waits when no output arrives, in ms. @default 50 */
  pollMs: 50,
  /**
   * How long `waitForStable` (and a screenshot of a live app) gives the app to answer an input
   * with output, in ms: a key that changes nothing on screen costs this much once. @default 200
   */
  answerMs: 200,
  /**
   * How long `waitForStable` (and a screenshot) gives the app to answer a resize, in ms, when its
   * terminal has left canonical (line) mode: such an app owns the screen and redraws on SIGWINCH
   * (bash and python at a prompt, vim, less, top, watch, curses and raw-mode Node apps answered
   * within 10 ms here), some only after debouncing. An app in line mode (sh, cat, a script) has
   * nothing to redraw and gets `answerMs`. A full-screen app that ignores resizes costs this much
   * once per resize. @default 1000
   */
  resizeAnswerMs: 1_000,
} as const;

/**
 * Fixed constants of keystrokes (src/term/key-read.ts, src/app/keyboard.ts): each key of `press`
 * and each grapheme of `type` is its own write, sent once the app has read the one before.
 */
export const KEYBOARD = {
  /**
   * The longest wait for the app to read a key before the next is sent anyway, in ms, where the
   * kernel can be read but shows no read: the app is busy (an Ink app took 100–130 ms to read its
   * first key on a loaded machine here, while it finished starting) or never reads keys (a
   * ticker), or reads them in a way that does not show. @default 500
   */
  readTimeout: 500,
  /**
   * The pause after each key where the kernel cannot be read at all (another OS, /proc denied),
   * in ms: the whole of the fallback. @default 20
   */
  fallbackGap: 20,
  /**
   * How long the kernel may show no read of a key before the terminal's mode is read (once per
   * call, with `stty`), in ms: in canonical (line) mode the line discipline holds keys until
   * Enter, and no read will come. @default 3
   */
  modeAfter: 3,
  /**
   * A foreground waiting for keys with a timer due within this many ms (its `poll`/`epoll_wait`
   * timeout) is not done with the last key yet: Node apps (Ink) handle a key they have read in
   * work their event loop runs soon after. @default 50
   */
  soonMs: 50,
  /**
   * After a lone Escape, a foreground waiting with a timeout of at most this many ms is waiting to
   * tell Escape from the start of a key's sequence (mc: 1 s in `pselect6`, vim's `timeoutlen`: 1 s),
   * and the next key waits until it is done (at most this long more than `readTimeout`), as a
   * person's next key comes after the app has taken the Escape: sent sooner, mc reads Escape then
   * F10 as Alt+F10. @default 1000
   */
  escapeMs: 1_000,
  /** How often the kernel is read while waiting for a key to be read, in ms. @default 1 */
  pollMs: 1,
} as const;

/** The live screen model (src/screen/). */
export const SCREEN = {
  /**
   * Lines the screen model keeps above the visible screen (xterm's `scrollback` option), in lines:
   * the default of `TmuxApp.start`'s `scrollback`. `screen({ scrollback: true })` and the
   * `{ scrollback: true }` searches read them; growing the terminal pulls them back down, as tmux
   * does from its history. xterm's own default. @default 1000
   */
  scrollback: 1_000,
  /**
   * The largest `scrollback` `TmuxApp.start` accepts, in lines: a line of 80 cells takes ≈ 1 KB in
   * xterm and a snapshot with the scrollback copies every cell, so 100 000 lines is ≈ 100 MB.
   */
  maxScrollback: 100_000,
  /**
   * How long a synchronized update (DEC 2026, `CSI ? 2026 h`) may stay open, in ms from its
   * begin: an app that never ends it (it crashed mid-frame, or ignores the protocol) would leave
   * the screen "half drawn" forever, so, as terminals do, the update counts as ended after this
   * long and its screen as drawn. foot and Ghostty wait 1 s from each begin, kitty 2 s, Alacritty
   * 150 ms, xterm.js 5 s (its `synchronizedOutputTimeout`). @default 1000
   */
  synchronizedUpdateTimeout: 1_000,
  /**
   * Rows a message shows of a screen text before it shortens it (a whole buffer, scrollback
   * included, of 1000 lines and more): then only the rows within `messageContextRows` of a marked
   * row and the last `messageTailRows` rows are shown, the rest counted. @default 60
   */
  messageRows: 60,
  /** Rows shown above and below each marked row of a shortened screen text. @default 3 */
  messageContextRows: 3,
  /** Last rows (the bottom of a buffer: the screen) shown of a shortened screen text. @default 30 */
  messageTailRows: 30,
  /** Matches a message lists (`row 0 col 3, row 1 col 3, …`) before it counts the rest. @default 10 */
  listedMatches: 10,
} as const;

/**
 * Volatile text that `normalizeText` (src/screen/) masks before a screen is digested, e.g. for
 * cassettes. Each is global so every occurrence is masked; the whole match is replaced.
 */
export const TEXT_MASKS: Readonly<Record<'clockTime' | 'duration' | 'spinner' | 'pid' | 'tmpPath', RegExp>> = {
  /** Wall-clock times with seconds: `12:34:56`, `9:05:00.123` (not `12:34`, which editors use for positions). */
  clockTime: /\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g,
  /** Durations with a unit: `1.23s`, `45ms`, `3m`, `2h`, `120µs`, `120us`, `7ns`. */
  duration: /\b\d+(?:\.\d+)?(?:ns|µs|us|ms|s|m|h)\b/g,
  /** Braille spinner frames (cli-spinners "dots" and "dots2"); other braille, e.g. charts, stays. */
  spinner: /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏⣾⣽⣻⢿⡿⣟⣯⣷]/g,
  /** The number after the word "pid": `pid 1234`, `PID: 1234`, `pid=1234` (the word itself stays). */
  pid: /(?<=\bpid[\s:=#]*)\d+/gi,
  /** Paths under /tmp, up to the next blank or quote. */
  tmpPath: /\/tmp\/[^\s'"`]*/g,
};

/** The diff image of a screenshot comparison (src/diff/), in pixelmatch's option names; not options. */
export const DIFF_IMAGE = {
  /** Colour of mismatched pixels, RGB. */
  diffColor: [255, 0, 0],
  /** Opacity (0–1) of the reference drawn in grey under the mismatches. */
  alpha: 0.1,
} as const;

/** Fixed values of the agent loop (src/agent/), not options. */
export const AGENT_LOOP = {
  /** Nudges in a row a timed run sends to a model that stops calling tools before giving up. */
  maxNudges: 3,
  /** Further chances a model gets after a `finish` whose evidence is not on the screen; then the run is 'unverified'. */
  evidenceRetries: 1,
  /** Output silence after send_keys/type_text that counts as settled, in ms. */
  settleQuietMs: 100,
  /** Longest wait for the screen to settle after send_keys/type_text, in ms. */
  settleTimeout: 2_000,
  /** Longest single `wait` tool call, in seconds. */
  maxWaitSeconds: 30,
  /** Screenshots kept as images in a request; older ones become a one-line note. */
  keepImages: 3,
  /** Longest screen text sent to the model, in characters; the rest is cut with a marker. */
  maxTextChars: 8_000,
  /**
   * Screenshots an agent transcript keeps (the newest; older ones are dropped and counted per turn):
   * a shot is a PNG of 10–30 KB, so a timed run's ticker frames would otherwise grow it without
   * bound. 50 shots are at most about 1.5 MB.
   */
  transcriptShots: 50,
  /**
   * Tool calls run from one reply (a parallel wrapper's inner calls count one each); the others are
   * answered `error: not run: …` under their ids. Bounds what one turn can do: `maxSteps` counts
   * turns, and a reply of 10 000 `<tool_call>` tags would otherwise press 10 000 keys in one step.
   */
  maxCallsPerReply: 10,
} as const;

/** Fixed values of `tmux-shot agent` (src/cli/agent.ts); not options. */
export const AGENT_CLI = {
  /**
   * Longest message the command prints with what the model said in it (a status line, the final
   * summary), in characters: a model can send megabytes; the rest is cut, saying how long the
   * message was. Room for the screen text of an 'unverified' summary (at most
   * `AGENT_LOOP.maxTextChars`) and 2000 characters more.
   */
  maxPrintedChars: AGENT_LOOP.maxTextChars + 2_000,
} as const;

/** Defaults of `tmux-shot report` (src/cli/report.ts). */
export const REPORT_CLI = {
  /** The folder that holds the run's index, relative to the working folder: Vitest's `attachmentsDir` default. @default '.vitest-attachments' */
  dir: '.vitest-attachments',
  /** The port of `--serve`, on 127.0.0.1: Playwright's `show-report` port. @default 9323 */
  port: 9323,
} as const;

/** Fixed constants of the Vitest plugin (src/vitest/): not options. */
export const VITEST_CONSTANTS = {
  /**
   * Time kept free before a test's own timeout, in ms: inside a Vitest test, a wait or matcher
   * without a `timeout` of its own ends this long before the test would time out, so it fails
   * with its own message and the screen rather than with "Test timed out". It covers what the
   * test's timer counts outside the wait: the worker's tmux server start in its first test, and
   * the report after a wait gives up. With two suites loading a 2-core machine, those took up to
   * 480 ms (a file's first test) and 420 ms (a screenshot of a screen that never settles: two PNGs
   * written): either one alone used up most of 500 ms. @default 1000
   */
  timeoutMargin: 1000,
  /**
   * The folder of tmux-shot's files of failures (failure screens, GIFs, reports, the run's index),
   * relative to the project root: Vitest's `attachmentsDir` default. A custom `attachmentsDir`
   * moves only Vitest's own copies, which workers cannot see. @default '.vitest-attachments'
   */
  attachmentsDir: '.vitest-attachments',
  /** Changed cells listed one per line in a screenshot failure; the rest are counted. @default 5 */
  listedCells: 5,
  /**
   * Longest name of an app of `launchApp`, in characters: it goes into the names of the app's
   * files after the test's (`<test>@<name>-recording.gif`), which most file systems cap at 255
   * bytes. @default 40
   */
  appNameMax: 40,
  /**
   * How much of the end of a test's session its GIF (failure or `tmuxRecording: 'always'`) shows,
   * in ms: the `tail` of the GIF. Keeps a long test's teardown short (a spinner for 5 minutes drew
   * 9000 frames in 17 s here); tests shorter than this get all of it. @default 30000
   */
  recordingTail: 30_000,
  /**
   * How much of the newest output a test's GIF replays, in bytes: the `tailBytes` of the GIF.
   * Keeps the teardown after an output flood short (a 32 MiB timeline of `cat /dev/urandom` took
   * 11 s to draw here; 4 MiB, 1.6 s). @default 4194304 (4 MiB)
   */
  recordingTailBytes: 4 * 1024 * 1024,
  /**
   * The run's index of failure reports, written by `tmux-shot/reporter` on every run in
   * {@link VITEST_CONSTANTS.attachmentsDir} under the root, and opened by `tmux-shot report`. @default 'tmux-shot-report.html'
   */
  reportIndex: 'tmux-shot-report.html',
  /**
   * How much of the end of an app's session the failure report shows when the recording mode is
   * `'off'` (no GIF), in ms: the last screen, or the last few if the app drew within it (the
   * least `tail` a recording takes). @default 20
   */
  lastScreenTail: 20,
  /** What a report says of an app's recording under `tmuxRecording: 'off'`. */
  recordingOffNote: "tmuxRecording is 'off': the last screen only, no recording.",
  /**
   * The environment variable of the accept command (`acceptCommand`): the one screenshot baseline,
   * relative to the project root, that the run may rewrite; every other is compared as in CI. @default 'TMUX_SHOT_ACCEPT'
   */
  acceptEnv: 'TMUX_SHOT_ACCEPT',
} as const;

/**
 * Variables of the caller's environment (`process.env`) that tmux, and so every app, inherits
 * when set; everything else is dropped so the caller's shell (NO_COLOR, TMUX, DISPLAY…) cannot
 * change a screen. {@link APP_ENV} and the app's own `env` are added on top.
 */
export const INHERITED_ENV: readonly string[] = ['PATH', 'HOME', 'USER', 'LOGNAME', 'TMPDIR'];

/** Fixed values of GIF encoding (src/record/); not options. */
export const GIF = {
  /** Highest accepted `fps`: browsers slow GIF delays under 2/100 s down to 1/10 s. */
  maxFps: 50,
  /**
   * Coverage levels glyph anti-aliasing is snapped to in GIF frames, the two pure colours
   * included: each (foreground, background) pair then costs at most this many palette entries,
   * and a pixel moves at most half a step (1/8 of the way from background to foreground).
   */
  coverageLevels: 5,
} as const;

/** The step log of an app (src/app/steps.ts): what the failure report's timeline marks. */
export const STEPS = {
  /** Steps kept per app; past it the oldest are dropped (and counted). @default 2000 */
  maxSteps: 2_000,
  /** Characters of a string argument a step's title shows; longer ones end in `…`. @default 40 */
  titleTextChars: 40,
} as const;

/**
 * Cassettes (src/agent/cassette/, src/vitest/fixtures/cassette-files.ts): recorded model runs replayed in
 * CI. Folder layout follows `__screenshots__`: `<test dir>/__cassettes__/<test file>/<test name>.json`.
 */
export const CASSETTE = {
  /** Folder next to a test file holding its cassettes. @default '__cassettes__' */
  directory: '__cassettes__',
  /** Format version written in every cassette; a different one is stale. @default 1 */
  formatVersion: 1,
  /** Normalized screen text kept per entry (for divergence diffs), in characters. @default 4000 */
  storedTextChars: 4_000,
  /** Environment variable that forces a mode: auto, replay, record or live. @default 'TMUX_SHOT_CASSETTES' */
  modeVariable: 'TMUX_SHOT_CASSETTES',
  /** Lines of context around each change in a divergence diff. @default 2 */
  diffContext: 2,
} as const;

/** Fixed constants of generated tests (src/codegen/): how a step's assertion text is chosen. */
export const CODEGEN = {
  /** Longest text `appearedText` picks, in characters: a longer run is cut at a word boundary. @default 40 */
  appearedTextChars: 40,
  /**
   * Text that changes from run to run beyond `TEXT_MASKS` (which an assertion avoids too): dates,
   * clock times without seconds, percentages, sizes with a unit (`218G`, `1.5 MiB`: free space). A
   * run matching any of them is never chosen, and a screenshot of a screen showing one masks it.
   */
  volatileText: [/\b\d{4}-\d{2}-\d{2}\b/, /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/, /\b\d{1,2}:\d{2}\b/, /\d+(?:\.\d+)?\s?%/, /\b\d+(?:[.,]\d+)?\s?[KMGTPE]i?B?\b/],
  /**
   * Headroom of a generated test's timeouts over what was observed: a step whose effect took
   * longer than a wait's default (5000 ms) gets `{ timeout }` of this many times that (the
   * test then gets their sum plus Vitest's default, see `testTimeout`). @default 2
   */
  timeoutFactor: 2,
  /**
   * Longest pause kept after an Escape pressed alone, in ms (the recorded pause, rounded up to 100
   * ms, up to this): above the longest time apps wait after an ESC for the rest of a key's sequence
   * (mc's `old_esc_mode_timeout` and ncurses' `ESCDELAY` default to 1000 ms); a longer pause was
   * the person thinking. @default 2000
   */
  escapePause: 2_000,
  /** Vitest's default `testTimeout`, in ms: a generated test gets its own timeout only above it. @default 5000 */
  vitestTimeout: 5_000,
  /** Longest run of the project's formatter on a generated file, in ms: then it is stopped and the file stays as written. @default 20000 */
  formatTimeout: 20_000,
} as const;

/** Defaults of `tmux-shot codegen` (src/cli/codegen.ts). */
export const CODEGEN_CLI = {
  /** The test file written when --out is not given (only if nothing is there). @default 'codegen.test.ts' */
  out: 'codegen.test.ts',
  /** How often the app's input log and the screenshot chord are looked at, in ms: the screen kept as "before" an input is at most this old. @default 20 */
  interval: 20,
  /**
   * Least time between two samples of the app's terminal mode taken because the screen changed, in
   * ms (each is a `stty` process; an input always gets one): a screen that keeps changing (`top`)
   * costs at most one per this. @default 100
   */
  modeInterval: 100,
  /** How long codegen's messages stay on tmux's message line (the greeting, "screenshot marked"), in ms. @default 4000 */
  messageMs: 4_000,
} as const;
