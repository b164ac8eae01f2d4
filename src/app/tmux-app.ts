/**
 * `TmuxApp`, the one composition root: a terminal app running in a private tmux session (host/),
 * its output fed into a live screen model (screen/), with keys, text, waits and resizing.
 */
import { SCREEN, WAIT, WAIT_CONSTANTS } from '../defaults.js';
import { AppExitedError, TmuxShotError, WaitTimeoutError } from '../errors.js';
import { TmuxSession, describeExit, endsInGround, formatCommand, parseExecFailure, pasteBytes, resolveKeyNames } from '../host/index.js';
import type { TmuxServer } from '../host/index.js';
import type { PaneStatus } from '../host/index.js';
import { createTimeline, encodeGif, formatAsciicast } from '../record/index.js';
import type { RecordOptions, Timeline } from '../record/index.js';
import { renderPng } from '../render/index.js';
import type { RenderOptions } from '../render/index.js';
import { ScreenModel, findText, formatPattern, formatWithScreen, snapshotText, visibleScreen } from '../screen/index.js';
import type { TextMatch } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { captureCallSite, checkDuration, formatTimeout, poll, resolveTimeout, systemClock } from '../wait.js';
import type { Deadline, WaitTimeout } from '../wait.js';
import { checkSize } from '../geometry.js';
import type { CellRect } from '../geometry.js';
import { checkKeys, checkListener, checkOptions, checkPattern, checkScrollbackOption, checkText, resolveAppOptions } from './options.js';
import { decideReady } from './ready.js';
import type { ReadyDecision, ReadyFacts, ReadyRule } from './ready.js';
import { Mouse } from './mouse.js';
import type { AppPort } from './port.js';
import { Locator } from './locator.js';
import { checkRegion } from './locator-query.js';
import type { GetByTextOptions, RegionOptions } from './locator-query.js';
import { processWideServer } from './server.js';
import { StepLog, formatCall } from './steps.js';
import type { AppStep, AppStepKind } from './steps.js';

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

/** Options of {@link TmuxApp.waitForText}. */
export interface WaitForTextOptions {
  /** Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` option of `start` */
  timeout?: number;
  /** Ends the wait early, as if `timeout` had passed (the Vitest matchers pass the test's signal). @default undefined */
  signal?: AbortSignal | undefined;
  /** Search the lines above the screen too (see {@link TmuxApp.screen}). @default false */
  scrollback?: boolean;
}

/** How the app ended. */
export interface ExitStatus {
  /** Exit status; null when a signal ended it. */
  exitCode: number | null;
  /** Signal name (`SIGTERM`) when a signal ended it, else null. */
  signal: string | null;
}

/** Options of {@link TmuxApp.waitForStable}; defaults in `WAIT`. */
export interface StableOptions {
  /** Output silence that counts as settled, in ms. @default 200 */
  quietMs?: number;
  /** Longest wait, in ms. @default 5000, or what is left of the test's timeout */
  timeout?: number;
}

/** What {@link TmuxApp.waitForStable} found. */
export interface StableResult {
  /** True when the quiet period was reached; false when the timeout came first. */
  settled: boolean;
  /** How long the wait took, in ms. */
  afterMs: number;
}

/**
 * A terminal app under test, like a page in Playwright: it runs in its own tmux session, its
 * screen is tracked from the raw output stream, and every method speaks in cells, keys and text.
 * @example
 *   await using app = await TmuxApp.start({ command: ['vim', 'notes.txt'], cols: 100, rows: 30 });
 *   await app.type('ihello');
 *   await app.press('Escape');
 *   await app.waitForText('hello');
 */
export class TmuxApp implements AsyncDisposable {
  /** When the app's process was started, in `systemClock.now()` ms (Node's `performance.now()`; the origin of output timestamps). */
  readonly startedAt: number;
  /**
   * Everything the app wrote, with times in ms since {@link startedAt}, and every resize: always
   * on from the first byte, bounded by `TIMELINE.budgetBytes` (oldest output dropped past it).
   * Feed it to {@link gif} or {@link asciicast}.
   */
  readonly timeline: Timeline;
  readonly #session: TmuxSession;
  readonly #model: ScreenModel;
  /** The command as messages show it (see `formatCommand`): quoted, long ones cut. */
  readonly #command: string;
  /** The program of an argv command (`argv[0]`); undefined for a command line. */
  readonly #program: string | undefined;
  /** The last bytes of output (at most {@link OUTPUT_TAIL_BYTES}): where sh's message is when it could not run the command. */
  #outputTail: Buffer = Buffer.alloc(0);
  readonly #listeners = new Set<(bytes: Uint8Array, atMs: number) => void>();
  readonly #wakers = new Set<() => void>();
  /** How many times {@link #wake} has run: a poll compares it across its probe (see {@link #watch}). */
  #wakeCount = 0;
  /** When the first output arrived, in `systemClock.now()` ms. */
  #firstOutputAt: number | undefined;
  /** Last input or output, in `systemClock.now()` ms. */
  #lastActivityAt: number;
  /** The last input (press and type are keys), from when it is sent until output arrives after it. */
  #unanswered: 'keys' | 'resize' | undefined;
  /** How long the unanswered resize may still be answered, in ms, once read (see {@link #answerWindow}). */
  #resizeAnswerMs: Promise<number> | undefined;
  readonly #deadline: () => Deadline | undefined;
  #exit: Promise<ExitStatus> | undefined;
  #exitStatus: ExitStatus | undefined;
  #closing: Promise<void> | undefined;
  #closedAt: number | undefined;
  /** The whole buffer as it stood at `close()`, scrollback included. */
  #finalScreen: ScreenSnapshot | undefined;
  /** What locators and the mouse use of this app (see `AppPort`). */
  readonly #port: AppPort;
  /**
   * The mouse, as Playwright's `page.mouse`, in cells (0-based `col`, `row`): `click`, `dblclick`,
   * `down`, `up`, `move`, `wheel`, `drag`. It sends the reports xterm would send in the mouse
   * modes the app turned on, after waiting for it to turn them on (see {@link Mouse}).
   */
  readonly mouse: Mouse;
  /** Every input, wait, matcher call, the exit and the close, on the {@link timeline}'s clock (see {@link steps}). */
  readonly #steps: StepLog = new StepLog(() => systemClock.now() - this.startedAt);

