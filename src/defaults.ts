/**
 * Every default value of tmux-shot, in one place. Each block is typed `Required<…>` (or a
 * readonly literal) so an option without a default does not compile. Units are in the TSDoc.
 */

import type { AgentDefaults } from './agent/options.js';
import type { CassetteSessionOptions } from './agent/cassette/session.js';
import type { CreateClientOptions } from './agent/openai-client.js';
import type { ComparatorOptions } from './diff/tolerances.js';
import type { MouseDefaults } from './app/mouse-options.js';
import type { StableOptions } from './app/tmux-app.js';
import type { ShellOptions } from './app/shell.js';
import type { AsciicastOptions } from './record/asciicast.js';
import type { RecordOptions } from './record/options.js';
import type { ReportFramesOptions } from './record/report-frames.js';
import type { TimelineOptions } from './record/timeline.js';
import type { RenderOptions } from './render/options.js';
import type { IndexOptions } from './report/build-index.js';
import type { AgentFixtureOptions } from './vitest/agent-handle.js';
import type { VitestDefaults } from './vitest/options.js';

/**
 * Every option of `T` named, with its default or `undefined` where the option is off unless given
 * (a limit with no default): unlike `Required<T>`, it allows such options and still does not
 * compile when one is left out.
 */
type Defaults<T> = { [K in keyof Required<T>]: T[K] };

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

/** Defaults of `Shell.start` and the `shell` fixture (src/app/shell.ts). */
export const SHELL = {
  /** The shell to start. @default 'bash' */
  shell: 'bash',
} as const satisfies Required<Pick<ShellOptions, 'shell'>>;

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

/**
 * Screenshot comparison (src/diff/), with Vitest's `toMatchScreenshot` comparator option names.
 * Stricter than Vitest's defaults on purpose: our PNGs are rendered from cells with bundled fonts,
 * so the same screen gives the same bytes, and one changed character is only ≈ 40–55 pixels
 * (≈ 0.01 % of an 80×24 image) — any tolerance hides real regressions.
 */
export const COMPARE = {
  /**
   * pixelmatch colour threshold, 0–1 (OKLab HyAB distance; 1 is black vs white). 0 means any
   * colour change counts: 0.1 (Vitest's default) reports ANSI white #e5e5e5 vs bright white
   * #ffffff as equal. @default 0
   */
  threshold: 0,
  /**
   * Count pixels that pixelmatch classifies as anti-aliasing as mismatches. Measured here with
   * DejaVu Sans Mono 15 px: with `false`, '.' → ',' counted 1 pixel instead of 12 and 'l' → 'I'
   * 13 instead of 49. @default true
   */
  includeAA: true,
  /**
   * Most mismatched pixels that still pass. Applies only when none of `allowedMismatchedPixels`,
   * `allowedMismatchedPixelRatio`, `allowedMismatchedCells` is given (as in Vitest, where no limit
   * means 0). @default 0
   */
  allowedMismatchedPixels: 0,
  /** No limit on the share of mismatched pixels unless given. @default undefined */
  allowedMismatchedPixelRatio: undefined,
  /** No limit on mismatched cells unless given. @default undefined */
  allowedMismatchedCells: undefined,
} as const satisfies Defaults<ComparatorOptions>;

/** The diff image of a screenshot comparison (src/diff/), in pixelmatch's option names; not options. */
export const DIFF_IMAGE = {
  /** Colour of mismatched pixels, RGB. */
  diffColor: [255, 0, 0],
  /** Opacity (0–1) of the reference drawn in grey under the mismatches. */
  alpha: 0.1,
} as const;

/**
 * Defaults of the agent runner's options (`AgentRunnerOptions`, src/agent/options.ts). Durations the
 * spec gives in seconds (`delay`, `screenshotInterval`, `chunkSeconds`) stay in seconds, as in the
 * options; `requestTimeout` and `retry` are in ms.
 */
export const AGENT = {
  /**
   * Longest wait for the whole reply to one model request, headers and body, in ms. A test's
   * own timeout must outlast it (ours is 30000 ms): cloud models answer a tool-call turn in 1–10 s,
   * so 20 s leaves room for a slow one while a hang still fails with the endpoint's name inside
   * the test. Slow local models need more. @default 20000
   */
  requestTimeout: 20_000,
  /**
   * Whether the model is sent images (agent.assert/query screenshots, the screenshot tool's image).
   * On: the models people test with (OpenAI's, Claude, Gemini, Qwen-VL, Llama 3.2 Vision…) read
   * them, and a server that cannot answers the assert/query request with a 400, which is asked again
   * with text only. @default true
   */
  images: true,
  /** Pause after each model turn, in seconds (pacing for demos and rate limits). @default 0 */
  delay: 0,
  /** Most model turns in one run, nudges included; planning is not a turn. @default 30 */
  maxSteps: 30,
  /** Interval of the background screenshot ticker of timed runs, in seconds. @default 1 */
  screenshotInterval: 1,
  /** Target length of one chunk of a timed run, in seconds; longer runs are planned. @default 60 */
  chunkSeconds: 60,
  /**
   * Retries of a model request whose errors are transient: attempts in all (the first included);
   * backoff before the first retry, in ms, doubled each retry with jitter picking 50–100 % of it;
   * the longest wait before a retry, in ms, capping both the backoff and a server's Retry-After.
   * @default { attempts: 4, baseDelay: 1000, maxDelay: 30000 }
   */
  retry: { attempts: 4, baseDelay: 1_000, maxDelay: 30_000 },
} as const satisfies AgentDefaults;

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

