/**
 * The value of the `tmuxApp` fixture: the test's `TmuxApp`, handed over as Playwright hands a test
 * its `page`. Every member of `TmuxApp` is the app's own, reached through a proxy, so a method added
 * to `TmuxApp` needs nothing here. The handle adds what the fixture owns: `start()` (at once when
 * the fixture options name a command, else by the test), the renderer options of the file (used by
 * `screenshot()`, `gif()` and `toMatchScreenshot`), and the test's bookkeeping: the app's waits end
 * before the test's own timeout (its `deadline`), and each `waitFor…` runs as a pending wait of the
 * test, which Vitest's error names should the test time out anyway.
 */
import { resolve } from 'node:path';
import type { RunnerTestCase } from 'vitest';
import { WAIT } from '../defaults.js';
import { ConfigError, TmuxShotError } from '../errors.js';
import type { RenderOptions } from '../render/index.js';
import type { TmuxServer } from '../host/index.js';
import { TmuxApp } from '../app/index.js';
import type { TmuxAppOptions } from '../app/index.js';
import { formatPattern } from '../screen/index.js';
import { resolveTimeout, systemClock } from '../wait.js';
import { checkFixtureOptions } from './options.js';
import { projectRoot } from './paths.js';
import { testDeadline, trackWait } from './test-timeout.js';

/**
 * Options of the `tmuxApp` fixture, set per file or `describe` with
 * `test.override({ tmuxOptions: { … } })` and per call with `tmuxApp.start({ … })`: those of
 * `TmuxApp.start` (the server is the worker's; the deadline of waits is the test's), plus how
 * screenshots are drawn.
 */
export interface TmuxAppFixtureOptions extends Partial<Omit<TmuxAppOptions, 'server' | 'deadline' | 'signal'>> {
  /**
   * Working directory of the app; a relative path is relative to the project root, as relative
   * paths in `command` are then. @default the Vitest project root of the test (`--root`, or a
   * project's `root`), the folder its file names are relative to
   */
  cwd?: string;
  /** Colours of screenshots and failure screens. @default 'dark' */
  theme?: RenderOptions['theme'];
  /** Other renderer options (font size, scale, padding…); `theme` above wins over `render.theme`. @default {} */
  render?: Partial<RenderOptions>;
  /** Save the last screen (PNG and text) when a test fails. @default true */
  failureScreen?: boolean;
  /**
   * Write the test's failure report (`<test>-report.html`, with this app's recording and steps)
   * when it fails, or always under `tmuxRecording: 'always'`; false leaves this app out of it (a
   * test whose apps all say false writes none). @default true
   */
  failureReport?: boolean;
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
 * The members of `TmuxApp` that the handle defines itself: the rest are the app's. (Its
 * `[Symbol.asyncDispose]` has the app's signature; naming that key here would break the type in
 * projects whose `lib` lacks `esnext.disposable`.)
 */
type OwnMembers = 'screenshot' | 'gif' | 'close';

/** The class below, typed with every other member of `TmuxApp` (its constructor returns a proxy that forwards them). */
export interface TmuxAppHandle extends Omit<TmuxApp, OwnMembers> {}

/** The test of each handle (the proxy users hold) and of each app it started, for {@link testOfHandle}. */
const testOf = new WeakMap<object, Readonly<RunnerTestCase>>();
/** The name of each handle and of each app it started, for {@link nameOfHandle}. */
const nameOf = new WeakMap<object, string>();

/** How the fixture's own app is named: in messages, and (as the only one) not in file names. */
export const MAIN_APP_NAME = 'tmuxApp';

/**
 * The test whose `tmuxApp` fixture `value` is (or a `TmuxApp` that fixture started), or undefined for anything else. The matchers ask
 * it first: in concurrent tests, Vitest's global `expect` knows only the test that started last.
 */
export function testOfHandle(value: unknown): Readonly<RunnerTestCase> | undefined {
  return typeof value === 'object' && value !== null ? testOf.get(value) : undefined;
}

/** The handle that started each app, for {@link renderOptionsOfApp}. */
const handleOfApp = new WeakMap<object, TmuxAppHandle>();