  private constructor(session: TmuxSession, model: ScreenModel, command: readonly string[] | string, deadline: () => Deadline | undefined) {
    this.#session = session;
    this.#model = model;
    this.#command = formatCommand(command);
    this.#port = {
      readScreen: (options) => (this.#drawing() ? undefined : this.screen({ scrollback: options?.scrollback === true })),
      waitUntil: async (probe, options, what, caller) => {
        if (this.#closing) throw new TmuxShotError(CLOSED_APP_PORT);
        const timeout = this.#timeout(options?.timeout);
        const exited = options?.exited ?? ((how: string) => `${this.#command} exited (${how}); its screen will not change any more.`);
        const orExited = async () => (await probe()) ?? this.#failIfExited(probe, exited, options?.marks);
        return this.#waitUntil(orExited, timeout, what, caller, options?.signal, options?.marks);
      },
      sendInput: async (bytes) => {
        this.#assertRunning();
        this.#markInput('keys');
        await this.#session.sendBytes(Buffer.from(bytes));
      },
      isClosed: () => this.#closing !== undefined,
      mouseModes: () => this.#model.mouseModes(),
      size: () => this.#model.size,
      command: this.#command,
      step: (kind, title, action, failure) => this.#steps.run(kind, title, action, failure),
    };
    this.mouse = new Mouse(this.#port);
    this.#program = typeof command === 'string' ? undefined : command[0];
    this.#deadline = deadline;
    this.startedAt = systemClock.now();
    this.#lastActivityAt = this.startedAt;
    this.timeline = createTimeline(model.size, { startedAt: systemClock.epochNow() });
    session.onOutput((bytes, atMs) => this.#receive(bytes, atMs));
  }

  /**
   * Starts `options.command` in a new tmux session and waits until it is ready (see
   * {@link ReadyRule}). An app that exits at once, like `echo hi`, still starts: its screen stays
   * readable and `waitForExit()` reports its status.
   * @throws {ConfigError} for options of the wrong type or shape (see `resolveAppOptions`: a size
   *   out of range, an empty command, an env that is not an object of strings, a ready rule other
   *   than 'output', 'none' or { text }…) or a missing cwd; TmuxNotFoundError when tmux is not
   *   installed; AppExitedError when sh could not run the command (status 127 "not found" or 126
   *   "not executable" with sh's message last; see `parseExecFailure`), with the screen and
   *   status, or when the app exited before showing the `ready` text;
   *   WaitTimeoutError when `ready` is not met within `timeout` ms; `signal.reason` once `signal`
   *   is aborted.
   */
  static async start(options: TmuxAppOptions): Promise<TmuxApp> {
    const { command, size, scrollback, env, cwd, server, ready, timeout, deadline, signal } = resolveAppOptions(options);
    signal?.throwIfAborted();
    const model = new ScreenModel(size, { scrollback });
    let session: TmuxSession;
    try {
      session = await TmuxSession.create(server ?? (await processWideServer()), size);
    } catch (error) {
      model.dispose();
      throw error;
    }
    const app = new TmuxApp(session, model, command, deadline);
    const abort = () => void app.close(); // pending waits see the app closing and stop
    signal?.addEventListener('abort', abort, { once: true });
    try {
      signal?.throwIfAborted();
      await session.respawnPane({ command, env, cwd });
      await app.#awaitReady(ready, app.#timeout(timeout));
      app.#steps.add({ kind: 'start', title: formatCall('start', [command]), atMs: 0, durationMs: systemClock.now() - app.startedAt });
    } catch (error) {
      await app.close();
      throw signal?.aborted ? signal.reason : error;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    return app;
  }

  /**
   * Presses keys in order, in one tmux `send-keys`: tmux names (`Enter`, `C-c`, `M-x`, `F1`,
   * `BTab`, `a`) or Playwright names (`ArrowDown`, `Control+C`, `Shift+Tab`); case-sensitive.
   * Extended keys (`Control+Enter`, `Shift+Enter`, `Control+Tab`, `Control+Shift+A`, `Control+1`…)
   * need the app to have asked for them (xterm modifyOtherKeys, `CSI > 4 ; 1 m`) in the output
   * drawn so far; tmux 3.3a then sends them as CSI u (`ESC [ 13 ; 5 u`). See `resolveKeyName`.
   * @throws {KeyNameError} when any name is unknown, or is an extended key the app has not asked
   *   for (`reason: 'extendedKeys'`), before anything is sent (with suggestions); ConfigError when
   *   an argument is not a string; AppExitedError after the app has exited.
   */
  press(...keys: string[]): Promise<void> {
    return this.#steps.run(
      'press',
      () => formatCall('press', keys),
      async () => {
        const names = resolveKeyNames(checkKeys(keys), { extendedKeys: this.#model.extendedKeys() });
        this.#assertRunning();
        this.#markInput('keys');
        await this.#session.sendKeys(names);
      },
    );
  }

  /**
   * Types `text` byte-exact as UTF-8 (`send-keys -H`: no key-name lookup, `;` and leading `-`
   * are literal). Each `'\n'` is sent as CR (0x0D), what Enter sends, so `type('ls\n')` is
   * `type('ls')` then `press('Enter')` and submits in raw-mode apps too.
   * @throws {ConfigError} when `text` is not a string; AppExitedError after the app has exited.
   */
  type(text: string): Promise<void> {
    return this.#steps.run(
      'type',
      () => formatCall('type', [text]),
      async () => {
        checkText(text);
        this.#assertRunning();
        this.#markInput('keys');
        await this.#session.sendBytes(Buffer.from(text.replaceAll('\n', '\r'), 'utf8'));
      },
    );
  }

  /**
   * Pastes `text` as a terminal does (xterm.js's paste): line breaks (`'\n'`, `'\r\n'`) are sent
   * as CR, and when the app has turned bracketed paste on (DECSET 2004) in the output drawn so far,
   * the text is wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`: bash, zsh and vim then insert the lines
   * instead of running each one. Without bracketed paste it sends what {@link type} sends. The text
   * is sent as it is: one that holds `ESC [ 201 ~` ends the paste there, as in xterm.js.
   * @example await tmuxApp.paste('echo one\necho two'); // bash: both lines on its command line
   * @throws {ConfigError} when `text` is not a string; AppExitedError after the app has exited.
   */
  paste(text: string): Promise<void> {
    return this.#steps.run(
      'paste',
      () => formatCall('paste', [text]),
      async () => {
        checkText(text);
        this.#assertRunning();
        this.#markInput('keys');
        await this.#session.sendBytes(pasteBytes(text, this.#model.bracketedPaste()));
      },
    );
  }

  /**
   * The visible screen as text: rows joined by `'\n'`, each right-trimmed (as of the output
   * processed so far). With `scrollback`, the lines above the screen first, as {@link screen} gives them.
   * @throws {ConfigError} for options other than `{ scrollback }`.
   */
  text(options?: ScreenOptions): string {
    return snapshotText(this.screen({ scrollback: checkScrollbackOption(options, 'text') }));
  }

  /**
   * An immutable snapshot of the visible screen (after `close()`, the last one). With
   * `scrollback: true`, of the whole buffer: the lines that scrolled off the top (oldest first, at
   * most the `scrollback` option of {@link start}), then the screen from `viewportTop` on; `rows`
   * counts every line and `cursor.row` indexes `cells`. The alternate screen (less, vim) keeps no
   * scrollback: there it is the screen alone, `viewportTop` 0.
   * @throws {ConfigError} for options other than `{ scrollback }`.
   */
  screen(options?: ScreenOptions): ScreenSnapshot {
    const scrollback = checkScrollbackOption(options, 'screen');
    if (this.#finalScreen) return scrollback ? this.#finalScreen : visibleScreen(this.#finalScreen);
    return this.#model.snapshot({ scrollback });
  }

  /**
   * A {@link Locator} of text on the screen: every non-overlapping occurrence of `text` within a
   * row, case-sensitive (a deviation from Playwright: terminal UIs mean case); `exact: true` wants
   * it bounded by blanks or the screen's edge. See `Locator.getByText`.
   * @example await expect(tmuxApp.getByText('Selected: Save')).toBeVisible();
   * @throws {ConfigError} for text that is not a non-empty string or a RegExp, or bad options.
   */
  getByText(text: string | RegExp, options?: GetByTextOptions): Locator {
    return new Locator(this.#port, this, []).getByText(text, options);
  }

  /**
   * A {@link Locator} of a rectangle of cells, its one match (clipped to the screen as it is at
   * each use; none when wholly off it): a scope for `getByText`, so
   * `region({ rows: 1 }).getByText('File')` is the menu bar's File.
   * @param rect A part left out reaches the screen's edge: `row`/`col` 0, `rows`/`cols` to the far side. @default the whole screen
   * @throws {ConfigError} unless the parts are whole cells (`row`/`col` ≥ 0, `rows`/`cols` ≥ 1).
   */
  region(rect?: RegionOptions): Locator {
    return new Locator(this.#port, this, [{ kind: 'region', region: checkRegion(rect) }]);
  }

  /**
   * A PNG of the screen as of all output received so far, drawn from the cell grid with the
   * bundled fonts (byte-identical on every machine for the same screen). It does not wait for
   * the app to settle: call {@link waitForStable} first when the app may still be drawing.
   * @param options Rendering options (theme, scale, cursor…); see `RenderOptions` for defaults.
   * @returns PNG bytes, indexed when the image has at most 256 colours, with the renderer's
   *   fingerprint in a `tmux-shot:renderer` text chunk.
   * @throws {ConfigError} for invalid render options.
   */
  async screenshot(options: Partial<RenderOptions> = {}): Promise<Buffer> {
    return renderPng(this.screen(), options);
  }

  /**
   * A GIF of the whole session so far, from the {@link timeline}: frames where the screen
   * changed (at most `fps` a second), idle stretches capped, drawn like {@link screenshot}.
   * Deterministic for the same timeline.
   * @param options Frame timing (`fps` 30, `idleCap` 2000 ms, `keepRealTime`) and render options.
   * @returns GIF bytes.
   * @throws {ConfigError} for invalid options.
   */
  async gif(options: Partial<RecordOptions> = {}): Promise<Uint8Array> {
    return encodeGif(this.#sessionSoFar(), options);
  }

  /**
   * The session so far as an asciicast v2 recording (`.cast`, playable by asciinema), lasting
   * until now like {@link gif}: its `duration` includes the quiet time after the last output.
   */
  asciicast(): string {
    return formatAsciicast(this.#sessionSoFar());
  }

  /** A copy of the {@link timeline} that ends now, or when `close()` was called. */
  #sessionSoFar(): Timeline {
    const timeline = this.timeline.copy();
    timeline.markEnd((this.#closedAt ?? systemClock.now()) - this.startedAt);
    return timeline;
  }

  /**
   * Waits until `pattern` is on the screen (see `findText`: per row, first match), or with
   * `scrollback` anywhere in the buffer, the lines above the screen first (the match's row then
   * indexes `screen({ scrollback: true }).cells`: it is on the screen from its `viewportTop` on).
   * @param options.scrollback Search the scrollback too. @default false
   * @param options.timeout Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` option of `start`
   * @param options.signal Ends the wait early, as if `timeout` had passed (the Vitest matchers pass the test's signal). @default undefined
   * @returns Where it matched, in cells.
   * @throws {WaitTimeoutError} after `timeout` ms, with the pattern, the timeout and the screen;
   *   AppExitedError at once when the app has exited without showing the pattern;
   *   ConfigError for a pattern that is not a string or RegExp, or a bad timeout.
   */
  waitForText(pattern: string | RegExp, options?: WaitForTextOptions): Promise<TextMatch> {
    return this.#steps.run(
      'wait',
      () => formatCall('waitForText', [pattern, options]),
      async () => this.#waitForText(pattern, options),
    );
  }

  #waitForText(pattern: string | RegExp, options?: WaitForTextOptions): Promise<TextMatch> {
    checkPattern(pattern, 'waitForText');
    const given = checkOptions(options, 'waitForText', '{ timeout, scrollback }');
    const scrollback = checkScrollbackOption({ scrollback: given.scrollback }, 'waitForText');
    const timeout = this.#timeout(given.timeout);
    const where = scrollback ? ' (the scrollback searched too)' : '';
    const what = (within: WaitTimeout) => `Text ${formatPattern(pattern)} did not appear within ${formatTimeout(within)}${where}.`;
    const find = () => this.#find(pattern, scrollback);
    const exited = (how: string) => `${this.#command} exited (${how}) without showing ${formatPattern(pattern)}.`;
    return this.#waitUntil(() => find() ?? this.#failIfExited(find, exited), timeout, what, this.waitForText, given.signal);
  }

  /**
   * For waits on the screen: once the app has exited and all its output is on the screen, what
   * `probe` still misses will never come, so fail at once rather than at the timeout.
   * @returns What `probe` finds on the final screen (the last output brought it), or undefined while the app runs.
   * @throws {AppExitedError} saying `exited(how)`, with the screen (`marks` marked on it).
   */
  async #failIfExited<T>(
    probe: () => T | undefined | Promise<T | undefined>,
    exited: (how: string) => string,
    marks?: (screen: ScreenSnapshot) => readonly CellRect[],
  ): Promise<T | undefined> {
    const exit = this.#closing ? undefined : await this.exitStatus();
    if (!exit) return undefined;
    const found = await probe();
    if (found !== undefined) return found;
    const screen = this.screen();
    const screenText = snapshotText(screen);
    throw new AppExitedError(formatWithScreen(exited(describeExit(exit)), screenText, marks?.(screen)), exit.exitCode, exit.signal, screenText);
  }

  /**
   * Waits until neither the app has written output nor we have sent input for `quietMs`, and no
   * synchronized update (DEC 2026) is open — one the app never ends counts as ended
   * `SCREEN.synchronizedUpdateTimeout` (1000 ms) after it began, as in foot and Ghostty. An input the app has not answered yet (no output
   * since the last press, type or resize) keeps the wait going for at least
   * {@link WAIT_CONSTANTS.answerMs} after it, so a screen read right after `press()` is not the one
   * before the app's redraw. Never throws on timeout; after `close()` the screen is final and
   * this resolves `settled: true` at once.
   * A resize counts as an input too, with a longer window when the app reads keys one by one
   * (see {@link WAIT_CONSTANTS.resizeAnswerMs}).
   * @param options.quietMs Silence that counts as settled, in ms. @default WAIT.quietMs (200)
   * @param options.timeout Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` option of `start`
   * @throws {TmuxShotError} when `close()` is called while it waits; ConfigError for bad options.
   */
  waitForStable(options?: StableOptions): Promise<StableResult> {
    const notSettled = (result: StableResult) => (result.settled ? undefined : `not settled after ${Math.round(result.afterMs)} ms`);
    return this.#steps.run(
      'wait',
      () => formatCall('waitForStable', [options]),
      () => this.#waitForStable(options),
      notSettled,
    );
  }

  async #waitForStable(options?: StableOptions): Promise<StableResult> {
    const given = checkOptions(options, 'waitForStable', '{ quietMs, timeout }');
    const quietMs = checkDuration(given.quietMs ?? WAIT.quietMs, 'quietMs');
    const timeout = this.#timeout(given.timeout);
    const start = systemClock.now();
    if (this.#closing) return { settled: true, afterMs: 0 };
    let pause = 0;
    const quietAfter = async (): Promise<number | undefined> => {
      this.#assertOpen(() => `waitForStable({ quietMs: ${quietMs} }) was pending.`);
      const answerMs = this.#unanswered ? await this.#answerWindow() : 0;
      await this.#drawArrived();
      const now = systemClock.now();
      const quietUntil = this.#lastActivityAt + (this.#unanswered ? Math.max(quietMs, answerMs) : quietMs);
      const settledAt = Math.max(quietUntil, this.#drawnAt());
      if (now >= settledAt) return now - start;
      pause = Math.max(settledAt - now, WAIT_CONSTANTS.pollMs);
      return undefined;
    };
    const watched = this.#watch(quietAfter);
    const afterMs = await poll(watched.probe, { timeout: timeout.ms, interval: () => pause, wake: watched.wake });
    return afterMs === undefined ? { settled: false, afterMs: systemClock.now() - start } : { settled: true, afterMs };
  }

  /**
   * Waits for the app's next output to reach the screen: for code that re-reads the screen after
   * each change (the text matchers do) instead of on a timer. Never throws on timeout.
   * @param options.timeout Longest wait, in ms; one past 2^31 − 1 ms (≈ 24.8 days) ends there.
   *   @default WAIT.timeout (5000), or less to end by the `deadline` option of `start`
   * @returns true once new output is on the screen; false when `timeout` passed first or the app
   *   was closed.
   * @throws {ConfigError} when `timeout` is not a number of ms ≥ 0.
   */
  waitForOutput(options?: { timeout?: number }): Promise<boolean> {
    const noOutput = (output: boolean) => (output ? undefined : 'no output');
    return this.#steps.run(
      'wait',
      () => formatCall('waitForOutput', [options]),
      () => this.#waitForOutput(options),
      noOutput,
    );
  }

  async #waitForOutput(options?: { timeout?: number }): Promise<boolean> {
    const timeout = this.#timeout(checkOptions(options, 'waitForOutput', '{ timeout }').timeout);
    if (this.#closing) return false;
    return this.#sleepOrOutput(timeout.ms);
  }

  /**
   * Waits for the app to exit and for every byte it wrote to reach the screen, then ends its
   * tmux session (the screen stays readable: tmux keeps the dead pane without a "Pane is dead"
   * line). Resolves at once, with the same status, when called again.
   * @param options.timeout Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` option of `start`
   * @throws {WaitTimeoutError} when it is still running after `timeout` ms; ConfigError for bad options.
   */
  waitForExit(options?: { timeout?: number }): Promise<ExitStatus> {
    return this.#steps.run(
      'wait',
      () => formatCall('waitForExit', [options]),
      async () => this.#waitForExit(options),
    );
  }

  #waitForExit(options?: { timeout?: number }): Promise<ExitStatus> {
    const given = checkOptions(options, 'waitForExit', '{ timeout }');
    if (this.#exit) return this.#exit;
    const timeout = this.#timeout(given.timeout);
    const what = (within: WaitTimeout) => `${this.#command} did not exit within ${formatTimeout(within)}.`;
    const exited = this.#waitUntil(() => this.#deadStatus(), timeout, what, this.waitForExit);
    this.#exit = exited.then((status) => this.#finish(status));
    this.#exit.catch(() => (this.#exit = undefined));
    return this.#exit;
  }

  /**
   * How the app ended, without waiting: its exit status once it has exited (then as
   * {@link waitForExit}), or undefined while it runs.
   * @throws {TmuxShotError} after `close()` when the app had not exited.
   */
  async exitStatus(): Promise<ExitStatus | undefined> {
    if (this.#exit) return this.#exit;
    return (await this.#deadStatus()) ? this.#waitForExit() : undefined;
  }

  /**
   * Resizes the terminal to exactly `cols` × `rows` cells: tmux's window (the app gets SIGWINCH)
   * and the screen model, in the order of the output stream. Like a key, it is an input the app
   * answers: {@link waitForStable} and screenshots wait for the redraw (see `WAIT_CONSTANTS.resizeAnswerMs`).
   * @throws {ConfigError} when the size is not whole cells from 2 to 1000.
   */
  resize(cols: number, rows: number): Promise<void> {
    return this.#steps.run(
      'resize',
      () => formatCall('resize', [cols, rows]),
      async () => {
        const size = checkSize(cols, rows);
        this.#assertRunning();
        this.#markInput('resize');
        await this.#session.resizeWindow(size);
        this.timeline.appendResize(size, systemClock.now() - this.startedAt);
        this.#model.resize(size);
      },
    );
  }

  /**
   * Subscribes to the raw output: each chunk's bytes and arrival time in `systemClock.now()` ms
   * (compare with {@link startedAt}).
   * @returns The function that unsubscribes.
   */
  onOutput(listener: (bytes: Uint8Array, atMs: number) => void): () => void {
    this.#listeners.add(checkListener(listener, 'onOutput'));
    return () => this.#listeners.delete(listener);
  }

  /**
   * Kills the app's session (SIGHUP) and releases the screen model; the screen as it stood at the
   * call stays readable (output still in transit is dropped, not drawn). Idempotent.
   */
  close(): Promise<void> {
    if (!this.#closing) {
      queueMicrotask(() => this.#wake()); // pending waits see #closing and stop
      this.#closedAt = systemClock.now();
      this.#steps.add({ kind: 'close', title: 'close()', atMs: this.#closedAt - this.startedAt, durationMs: 0 });
    }
    this.#closing ??= (async () => {
      await this.#session.kill();
      this.#finalScreen = this.#model.snapshot({ scrollback: true });
      this.#model.dispose();
    })();
    return this.#closing;
  }

  /** True once {@link close} has been called (as Playwright's `page.isClosed()`); an app that exited by itself is not closed. */
  isClosed(): boolean {
    return this.#closing !== undefined;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /**
   * What the test did to this app, oldest first (a copy): its start, every press, type, mouse
   * action, resize and wait (with how long it took and, when it failed, the first line of why),
   * every tmux-shot matcher called on it, its exit and its close, with `atMs` on the
   * {@link timeline}'s clock. A step inside another (the wait of a matcher, the click of a
   * locator) is part of it. At most `STEPS.maxSteps` (2000): the oldest are dropped past it
   * ({@link droppedSteps} counts them). For the failure report's timeline.
   */
  get steps(): readonly AppStep[] {
    return this.#steps.steps;
  }

  /** How many of the oldest {@link steps} were dropped past `STEPS.maxSteps`. */
  get droppedSteps(): number {
    return this.#steps.dropped;
  }

  /**
   * Runs `action` as one step of this app (see {@link steps}): how the Vitest matchers log
   * `expect(tmuxApp).toShowText('Saved')`. Steps inside it are part of it.
   * @param failure Says why, from its result, the step failed (undefined: it passed). @default none
   * @internal
   */
  logStep<T>(kind: AppStepKind, title: () => string, action: () => T, failure?: (result: Awaited<T>) => string | undefined): T {
    return this.#steps.run(kind, title, action, failure);
  }

  /**
   * Runs `action` as the rest of this app's newest step of `kind` (see {@link steps}): how
   * `Shell.attach` makes its wait for the first prompt part of the `start` step, which then lasts
   * until the prompt and, when none comes, fails with why. Steps inside it are part of it.
   * @internal
   */
  extendStep<T>(kind: AppStepKind, action: () => Promise<T>): Promise<T> {
    return this.#steps.extend(kind, action);
  }

  #markInput(kind: 'keys' | 'resize'): void {
    this.#lastActivityAt = systemClock.now();
    this.#unanswered = kind;
    this.#resizeAnswerMs = undefined;
  }

  /**
   * How long the unanswered input may still be answered, in ms: `WAIT_CONSTANTS.answerMs` for keys; for a
   * resize `WAIT_CONSTANTS.resizeAnswerMs` when the terminal has left canonical mode (the app owns the
   * screen and redraws), else `WAIT_CONSTANTS.answerMs` (a line-mode app has nothing to redraw; so has a
   * pane whose mode cannot be read). The mode is read once per resize, and only when asked.
   */
  #answerWindow(): Promise<number> {
    if (this.#unanswered !== 'resize') return Promise.resolve(WAIT_CONSTANTS.answerMs);
    this.#resizeAnswerMs ??= this.#session.isCanonical().then(
      (canonical) => (canonical === false ? WAIT_CONSTANTS.resizeAnswerMs : WAIT_CONSTANTS.answerMs),
      () => WAIT_CONSTANTS.answerMs,
    );
    return this.#resizeAnswerMs;
  }

  /** The timeout of a wait: `explicit`, or `WAIT.timeout` cut to the app's deadline. @throws {ConfigError} for a bad `explicit`. */
  #timeout(explicit: unknown): WaitTimeout {
    return resolveTimeout(explicit, WAIT.timeout, this.#deadline(), systemClock.now());
  }

  /**
   * Takes one chunk of output: records it, and draws it on the screen model at once, so the screen
   * never lags behind what arrived (no backlog to wait for, even under a flood). Once `close()`
   * has begun, the rest of the stream is dropped: the final screen is the one at `close()`.
   */
  #receive(bytes: Buffer, atMs: number): void {
    if (this.#closing) return;
    this.#firstOutputAt ??= atMs;
    this.#unanswered = undefined;
    this.timeline.appendOutput(bytes, Math.max(0, atMs - this.startedAt));
    this.#outputTail = Buffer.concat([this.#outputTail, bytes.subarray(-OUTPUT_TAIL_BYTES)]).subarray(-OUTPUT_TAIL_BYTES);
    for (const listener of this.#listeners) listener(bytes, atMs);
    this.#model.write(bytes, atMs);
    // Parsing a chunk can take a while (64 KiB of binary: 10–100 ms, more on a busy machine), and
    // blocks reading the next one: the screen last changed when the parse ended, so quiet counts
    // from then, not from the chunk's arrival.
    this.#lastActivityAt = systemClock.now();
    this.#wake();
  }

  /**
   * Lets the event loop read and draw the output that arrived while this process was busy (parsing a
   * large chunk, rendering a screenshot): silence is measured only after that, or time spent
   * blocked would pass for the app's quiet. Costs one timer turn (≈ 1 ms).
   */
  #drawArrived(): Promise<void> {
    return systemClock.sleep(0);
  }

  /** Ends a pending wait once `close()` has begun: nothing can change the screen any more. */
  #assertOpen(what: () => string): void {
    if (this.#closing) throw new TmuxShotError(`The app was closed while waiting: ${what()}`);
  }

  /**
   * Ends a pending {@link #waitUntil} begun at `begunAt` once `close()` has begun, saying how much
   * of its `timeout` it had waited: `what` of that time, not of the timeout it never reached
   * (a wait of 60000 ms cut by the test's end at 1833 ms did not wait 60000 ms).
   */
  #assertOpenWait(what: (within: WaitTimeout) => string, timeout: WaitTimeout, begunAt: number): void {
    if (!this.#closing) return;
    const waited = Math.max(0, Math.round((this.#closedAt ?? systemClock.now()) - begunAt));
    throw new TmuxShotError(`The app was closed while waiting, after ${waited} ms of ${formatTimeout(timeout)}: ${what({ ms: waited })}`);
  }

  #wake(): void {
    this.#wakeCount++;
    for (const wake of this.#wakers) wake();
  }

  /**
   * `probe` and `wake` for a {@link poll} over this app, without lost wake-ups: output that
   * arrives while the probe runs (it may await tmux, as the exit check does) ends the next pause
   * at once, where a plain `#sleepOrOutput` would sleep through it for a whole interval.
   */
  #watch<T>(probe: () => T | undefined | Promise<T | undefined>): { probe: () => Promise<T | undefined>; wake: (ms: number) => Promise<unknown> } {
    let seen = this.#wakeCount;
    return {
      probe: async () => {
        seen = this.#wakeCount;
        return probe();
      },
      wake: (ms) => (this.#wakeCount !== seen ? Promise.resolve(true) : this.#sleepOrOutput(ms)),
    };
  }

  /**
   * Resolves after `ms` on the system clock, or earlier when output has reached the screen or
   * `close()` has begun: the `wake` of this app's polls. Resolves true for output, false otherwise.
   */
  async #sleepOrOutput(ms: number): Promise<boolean> {
    const woken = new AbortController();
    let output = false;
    const wake = (): void => {
      output = !this.#closing;
      woken.abort();
    };
    this.#wakers.add(wake);
    await systemClock.sleep(ms, woken.signal);
    this.#wakers.delete(wake);
    return output;
  }

  /**
   * Polls `probe` (see `poll`) now, after each processed output and every `WAIT_CONSTANTS.pollMs`, until it
   * returns a value (or `signal` aborts, which ends it as a timeout would); a pending wait ends
   * when `close()` begins. `what` says what did not happen within a time (the timeout, or what
   * was waited of it before `close()`). A timeout error carries the screen and the stack from the call of
   * `caller` (the public method), so it points at the test line that started the wait rather than
   * at a timer; `marks` gives the cells its screen marks.
   */
  #waitUntil<T>(
    probe: () => Promise<T | undefined> | T | undefined,
    timeout: WaitTimeout,
    what: (within: WaitTimeout) => string,
    caller: Function,
    signal?: AbortSignal,
    marks?: (screen: ScreenSnapshot) => readonly CellRect[],
  ): Promise<T> {
    const begunAt = systemClock.now();
    const watched = this.#watch(async () => {
      const value = await probe();
      if (value === undefined) this.#assertOpenWait(what, timeout, begunAt);
      return value;
    });
    return poll(watched.probe, {
      timeout: timeout.ms,
      interval: WAIT_CONSTANTS.pollMs,
      wake: watched.wake,
      signal,
      onTimeout: () => this.#timeoutError(what(timeout), timeout, marks),
      caller,
    });
  }

  /**
   * A WaitTimeoutError saying `what`, with the screen as drawn now — and, when that screen is
   * half drawn (a synchronized update is open), why text it shows was not taken; `marks` gives the
   * cells to mark on it.
   */
  #timeoutError(what: string, timeout: WaitTimeout, marks?: (screen: ScreenSnapshot) => readonly CellRect[]): WaitTimeoutError {
    const screen = this.screen();
    const screenText = snapshotText(screen);
    const until = this.#model.synchronizedUntil;
    const halfDrawn =
      this.#drawing() && until !== undefined
        ? ` The screen below is half drawn: the app began a synchronized update (DEC 2026) ${Math.round(systemClock.now() - (until - SCREEN.synchronizedUpdateTimeout))} ms ago and has not ended it; it counts as ended ${SCREEN.synchronizedUpdateTimeout} ms after it began.`
        : '';
    return new WaitTimeoutError(formatWithScreen(`${what}${halfDrawn}`, screenText, marks?.(screen)), timeout.ms, screenText);
  }