/** Defaults of `createClient` (src/agent/openai-client.ts) where neither its options nor the environment give one. */
export const MODEL_CLIENT = {
  /** Model name, when `TMUX_SHOT_MODEL` gives none either. @default 'gpt-4.1-mini' */
  model: 'gpt-4.1-mini',
  /** API base URL, when `OPENAI_BASE_URL` gives none either. @default 'https://api.openai.com/v1' */
  baseURL: 'https://api.openai.com/v1',
  /** Timeout of a request that does not set its own, in ms: the runner's `requestTimeout`. @default 20000 */
  timeout: AGENT.requestTimeout,
} as const satisfies Required<Omit<CreateClientOptions, 'apiKey' | 'env'>>;

/**
 * Defaults of the Vitest plugin's options (src/vitest/), under the names `VitestDefaults` gives
 * them; the plugin's fixed constants are {@link VITEST_CONSTANTS}.
 */
export const VITEST = {
  /**
   * Longest wait for the screen to settle (two consecutive identical reads) before a screenshot
   * or screen-text snapshot, in ms: the `timeout` of `toMatchScreenshot` and `toMatchScreenText`;
   * 0 waits without limit. Vitest's `toMatchScreenshot` default. Inside a test it ends
   * `VITEST_CONSTANTS.timeoutMargin` before the test's own timeout when that comes first. @default 5000
   */
  settleTimeout: 5_000,
  /**
   * Pauses before each re-read of a live screen while settling, in ms; the last one repeats.
   * Playwright's `toHaveScreenshot` schedule: a redraw that pauses up to 100 ms is still seen,
   * and a screen that keeps changing is read less and less often. @default [100, 250, 500, 1000]
   */
  settleIntervals: [100, 250, 500, 1_000],
  /** Cursor in screenshots, like Vitest's `caret: 'hide'`: the blinking cursor is not part of the UI. @default 'hide' */
  cursor: 'hide',
  /** `toMatchScreenText` appends the styled runs (colours, bold…) after the text. @default true */
  screenTextStyles: true,
  /** When a test's app session is saved as a GIF (the `tmuxRecording` fixture): 'on-failure', 'always' or 'off'. @default 'on-failure' */
  recording: 'on-failure',
} as const satisfies Required<VitestDefaults>;

