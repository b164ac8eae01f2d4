/**
 * `TmuxApp`, the one composition root: a terminal app running in a private tmux session (host/),
 * its output fed into a live screen model (screen/), with keys, text, waits and resizing.
 */
import { TmuxSession } from '../host/index.js';
import { createTimeline, encodeGif, formatAsciicast, type RecordOptions, type Timeline } from '../record/index.js';
import { paletteColor, renderPng, type RenderOptions, type Theme } from '../render/index.js';
import { ScreenModel, snapshotText, visibleScreen, type ClipboardWrite, type DesktopNotification, type TextMatch } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { systemClock, type Deadline } from '../wait.js';
import type { ExitStatus } from './exit.js';
import type { TypeOptions } from './input.js';
import { Locator } from './locator.js';
import { checkRegion, type GetByTextOptions, type RegionOptions } from './locator-query.js';
import { Mouse } from './mouse.js';
import { AppClosing } from './closing.js';
import { checkScrollbackOption, resolveAppOptions } from './options.js';
import { createParts, type AppParts } from './parts.js';
import { awaitReady } from './ready-observer.js';
import type { ReadyRule } from './ready.js';
import { processWideServer } from './server.js';
import type { ScreenOptions, TmuxAppOptions } from './start-options.js';
import { StepLog, formatCall, type AppStep, type AppStepKind } from './steps.js';
import type { PauseContext, PauseOptions, TmuxTarget } from './pause.js';
import type { StableOptions, StableResult, WaitForTextOptions } from './waits.js';

export type { TmuxTarget } from './pause.js';