/**
 * The renderer options (theme, `boldIsBright`…) of the `tmuxApp` fixture that started `app` (the
 * `TmuxApp` behind a locator), or `{}` (the defaults) for an app started otherwise: the colour
 * matchers compare colours as screenshots of it draw them.
 */
export function renderOptionsOfApp(app: unknown): Partial<RenderOptions> {
  return (typeof app === 'object' && app !== null && handleOfApp.get(app)?.renderOptions) || {};
}

/**
 * The name of the app handle `value` is (or of a `TmuxApp` it started): `tmuxApp`, or the name an
 * app of `launchApp` or the `shell` fixture was given; undefined for anything else. Messages name
 * the app with it.
 */
export function nameOfHandle(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? nameOf.get(value) : undefined;
}

/**
 * How a locator matcher's message names the locator: its description, with the app's name after
 * it for an app other than `tmuxApp` (`getByText('B') of server`), so a test with several apps
 * says whose screen was searched.
 */
export function formatLocatorOf(locator: { description: string; app: unknown }): string {
  const name = nameOfHandle(locator.app);
  return name === undefined || name === MAIN_APP_NAME ? locator.description : `${locator.description} of ${name}`;
}

/**
 * The `tmuxApp` fixture: one app per test on the worker's tmux server, with every member of
 * `TmuxApp` — before `start()`, its methods and `mouse` throw a ConfigError that says how to start it. The
 * fixture owns the app from the moment its tmux session exists: `close()` during a `start()` (a
 * test that timed out inside it) stops the start, through `TmuxApp.start`'s `signal`, and closes
 * the app.
 */
export class TmuxAppHandle implements AsyncDisposable {
  #options: TmuxAppFixtureOptions;
  readonly #server: TmuxServer;
  readonly #task: Readonly<RunnerTestCase> | undefined;
  #app: TmuxApp | undefined;
  #starting: Starting | undefined;
  /** How messages and file names call the app (see {@link MAIN_APP_NAME}). */
  readonly name: string;