/** Fixed constants of the Vitest plugin (src/vitest/): not options. */
export const VITEST_CONSTANTS = {
  /**
   * Time kept free before a test's own timeout, in ms: inside a Vitest test, a wait or matcher
   * without a `timeout` of its own ends this long before the test would time out, so it fails
   * with its own message and the screen rather than with "Test timed out": it covers the worker's
   * tmux server start in its first test (60–180 ms here) and the report after a wait gives up. @default 500
   */
  timeoutMargin: 500,
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

/** Screenshot rendering (src/render); see `RenderOptions` for units and ranges. */
export const RENDER = {
  /** @default 'dark' */
  theme: 'dark',
  /** Font size in layout px: DejaVu Sans Mono at 15 px gives clean 9×18 px cells. @default 15 */
  fontSizePx: 15,
  /** @default 1 */
  scale: 1,
  /** Border around the grid, in layout px. @default 4 */
  paddingPx: 4,
  /** @default 'show' */
  cursor: 'show',
  /** @default 'block' */
  cursorStyle: 'block',
  /**
   * Bold palette colours 0–7 drawn as 8–15, as xterm (`boldColors`), xterm.js
   * (`drawBoldTextInBrightColors`), WezTerm, Windows Terminal, iTerm2 and Terminal.app do by
   * default: apps such as dialog draw bold white on white and count on it. @default true
   */
  boldIsBright: true,
} as const satisfies Required<RenderOptions>;

/**
 * Recordings drawn as GIFs (src/record/); see `RecordOptions`. A GIF is drawn like a screenshot
 * ({@link RENDER}), with frame timing on top.
 */
export const RECORD = {
  ...RENDER,
  /** Cursor in GIFs: shown, since a recording shows typing (screenshots in tests hide it). @default 'show' */
  cursor: 'show',
  /** Frames per second at most; the screen is sampled no more often than this. @default 30 */
  fps: 30,
  /** Longest time one unchanged frame is shown, in ms, unless `keepRealTime`. @default 2000 */
  idleCap: 2_000,
  /** Show idle stretches for as long as they really lasted (no `idleCap`). @default false */
  keepRealTime: false,
  /** Shortest time the last frame is shown, in ms, so a GIF does not loop straight past the end. @default 1000 */
  lastFrameHold: 1_000,
  /** How much of the end of the timeline becomes frames, in ms. @default Infinity (all of it) */
  tail: Number.POSITIVE_INFINITY,
  /** How much of the newest output is replayed, in bytes of the timeline's memory budget. @default Infinity (all of it) */
  tailBytes: Number.POSITIVE_INFINITY,
} as const satisfies Required<RecordOptions>;

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

/** The frames of the failure report's timeline (src/record/report-frames.ts); see `ReportFramesOptions`. */
export const REPORT_FRAMES = {
  ...RECORD,
  /**
   * A whole-screen frame (a keyframe) at least every this many frames, so showing any frame
   * composes at most this many patches. @default 30
   */
  keyframeInterval: 30,
  /**
   * PNG bytes all frames may take together; past it the oldest frames are left out (the last
   * one is always kept) and the frames say they were truncated. @default 4194304 (4 MiB)
   */
  budgetBytes: 4 * 1024 * 1024,
  /**
   * Frames kept at most: the newest (4 s at 30 fps); older ones are left out before any is drawn,
   * so a long busy recording costs no more than this many frames. @default 120
   */
  maxFrames: 120,
  /**
   * Cells all kept frames may hold together (cols × rows of each, summed), so the work is bounded
   * by the screen's size too: a frame that redraws every cell costs about 9 µs a cell (render,
   * colour snapping, PNG, cells; measured on a 200×50 truecolour animation), so this is about
   * 2.3 s at most. 120 frames of 80×24 fit, 25 of 200×50, and a 1000×1000 screen keeps its last
   * frame only. Older frames are left out before any is drawn. @default 250000
   */
  maxCells: 250_000,
} as const satisfies Required<ReportFramesOptions>;

/** The step log of an app (src/app/steps.ts): what the failure report's timeline marks. */
export const STEPS = {
  /** Steps kept per app; past it the oldest are dropped (and counted). @default 2000 */
  maxSteps: 2_000,
  /** Characters of a string argument a step's title shows; longer ones end in `…`. @default 40 */
  titleTextChars: 40,
} as const;

/**
 * The always-on timeline of a pane's output (src/record/); see `TimelineOptions` (`startedAt` has
 * no default: without it an asciicast header has no timestamp).
 */
export const TIMELINE = {
  /**
   * Memory a timeline may hold, in bytes (output bytes plus a fixed overhead per event); past it
   * the oldest events are dropped and the timeline says it was truncated. @default 33554432 (32 MiB)
   */
  budgetBytes: 32 * 1024 * 1024,
} as const satisfies Required<Omit<TimelineOptions, 'startedAt'>>;

/** asciicast files written from a timeline (src/record/); see `AsciicastOptions`. */
export const ASCIICAST = {
  /** `TERM` written in asciicast headers: tmux's `default-terminal` in our pinned config. @default 'tmux-256color' */
  term: 'tmux-256color',
} as const satisfies Required<AsciicastOptions>;

/**
 * Cassettes (src/agent/cassette/, src/vitest/cassette-files.ts): recorded model runs replayed in
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

/** Defaults of a test's cassette session (`CassetteSessionOptions`, src/agent/cassette/session.ts), set per test through the `agent` fixture's options. */
export const CASSETTE_SESSION = {
  /** On a replayed step whose screen differs from the recording: fail (`strict`) or continue live (`fallthrough`). @default 'strict' */
  divergence: 'strict',
  /** Masks for screen digests, added to the built-in ones. @default [] */
  masks: [],
  /** Per-test limits of live model use. @default {} */
  budget: {},
} as const satisfies Required<Pick<CassetteSessionOptions, 'divergence' | 'masks' | 'budget'>>;

/** Defaults of the Vitest `agent` fixture (src/vitest/agent-handle.ts) beyond the runner's and the cassette session's. */
export const AGENT_FIXTURE = {
  /** Model name sent to an `agentModel` when `agentOptions` names none. @default 'agentModel' */
  model: 'agentModel',
} as const satisfies Required<Pick<AgentFixtureOptions, 'model'>>;

/** Defaults of the run's report index page (`IndexOptions`, src/report/build-index.ts). */
export const REPORT_INDEX = {
  /** The page's heading and title. @default 'tmux-shot reports' */
  title: 'tmux-shot reports',
} as const satisfies Required<IndexOptions>;

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
  /** How long codegen's messages stay on tmux's message line (the greeting, "screenshot marked"), in ms. @default 4000 */
  messageMs: 4_000,
} as const;