  /**
   * From when the screen counts as fully drawn, in `systemClock.now()` ms: always (0), unless a
   * synchronized update (DEC 2026) is open — then from its timeout (`ScreenModel.synchronizedUntil`),
   * unless the app ends it first. Once the app has exited (its output all drawn) or `close()` has
   * been called, the screen is final: no update can end any more.
   */
  #drawnAt(): number {
    return this.#finalScreen || this.#exitStatus ? 0 : (this.#model.synchronizedUntil ?? 0);
  }

  /** True while the screen is half drawn: a synchronized update is open and has not timed out. */
  #drawing(): boolean {
    return systemClock.now() < this.#drawnAt();
  }

  /** The match on the screen (with `scrollback`, in the whole buffer) now; none while a synchronized update is half drawn. */
  #find(pattern: string | RegExp, scrollback = false): TextMatch | undefined {
    if (this.#drawing()) return undefined;
    return findText(this.screen({ scrollback }), pattern);
  }

  /** The pane's status once it is dead, else undefined. */
  async #deadStatus(): Promise<PaneStatus | undefined> {
    if (this.#closing) throw new TmuxShotError('The app was closed before it exited.');
    const status = await this.#session.paneStatus();
    return status.dead ? status : undefined;
  }

  /** Ends the session of a dead pane so its output stream ends, and drains that output into the screen. */
  async #finish(status: PaneStatus): Promise<ExitStatus> {
    await this.#session.kill();
    await this.#session.outputEnded;
    this.#exitStatus = { exitCode: status.exitCode, signal: status.signal };
    const atMs = systemClock.now() - this.startedAt;
    this.#steps.add({ kind: 'exit', title: `exited (${describeExit(this.#exitStatus)})`, atMs, durationMs: 0 });
    return this.#exitStatus;
  }

  /**
   * Waits until the app is ready by the readiness rule (src/app/ready.ts `decideReady`), observing
   * what it decides on: output, quiet time, the terminal's mode (read once, when asked for) and
   * the exit.
   * @throws {WaitTimeoutError} when the app printed nothing, or did not show `{ text }`, within
   *   `timeout`; AppExitedError when it could not be run or exited before showing `{ text }`.
   */
  async #awaitReady(rule: ReadyRule, timeout: WaitTimeout): Promise<void> {
    if (rule === 'none') return;
    const atCallSite = captureCallSite(TmuxApp.start);
    let lineMode: ReadyFacts['lineMode'] = 'unread';
    const kernel: KernelView = { readable: true, canonical: undefined, modeReadAt: undefined };
    let pause = 0;
    const decide = async (timedOut: boolean): Promise<ReadyDecision> => {
      const decision = decideReady(rule, await this.#readyFacts(rule, lineMode, timedOut, kernel));
      if (decision.kind !== 'read-line-mode') return decision;
      lineMode = await this.#session.isCanonical();
      return decideReady(rule, await this.#readyFacts(rule, lineMode, timedOut, kernel));
    };
    const settled = async (): Promise<ReadyDecision | undefined> => {
      const decision = await decide(false);
      if (decision.kind !== 'wait') return decision;
      pause = decision.ms;
      return undefined;
    };
    const watched = this.#watch(settled);
    const decision = (await poll(watched.probe, { timeout: timeout.ms, interval: () => pause, wake: watched.wake })) ?? (await decide(true));
    const { kind } = decision;
    if (kind === 'ready') return;
    const readyText = () => formatPattern((rule as { text: string | RegExp }).text);
    if (kind === 'timed-out') {
      const what =
        decision.what === 'output'
          ? `${this.#command} printed nothing within ${formatTimeout(timeout)}; pass ready: 'none' (CLI: --ready none) for an app that waits silently.`
          : `start(): the ready text ${readyText()} did not appear within ${formatTimeout(timeout)}, so ${this.#command} did not count as started ` +
            '(ready: { text }; a RegExp matches one row at a time). Check the text, or give start() a longer timeout.';
      throw atCallSite(this.#timeoutError(what, timeout));
    }
    if (kind === 'could-not-run' || kind === 'exited-before-text') {
      const { exit } = decision;
      const how = exit.signal ?? `${describeExit(exit)}${kind === 'could-not-run' ? `, ${decision.why}` : ''}`;
      const what =
        kind === 'could-not-run' ? `${this.#command} could not be run` : `start(): ${this.#command} exited before showing the ready text ${readyText()}`;
      const screenText = this.text();
      throw atCallSite(new AppExitedError(formatWithScreen(`${what} (${how}).`, screenText), exit.exitCode, exit.signal, screenText));
    }
    throw new TmuxShotError(`Readiness ended undecided (${kind}): a bug in tmux-shot.`);
  }

  /**
   * What the readiness rule decides on, observed now (an exited app's output all drawn). The
   * shortcut (`waitsForKeys`, see {@link #keysShortcut}) is tried once the app has written output
   * and while `kernel.readable`: the first answer "cannot be read", or a fence that does not come
   * back, clears it, and the rest of this start follows the rule without it.
   */
  async #readyFacts(rule: Exclude<ReadyRule, 'none'>, lineMode: ReadyFacts['lineMode'], timedOut: boolean, kernel: KernelView): Promise<ReadyFacts> {
    const exit = (await this.#deadStatus()) ? await this.#waitForExit() : undefined;
    let waitsForKeys: boolean | undefined;
    if (kernel.readable && rule === 'output' && this.#firstOutputAt !== undefined && !exit && !timedOut) {
      waitsForKeys = await this.#keysShortcut(kernel);
      kernel.readable = waitsForKeys !== undefined;
    }
    const now = systemClock.now();
    return {
      waitsForKeys,
      sinceFirstOutput: this.#firstOutputAt === undefined ? undefined : now - this.#firstOutputAt,
      quiet: now - this.#lastActivityAt,
      drawing: this.#drawing(),
      textShown: typeof rule === 'object' && findText(this.screen(), rule.text) !== undefined,
      lineMode,
      exit,
      execFailure: exit && parseExecFailure(this.#outputTail.toString('utf8'), exit.exitCode, this.#program),
      timedOut,
    };
  }

  /**
   * Whether the readiness shortcut holds now: the kernel shows the foreground waiting for keys,
   * the terminal is in non-canonical mode, and an output fence came back (everything the app wrote
   * before is on the screen). The mode is read with the fence, concurrently, and again only after
   * new output (apps switch modes as they draw). The fence is written only when the output so far
   * ends in the ground state (`endsInGround` over the output tail): a fence inside an escape
   * sequence would break tmux's parser. Bytes the app wrote that are still on their way to us
   * when the tail is checked are not seen: the foreground was just seen waiting, so they are few,
   * and ending inside a sequence on top of that is rare; so is a tail that begins inside a string
   * (OSC, DCS) longer than the tail, which reads as ground.
   * @returns false while it does not hold (the rule without it decides meanwhile); undefined when
   *   the kernel cannot be read or no fence comes back.
   */
  async #keysShortcut(kernel: KernelView): Promise<boolean | undefined> {
    const modeCurrent = kernel.modeReadAt !== undefined && this.#lastActivityAt < kernel.modeReadAt;
    if (modeCurrent && kernel.canonical !== false) return false; // line mode (or unreadable), and nothing drawn since
    const foreground = await this.#session.foregroundWait();
    if (foreground === undefined) return undefined;
    if (foreground === 'busy' || !endsInGround(this.#outputTail)) return false;
    let canonical: Promise<boolean | undefined> = Promise.resolve(kernel.canonical);
    if (!modeCurrent) {
      kernel.modeReadAt = systemClock.now();
      canonical = this.#session.isCanonical().catch(() => undefined);
    }
    const [mode, fenced] = await Promise.all([canonical, this.#session.fence()]);
    kernel.canonical = mode;
    if (!fenced) return undefined;
    return mode === false;
  }

  /** @throws {TmuxShotError} after `close()`, AppExitedError after the app exited: both say what input still does. */
  #assertRunning(): void {
    if (this.#closing) {
      throw new TmuxShotError(
        'press(), type(), resize() and the mouse send to a running app: this one has been closed (by close(), or by the tmuxApp fixture when its test ended). ' +
          'Call them before close(), or start the app again.',
      );
    }
    const exit = this.#exitStatus;
    if (exit) {
      const how = describeExit(exit);
      throw new AppExitedError(
        `${this.#command} has exited (${how}); it takes no more input, mouse reports or resizing. Its last screen stays readable (text(), screen()); start it again to go on.`,
        exit.exitCode,
        exit.signal,
        this.text(),
      );
    }
  }
}

/** Why a locator or the mouse of a closed app refuses to wait (whether or not another app runs now). */
const CLOSED_APP_PORT =
  'The app of this locator or mouse has been closed (by close(), or by the tmuxApp fixture when its test ended or tmuxApp.start() ran a new app): ' +
  'it takes no input and its screen will not change. Its last screen stays readable (text(), screen(), and the expect matchers check it once); ' +
  'to go on, start an app and take the locator or mouse from it: tmuxApp.getByText(…), tmuxApp.region(…), tmuxApp.mouse.';

/** What one start has learnt of the kernel's view of its app (see `TmuxApp.#keysShortcut`). */
interface KernelView {
  /** The shortcut may still be tried: the kernel could be read and the fence came back so far. */
  readable: boolean;
  /** The terminal's mode at the last read: true canonical, false not, undefined unreadable or unread. */
  canonical: boolean | undefined;
  /** When the mode was last read, in `systemClock.now()` ms; undefined before. */
  modeReadAt: number | undefined;
}

/** Output kept for {@link parseExecFailure}, in bytes: sh's message with the longest path Linux allows (4096 bytes) fits. */
const OUTPUT_TAIL_BYTES = 8192;