  /**
   * @param options The fixture's `tmuxOptions`.
   * @param task The test the app belongs to: its waits end before the test's own timeout (see
   *   `testDeadline`), and if the test times out anyway its error names the pending wait.
   * @param name How messages and file names call the app: another app of the test (`launchApp`,
   *   the `shell` fixture) has a name of its own. @default 'tmuxApp'
   * @throws {ConfigError} for unknown or invalid options (see `checkFixtureOptions`).
   */
  constructor(options: TmuxAppFixtureOptions, server: TmuxServer, task?: Readonly<RunnerTestCase>, name = MAIN_APP_NAME) {
    this.#options = checkFixtureOptions(options, 'tmuxOptions');
    this.#server = server;
    this.#task = task;
    this.name = name;
    const proxy = new Proxy(this, {
      get: (handle, key) => (key in handle ? bindTo(handle, Reflect.get(handle, key, handle)) : this.#appMember(key)),
      has: (handle, key) => key in handle || key in (this.#app ?? TmuxApp.prototype),
    });
    if (task) testOf.set(proxy, task);
    nameOf.set(proxy, name);
    return proxy;
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
   * key), on the worker's tmux server. After `close()` it starts a new app in the same test, with
   * the options of this call merged over those of the last start; the handle then reads the new
   * app (a `TmuxApp` kept from an earlier start still reads its last screen).
   * @returns The started `TmuxApp` (also reachable as `tmuxApp.app`).
   * @throws {ConfigError} when an app is already running (or starting) in this test, no command
   *   is given, or an option is unknown or invalid (see `checkFixtureOptions`); whatever
   *   `TmuxApp.start` throws (`AppExitedError`, `TmuxNotFoundError`…).
   */
  async start(options: TmuxAppFixtureOptions = {}): Promise<TmuxApp> {
    if ((this.#app && !this.#app.isClosed()) || this.#starting)
      throw new ConfigError(`${this.name} is already running in this test: close() it before starting another.`);
    const merged = mergeAppOptions(this.#options, checkFixtureOptions(options, `${this.name}.start()`));
    const { theme: _theme, render: _render, failureScreen: _failureScreen, failureReport: _failureReport, command, ...start } = merged;
    if (command === undefined) throw new ConfigError(this.#noCommandMessage());
    this.#options = merged;
    const deadline = () => testDeadline(this.#task); // the test body's, none in hooks
    const controller = new AbortController();
    const cwd = this.#cwd(start.cwd);
    const started = this.#track(`${this.name}.start()`, start.timeout, () =>
      TmuxApp.start({ ...start, command, cwd, server: this.#server, deadline, signal: controller.signal }),
    ).then((app) => {
      this.#app = app;
      if (this.#task) testOf.set(app, this.#task); // the TmuxApp itself, given to a matcher, names its test too
      handleOfApp.set(app, this);
      nameOf.set(app, this.name);
      return app;
    });
    const starting: Starting = {
      controller,
      over: started.then(
        () => undefined,
        () => undefined,
      ),
    };
    this.#starting = starting;
    try {
      return await started;
    } finally {
      if (this.#starting === starting) this.#starting = undefined;
    }
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

  /**
   * Stops the app (if started), or the `start()` still in progress (which then rejects); its last
   * screen stays readable until `start()` runs a new one. Idempotent; the fixture calls it after
   * every test.
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

  /**
   * A member of the app, for the proxy: a `waitFor…` method runs as a pending wait of the test
   * (see `trackWait`); other methods and fields are the app's own. Before `start()`, the methods
   * throw the ConfigError of {@link app} and the fields read undefined.
   */
  #appMember(key: string | symbol): unknown {
    if (typeof key === 'string' && key.startsWith('waitFor') && key in TmuxApp.prototype) {
      return (...args: unknown[]) => this.#track(describeWait(this.name, key, args), timeoutOf(args), () => (this.app as unknown as Methods)[key]!(...args));
    }
    if (!this.#app && key === 'mouse') return this.app; // a field, but as good as a method: say how to start
    if (!this.#app) return key in TmuxApp.prototype ? (...args: unknown[]) => (this.app as unknown as Methods)[key as string]!(...args) : undefined;
    return bindTo(this.#app, Reflect.get(this.#app, key, this.#app));
  }

  /** What to do when `start()` finds no command: `tmuxApp` is started by hand, another app by `launchApp`. */
  #noCommandMessage(): string {
    return this.name === MAIN_APP_NAME
      ? 'tmuxApp.start() needs a command: tmuxApp.start({ command: ["vim", "file.txt"] }).'
      : `launchApp() needs a command for '${this.name}': launchApp({ command: ["vim", "file.txt"] }), or a command in tmuxOptions.`;
  }

  /**
   * `cwd` resolved against the project root of the test; as given without a test, or when it is
   * not a string (`TmuxApp.start` refuses that).
   */
  #cwd(cwd: string | undefined): string | undefined {
    if (!this.#task || (cwd !== undefined && typeof cwd !== 'string')) return cwd;
    return resolve(projectRoot(this.#task.file), cwd ?? '.');
  }

  /** Runs one of the app's waits as pending in the test (see `trackWait`). */
  async #track<T>(what: string, timeout: unknown, wait: () => Promise<T>): Promise<T> {
    const resolved = resolveTimeout(timeout, WAIT.timeout, testDeadline(this.#task), systemClock.now());
    return trackWait(this.#task, { what, timeout: resolved, screenText: () => this.#app?.text() }, wait);
  }
}

type Methods = Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>;

/** `value` bound to `owner` when it is a method (the proxy must not become `this` of private fields). */
function bindTo(owner: object, value: unknown): unknown {
  return typeof value === 'function' ? value.bind(owner) : value;
}

/** How a pending wait reads in a timeout error: `tmuxApp.waitForText('Saved')` (patterns shown, options left out). */
function describeWait(app: string, method: string, args: readonly unknown[]): string {
  const patterns = args.filter((arg): arg is string | RegExp => typeof arg === 'string' || arg instanceof RegExp);
  return `${app}.${method}(${patterns.map(formatPattern).join(', ')})`;
}

/** The `timeout` of a wait's options argument (its one plain object), if given. */
function timeoutOf(args: readonly unknown[]): unknown {
  const options = args.find((arg) => typeof arg === 'object' && arg !== null && !(arg instanceof RegExp));
  return (options as { timeout?: unknown } | undefined)?.timeout;
}
