/**
 * The value of the `tmuxApp` fixture: a `TmuxApp` started on the worker's tmux server — at once
 * when the fixture options name a command, else by `tmuxApp.start(...)` in the test — with the
 * app's methods, the renderer options of the file, and a `screenshot()` that uses them.
 */
import type { RunnerTestCase } from 'vitest';
import { WAIT } from '../defaults.js';
import { ConfigError, TmuxShotError } from '../errors.js';
import type { RenderOptions } from '../render/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import type { TmuxServer } from '../host/index.js';
import { TmuxApp } from '../app/index.js';
import type { TmuxAppOptions } from '../app/index.js';
import { resolveTimeout, systemClock } from '../wait.js';
import { formatPattern } from './failure-message.js';
import { testDeadline, trackWait } from './test-timeout.js';

/**
 * Options of the `tmuxApp` fixture, set per file or `describe` with
 * `test.override({ tmuxOptions: { … } })` and per call with `tmuxApp.start({ … })`: those of
 * `TmuxApp.start` (the server is the worker's; the deadline of waits is the test's), plus how
 * screenshots are drawn.
 */
export interface TmuxAppFixtureOptions extends Partial<Omit<TmuxAppOptions, 'server' | 'deadline' | 'signal'>> {
  /** Colours of screenshots and failure screens. @default 'dark' */
  theme?: RenderOptions['theme'];
  /** Other renderer options (font size, scale, padding…); `theme` above wins over `render.theme`. @default {} */
  render?: Partial<RenderOptions>;
  /** Save the last screen (PNG and text) when a test fails. @default true */
  failureScreen?: boolean;
}

/** `call` over `base`, with `env` merged key by key. */
function mergeAppOptions(base: TmuxAppFixtureOptions, call: TmuxAppFixtureOptions): TmuxAppFixtureOptions {
  const merged = { ...base, ...call };
  if (base.env || call.env) merged.env = { ...base.env, ...call.env };
  if (base.render || call.render) merged.render = { ...base.render, ...call.render };
  return merged;
}

/** A `start()` in progress: how to stop it, and when it is over (its app, if any, set). */
interface Starting {
  controller: AbortController;
  over: Promise<void>;
}

/**
 * The `tmuxApp` fixture: one app per test on the worker's tmux server. It owns the app from the
 * moment its tmux session exists: `close()` during a `start()` (a test that timed out inside it)
 * stops the start, through `TmuxApp.start`'s `signal`, and closes the app.
 */
export class TmuxAppHandle implements AsyncDisposable {
  #options: TmuxAppFixtureOptions;
  readonly #server: TmuxServer;
  readonly #task: Readonly<RunnerTestCase> | undefined;
  #app: TmuxApp | undefined;
  #starting: Starting | undefined;

  /**
   * @param task The test the app belongs to: its waits end before the test's own timeout (see
   *   `testDeadline`), and if the test times out anyway its error names the pending wait.
   */
  constructor(options: TmuxAppFixtureOptions, server: TmuxServer, task?: Readonly<RunnerTestCase>) {
    this.#options = options;
    this.#server = server;
    this.#task = task;
  }

  /** The options the app was (or will be) started with. */
  get options(): Readonly<TmuxAppFixtureOptions> {
    return this.#options;
  }

  /** True once an app was started (it may have exited since). */
  get started(): boolean {
    return this.#app !== undefined;
  }

  /**
   * The running `TmuxApp`.
   * @throws {ConfigError} before `start()` when the options name no command.
   */
  get app(): TmuxApp {
    if (!this.#app) {
      throw new ConfigError(
        'tmuxApp has not been started: give it a command with test.override({ tmuxOptions: { command: [...] } }) ' +
          'or call await tmuxApp.start({ command: [...] }) first.',
      );
    }
    return this.#app;
  }

  /** Renderer options of screenshots (`theme` merged into `render`), read by `toMatchScreenshot`. */
  get renderOptions(): Partial<RenderOptions> {
    const { theme, render } = this.#options;
    return theme === undefined ? { ...render } : { ...render, theme };
  }