export type { TmuxAppOptions } from './start-options.js';
export type { StableOptions } from '../wait.js';

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
  readonly #model: ScreenModel;
  /** Whether and when `close()` was called, and the screen as it stood then (see `AppClosing`). */
  readonly #closing: AppClosing;
  /** Its waits, exit, input, output, and the port its locators and mouse use (see `createParts`). */
  readonly #parts: AppParts;
  /** The theme as given to `start`: the default of screenshots and GIFs. */
  readonly #theme: RenderOptions['theme'];
  /**
   * The mouse, as Playwright's `page.mouse`, in cells (0-based `col`, `row`): `click`, `dblclick`,
   * `down`, `up`, `move`, `wheel`, `drag`. It sends the reports xterm would send in the mouse
   * modes the app turned on, after waiting for it to turn them on (see {@link Mouse}).
   */
  readonly mouse: Mouse;
  /** Every input, wait, matcher call, the exit and the close, on the {@link timeline}'s clock (see {@link steps}). */
  readonly #steps: StepLog = new StepLog(() => systemClock.now() - this.startedAt);

  private constructor(
    session: TmuxSession,
    model: ScreenModel,
    command: readonly string[] | string,
    deadline: () => Deadline | undefined,
    theme: { given: RenderOptions['theme']; resolved: Theme },
  ) {
    this.#model = model;
    this.#closing = new AppClosing(session, model);
    this.#theme = theme.given;
    this.startedAt = systemClock.now();
    this.timeline = createTimeline(model.size, { startedAt: systemClock.epochNow() });
    const host = { command, startedAt: this.startedAt, timeline: this.timeline, session, model, steps: this.#steps, closing: this.#closing, app: this };
    this.#parts = createParts(host, deadline, (index) => paletteColor(index, theme.resolved), this.waitForExit);
    this.mouse = new Mouse(this.#parts.port);
    session.onOutput((bytes, atMs) => this.#parts.output.receive(bytes, atMs));
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
    const { command, size, scrollback, env, cwd, server, ready, timeout, deadline, signal, theme } = resolveAppOptions(options);
    signal?.throwIfAborted();
    const model = new ScreenModel(size, { scrollback });
    let session: TmuxSession;
    try {
      session = await TmuxSession.create(server ?? (await processWideServer()), size);
    } catch (error) {
      model.dispose();
      throw error;
    }
    const app = new TmuxApp(session, model, command, deadline, theme);
    const abort = () => void app.close(); // pending waits see the app closing and stop
    signal?.addEventListener('abort', abort, { once: true });
    try {
      signal?.throwIfAborted();
      // One wait for tmux, not two: the colours' commands are written first, and tmux runs them in order.
      await Promise.all([session.setPaneColours(theme.resolved), session.respawnPane({ command, env, cwd })]);
      await awaitReady(app.#parts.ready, ready, app.#parts.waits.timeout(timeout), TmuxApp.start);
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
   * Presses keys in order, each as its own write to the terminal (one tmux `send-keys` each), sent
   * once the app has read the key before, as from a keyboard: the app reads each key on its own
   * (see src/term/key-read.ts for how "has read" is told, and its bounds). Names: tmux names (`Enter`, `C-c`, `M-x`, `F1`,
   * `BTab`, `a`) or Playwright names (`ArrowDown`, `Control+C`, `Shift+Tab`); case-sensitive.
   * Extended keys (`Control+Enter`, `Shift+Enter`, `Control+Tab`, `Control+Shift+A`, `Control+1`…)
   * need the app to have asked for them (xterm modifyOtherKeys, `CSI > 4 ; 1 m`) in the output
   * drawn so far; tmux 3.3a then sends them as CSI u (`ESC [ 13 ; 5 u`). See `resolveKeyName`.
   * @throws {KeyNameError} when any name is unknown, or is an extended key the app has not asked
   *   for (`reason: 'extendedKeys'`), before anything is sent (with suggestions); ConfigError when
   *   an argument is not a string; AppExitedError after the app has exited.
   */
  press(...keys: string[]): Promise<void> {
    return this.#parts.input.press(keys);
  }

  /**
   * Types `text` as a person does: one keystroke per grapheme (`Intl.Segmenter`), each its own
   * write, sent once the app has read the one before, like {@link press} — as Playwright's
   * `keyboard.type` and `locator.pressSequentially`. Byte-exact UTF-8 (`send-keys -H`: no key-name
   * lookup, `;` and leading `-` are literal). A line break (`'\n'`, `'\r\n'`) is sent as CR (0x0D),
   * what Enter sends, so `type('ls\n')` is `type('ls')` then `press('Enter')` and submits in
   * raw-mode apps too. Each keystroke costs ≈ 1–3 ms (README, Keys): for bulk text use
   * {@link insertText} (one write) or {@link paste}.
   * @param options.delay Pause between keystrokes in ms, after the app has read each. @default 0
   * @throws {ConfigError} when `text` is not a string or `delay` not a number of ms ≥ 0;
   *   AppExitedError after the app has exited.
   */
  type(text: string, options?: TypeOptions): Promise<void> {
    return this.#parts.input.type(text, options);
  }

  /**
   * Sends `text` in one write, as {@link type} types it but not key by key (Playwright's
   * `keyboard.insertText`): the fast path for bulk text. The app may read it in one `read()`, as a
   * paste without brackets: apps that tell keys by reads (Ink's `useInput`) take it as one input.
   * @throws {ConfigError} when `text` is not a string; AppExitedError after the app has exited.
   */
  insertText(text: string): Promise<void> {
    return this.#parts.input.insertText(text);
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
    return this.#parts.input.paste(text);
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
    const final = this.#closing.finalScreen;
    if (final) return scrollback ? final : visibleScreen(final);
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
    return new Locator(this.#parts.port, this, []).getByText(text, options);
  }

  /**
   * A {@link Locator} of a rectangle of cells, its one match (clipped to the screen as it is at
   * each use; none when wholly off it): a scope for `getByText`, so
   * `region({ rows: 1 }).getByText('File')` is the menu bar's File.
   * @param rect A part left out reaches the screen's edge: `row`/`col` 0, `rows`/`cols` to the far side. @default the whole screen
   * @throws {ConfigError} unless the parts are whole cells (`row`/`col` ≥ 0, `rows`/`cols` ≥ 1).
   */
  region(rect?: RegionOptions): Locator {
    return new Locator(this.#parts.port, this, [{ kind: 'region', region: checkRegion(rect) }]);
  }

  /**
   * A PNG of the screen as of all output received so far, drawn from the cell grid with the
   * bundled fonts (byte-identical on every machine for the same screen). It does not wait for
   * the app to settle: call {@link waitForStable} first when the app may still be drawing.
   * @param options Rendering options (theme, scale, cursor…); see `RenderOptions` for defaults,
   *   but for the theme, which is the app's (see {@link TmuxAppOptions.theme}).
   * @returns PNG bytes, indexed when the image has at most 256 colours, with the renderer's
   *   fingerprint in a `tmux-shot:renderer` text chunk.
   * @throws {ConfigError} for invalid render options.
   */
  async screenshot(options: Partial<RenderOptions> = {}): Promise<Buffer> {
    return renderPng(this.screen(), { theme: this.#theme, ...options });
  }

  /**
   * A GIF of the whole session so far, from the {@link timeline}: frames where the screen
   * changed (at most `fps` a second), idle stretches capped, drawn like {@link screenshot}.
   * Deterministic for the same timeline.
   * @param options Frame timing (`fps` 30, `idleCap` 2000 ms, `keepRealTime`) and render options (the app's theme by default).
   * @returns GIF bytes.
   * @throws {ConfigError} for invalid options.
   */
  async gif(options: Partial<RecordOptions> = {}): Promise<Uint8Array> {
    return encodeGif(this.#parts.output.recording(), { theme: this.#theme, ...options });
  }

  /**
   * The session so far as an asciicast v2 recording (`.cast`, playable by asciinema), lasting
   * until now like {@link gif}: its `duration` includes the quiet time after the last output.
   */
  asciicast(): string {
    return formatAsciicast(this.#parts.output.recording());
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
    return this.#parts.waits.waitForText(pattern, options, this.waitForText);
  }

  /**
   * Waits until neither the app has written output nor we have sent input for `quietMs`, and no
   * synchronized update (DEC 2026) is open — one the app never ends counts as ended
   * `SCREEN.synchronizedUpdateTimeout` (1000 ms) after it began, as in foot and Ghostty. It first
   * waits for the app to handle the last key sent (read it and wait for keys again, as `press`
   * waits between keys; at most `KEYBOARD.readTimeout`, 500 ms, for an app that shows no read),
   * and for what the app wrote until then to reach the screen. An input the app has not answered yet (no output
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
    return this.#parts.waits.waitForStable(options);
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
    return this.#parts.waits.waitForOutput(options);
  }

  /**
   * Waits for the app to exit and for every byte it wrote to reach the screen, then ends its
   * tmux session (the screen stays readable: tmux keeps the dead pane without a "Pane is dead"
   * line). Resolves at once, with the same status, when called again.
   * @param options.timeout Longest wait, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` option of `start`
   * @throws {WaitTimeoutError} when it is still running after `timeout` ms; ConfigError for bad options.
   */
  waitForExit(options?: { timeout?: number }): Promise<ExitStatus> {
    return this.#parts.exit.waitForExit(options);
  }

  /**
   * How the app ended, without waiting: its exit status once it has exited (then as
   * {@link waitForExit}), or undefined while it runs.
   * @throws {TmuxShotError} after `close()` when the app had not exited.
   */
  exitStatus(): Promise<ExitStatus | undefined> {
    return this.#parts.exit.exitStatus();
  }

  /**
   * Resizes the terminal to exactly `cols` × `rows` cells: tmux's window (the app gets SIGWINCH)
   * and the screen model, in the order of the output stream. Like a key, it is an input the app
   * answers: {@link waitForStable} and screenshots wait for the redraw (see `WAIT_CONSTANTS.resizeAnswerMs`).
   * @throws {ConfigError} when the size is not whole cells from 2 to 1000.
   */
  resize(cols: number, rows: number): Promise<void> {
    return this.#parts.input.resize(cols, rows);
  }

  /**
   * Sends `signal` to the app's foreground process group — the group a person's Ctrl+C reaches:
   * the app and its children, or the job a shell runs in the foreground — as `kill -s SIGTERM -- -PGID`.
   * Resolves once sent, not once handled: wait for what the app does (its output, or
   * {@link waitForExit}, whose status names the signal when it ended the app). Named after Node's
   * `subprocess.kill(signal)` and execa's; it does not close the app (see {@link close}).
   * @param signal A signal name of Node's `os.constants.signals`: 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR1', 'SIGKILL'… @default 'SIGTERM'
   * @example await tmuxApp.kill('SIGUSR1'); await tmuxApp.waitForText('reloaded');
   * @throws {ConfigError} for an unknown signal name (with the closest names); AppExitedError after
   *   the app has exited (also when it exits as the signal is sent); TmuxShotError after `close()`,
   *   or when the app has left its terminal (no foreground group there).
   */
  kill(signal = 'SIGTERM'): Promise<void> {
    return this.#parts.input.kill(signal);
  }

  /** Where the app runs in tmux (socket, session, pane), for a person's `tmux attach`; see {@link pause}. */
  get tmuxTarget(): TmuxTarget {
    return this.#parts.pause.target;
  }

  /**
   * Pauses for a person, as Playwright's `page.pause()`: prints `tmux -S <socket> attach -r -t <session>`
   * (no `-r` with `readWrite`) and waits until they attached and left; keys typed through `tmux-shot attach
   * --read-write` become a `manual` step. Does not wait, saying why, in CI, without a terminal, or in a
   * fixture test with a timeout (Vitest cannot suspend it: `--test-timeout=0`). Guide: Debugging.
   */
  pause(options: PauseOptions = {}, context: PauseContext = {}): Promise<void> {
    return this.#parts.pause.pause(options, context);
  }

  /** Logs keys a person typed (`tmux-shot attach --read-write`) as `manual` steps; the fixtures call it before close. @returns The calls, as test code. @internal */
  takeManualInput(): Promise<string[]> {
    return this.#parts.pause.takeManualInput();
  }

  /** How many times the app rang the bell (BEL outside OSC and DCS strings, as xterm's `onBell`), in the output drawn so far. */
  get bells(): number {
    return this.#model.events().bells;
  }

  /**
   * The app's OSC 52 clipboard writes (`ESC ] 52 ; c ; base64 BEL`, xterm ctlseqs), oldest first,
   * decoded (see `ClipboardWrite`; at most 1000, the oldest dropped), in the output drawn so far.
   * A query (`ESC ] 52 ; c ; ? BEL`) is no write. Named as termless names it.
   * @example expect(tmuxApp.clipboardWrites.at(-1)).toEqual({ selection: 'c', text: 'copied' });
   */
  get clipboardWrites(): readonly ClipboardWrite[] {
    return this.#model.events().clipboardWrites;
  }

  /**
   * The app's desktop notifications, oldest first: OSC 9 (iTerm2: `ESC ] 9 ; body BEL`, title '';
   * ConEmu's OSC 9 commands such as `9 ; 4` progress are not notifications) and OSC 777
   * (rxvt-unicode, foot: `ESC ] 777 ; notify ; title ; body BEL`), at most 1000, in the output drawn so far.
   */
  get notifications(): readonly DesktopNotification[] {
    return this.#model.events().notifications;
  }

  /** Subscribes to the raw output: each chunk's bytes and arrival time in `systemClock.now()` ms. @returns The unsubscriber. */
  onOutput(listener: (bytes: Uint8Array, atMs: number) => void): () => void {
    return this.#parts.output.onOutput(listener);
  }

  /**
   * Kills the app's session (SIGHUP) and releases the screen model; the screen as it stood at the
   * call stays readable (output still in transit is dropped, not drawn). Idempotent.
   */
  close(): Promise<void> {
    return this.#closing.close((closedAt) => {
      queueMicrotask(() => this.#parts.waits.wake()); // pending waits see the app closed and stop
      this.#steps.add({ kind: 'close', title: 'close()', atMs: closedAt - this.startedAt, durationMs: 0 });
    });
  }

  /** True once {@link close} has been called (as Playwright's `page.isClosed()`); an app that exited by itself is not closed. */
  isClosed(): boolean {
    return this.#closing.isClosed;
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

  /** Runs `action` as one step (see {@link steps}), as the matchers log theirs; `failure` says why, from its result, it failed. @internal */
  logStep<T>(kind: AppStepKind, title: () => string, action: () => T, failure?: (result: Awaited<T>) => string | undefined): T {
    return this.#steps.run(kind, title, action, failure);
  }

  /** Runs `action` as the rest of the newest step of `kind`, as `Shell.attach` extends `start` to its first prompt. @internal */
  extendStep<T>(kind: AppStepKind, action: () => Promise<T>): Promise<T> {
    return this.#steps.extend(kind, action);
  }
}