  /**
   * Starts the app with the fixture options, `options` merged over them (`env` and `render` key by
   * key), on the worker's tmux server.
   * @returns The started `TmuxApp` (also reachable as `tmuxApp.app`).
   * @throws {ConfigError} when an app is already running in this test, or no command is given;
   *   whatever `TmuxApp.start` throws (`AppExitedError`, `TmuxNotFoundError`…).
   */
  async start(options: TmuxAppFixtureOptions = {}): Promise<TmuxApp> {
    if (this.#app || this.#starting) throw new ConfigError('tmuxApp is already running in this test: close() it before starting another.');
    const merged = mergeAppOptions(this.#options, options);
    const { theme: _theme, render: _render, failureScreen: _failureScreen, command, ...start } = merged;
    if (command === undefined) throw new ConfigError('tmuxApp.start() needs a command: tmuxApp.start({ command: ["vim", "file.txt"] }).');
    this.#options = merged;
    const deadline = testDeadline(this.#task);
    const controller = new AbortController();
    const started = this.#track('tmuxApp.start()', start.timeout, () =>
      TmuxApp.start({ ...start, command, server: this.#server, deadline, signal: controller.signal }),
    ).then((app) => (this.#app = app));
    const starting: Starting = { controller, over: started.then(() => undefined, () => undefined) };
    this.#starting = starting;
    try {
      return await started;
    } finally {
      if (this.#starting === starting) this.#starting = undefined;
    }
  }

  /** Runs one of the app's waits as pending in the test (see `trackWait`). */
  async #track<T>(what: string, timeout: unknown, wait: () => Promise<T>): Promise<T> {
    const resolved = resolveTimeout(timeout, WAIT.timeout, testDeadline(this.#task), systemClock.now());
    return trackWait(this.#task, { what, timeout: resolved, screenText: () => this.#app?.text() }, wait);
  }

  /** Presses keys (tmux names like `Enter`, `C-c`, or `ArrowDown`-style aliases). See `TmuxApp.press`. */
  press(...keys: string[]): Promise<void> {
    return this.app.press(...keys);
  }

  /** Types text byte-exact; `'\n'` submits (CR). See `TmuxApp.type`. */
  type(text: string): Promise<void> {
    return this.app.type(text);
  }

  /** The visible screen text. See `TmuxApp.text`. */
  text(): string {
    return this.app.text();
  }

  /** The visible screen. See `TmuxApp.screen`. */
  screen(): ScreenSnapshot {
    return this.app.screen();
  }

  /** Waits for text on the screen. See `TmuxApp.waitForText`. */
  waitForText(...args: Parameters<TmuxApp['waitForText']>): ReturnType<TmuxApp['waitForText']> {
    return this.#track(`tmuxApp.waitForText(${formatPattern(args[0])})`, args[1]?.timeout, () => this.app.waitForText(...args));
  }

  /** Waits for output silence. See `TmuxApp.waitForStable`. */
  waitForStable(...args: Parameters<TmuxApp['waitForStable']>): ReturnType<TmuxApp['waitForStable']> {
    return this.#track('tmuxApp.waitForStable()', args[0]?.timeout, () => this.app.waitForStable(...args));
  }

  /** Waits for the app's next output to reach the screen. See `TmuxApp.waitForOutput`. */
  waitForOutput(...args: Parameters<TmuxApp['waitForOutput']>): ReturnType<TmuxApp['waitForOutput']> {
    return this.#track('tmuxApp.waitForOutput()', args[0]?.timeout, () => this.app.waitForOutput(...args));
  }

  /** The exit status once the app has exited, else undefined; does not wait. See `TmuxApp.exitStatus`. */
  exitStatus(): ReturnType<TmuxApp['exitStatus']> {
    return this.app.exitStatus();
  }

  /** Waits for the app to exit. See `TmuxApp.waitForExit`. */
  waitForExit(...args: Parameters<TmuxApp['waitForExit']>): ReturnType<TmuxApp['waitForExit']> {
    return this.#track('tmuxApp.waitForExit()', args[0]?.timeout, () => this.app.waitForExit(...args));
  }

  /** Resizes the terminal, in cells. See `TmuxApp.resize`. */
  resize(cols: number, rows: number): Promise<void> {
    return this.app.resize(cols, rows);
  }

  /** Subscribes to the app's output. See `TmuxApp.onOutput`. */
  onOutput(...args: Parameters<TmuxApp['onOutput']>): ReturnType<TmuxApp['onOutput']> {
    return this.app.onOutput(...args);
  }

  /** When the app's process started, in `systemClock.now()` ms. See `TmuxApp.startedAt`. */
  get startedAt(): number {
    return this.app.startedAt;
  }

  /** The app's output timeline. See `TmuxApp.timeline`. */
  get timeline(): TmuxApp['timeline'] {
    return this.app.timeline;
  }

  /**
   * PNG bytes of the screen now, drawn with this fixture's renderer options, `options` over them.
   * See `TmuxApp.screenshot`.
   */
  screenshot(options: Partial<RenderOptions> = {}): Promise<Buffer> {
    return this.app.screenshot({ ...this.renderOptions, ...options });
  }

  /** A GIF of the session so far, drawn with this fixture's renderer options. See `TmuxApp.gif`. */
  gif(options: Parameters<TmuxApp['gif']>[0] = {}): Promise<Uint8Array> {
    return this.app.gif({ ...this.renderOptions, ...options });
  }

  /** The session so far as an asciicast v2 recording. See `TmuxApp.asciicast`. */
  asciicast(): string {
    return this.app.asciicast();
  }

  /**
   * Stops the app (if started), or the `start()` still in progress (which then rejects).
   * Idempotent; the fixture calls it after every test.
   */
  async close(): Promise<void> {
    const starting = this.#starting;
    starting?.controller.abort(new TmuxShotError('tmuxApp was closed while it was starting.'));
    await starting?.over;
    await this.#app?.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
