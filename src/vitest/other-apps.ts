/**
 * The apps of a test besides `tmuxApp`: those started with the `launchApp` fixture (Playwright's
 * `context.newPage()`) and the `shell` fixture's. Each is a `TmuxAppHandle` with a name of its own
 * — `app2`, `app3`… by default, as `tmuxApp` counts as the first — which messages and pending waits
 * use (`app2.waitForText('Ready')`) and which the files it leaves name (`<test>@app2-failure.png`,
 * `<test>@app2-recording.gif`). They run on the worker's tmux server and are closed as the test
 * ends, then saved as `tmuxApp` is (see `saveEvidence`).
 */
import type { RunnerTestCase } from 'vitest';
import { VITEST_CONSTANTS } from '../defaults.js';
import { ConfigError } from '../errors.js';
import { fileNameKey } from '../file-names.js';
import type { TmuxServer } from '../host/index.js';
import { MAIN_APP_NAME, TmuxAppHandle } from './app-handle.js';
import type { TmuxAppFixtureOptions } from './app-handle.js';
import { saveEvidence } from './evidence.js';
import type { RecordingMode } from './evidence.js';
import type { ShellName } from '../app/index.js';
import { checkFixtureOptions } from './options.js';

/** Options of `launchApp`: those of `tmuxApp.start()`, over the file's `tmuxOptions`, and a name. */
export interface LaunchAppOptions extends TmuxAppFixtureOptions {
  /**
   * How messages, pending waits and the files of a failure name the app: letters, digits, `_`
   * and `-`, starting with a letter, at most 40 (VITEST_CONSTANTS.appNameMax); unique in the test,
   * case ignored (`tmuxApp` and `shell`, the `shell` fixture's, are taken).
   * @default `app2` for the first app launched, `app3` for the next…
   */
  name?: string;
}

/** Options of the `shell` fixture: which shell, and those of `tmuxApp.start()` but the command and readiness. */
export interface ShellFixtureOptions extends Omit<TmuxAppFixtureOptions, 'command' | 'ready'> {
  /** `'bash'`, `'zsh'`, `'fish'` or `'sh'` (see `ShellOptions.shell`). @default 'bash' */
  shell?: ShellName;
}

/** The `launchApp` fixture: starts another app in the test and resolves to its handle once it is ready. */
export type LaunchApp = (options?: LaunchAppOptions) => Promise<TmuxAppHandle>;

const NAME = /^[A-Za-z][\w-]*$/;

/** The name the `shell` fixture's app has. */
export const SHELL_APP_NAME = 'shell';

/** The apps a test started besides `tmuxApp`; closes and saves them all at its end. */
export class OtherApps {
  readonly #apps: TmuxAppHandle[] = [];
  readonly #server: TmuxServer;
  readonly #task: Readonly<RunnerTestCase>;

  constructor(server: TmuxServer, task: Readonly<RunnerTestCase>) {
    this.#server = server;
    this.#task = task;
  }

  /**
   * A new, unstarted handle named `name` (checked), or the next free `appN`.
   * @throws {ConfigError} for a name that is not a word, is longer than
   *   `VITEST_CONSTANTS.appNameMax`, is reserved (`tmuxApp`, `shell`) or is taken in this test (case ignored:
   *   the names go into file names, and macOS and Windows ignore case).
   */
  create(options: TmuxAppFixtureOptions, name?: unknown): TmuxAppHandle {
    const taken = new Set(this.#apps.map((app) => fileNameKey(app.name)));
    let chosen = name;
    for (let n = 2; chosen === undefined; n++) if (!taken.has(`app${n}`)) chosen = `app${n}`;
    if (typeof chosen !== 'string' || !NAME.test(chosen)) {
      throw new ConfigError(
        `launchApp(): name must be letters, digits, '_' or '-', starting with a letter (it names the app's files); got ${JSON.stringify(chosen)}.`,
      );
    }
    if (chosen.length > VITEST_CONSTANTS.appNameMax) {
      throw new ConfigError(
        `launchApp(): name is ${chosen.length} characters long; at most ${VITEST_CONSTANTS.appNameMax} fit in the names of the app's files. Choose a shorter name.`,
      );
    }
    const reserved = [MAIN_APP_NAME, SHELL_APP_NAME].find((other) => fileNameKey(other) === fileNameKey(chosen));
    if (reserved) throw new ConfigError(`launchApp(): the name '${chosen}' is reserved for the ${reserved} fixture's app; choose another.`);
    if (taken.has(fileNameKey(chosen))) throw new ConfigError(`launchApp(): this test already has an app named '${chosen}'; give each app a name of its own.`);
    const handle = new TmuxAppHandle(options, this.#server, this.#task, chosen);
    this.#apps.push(handle);
    return handle;
  }

  /** Closes every app (all of them, even when one fails to close). Idempotent. */
  async close(): Promise<void> {
    await Promise.allSettled(this.#apps.map((app) => app.close()));
  }

  /** Saves each app's failure screen and GIF as `recording` asks (see `saveEvidence`); after {@link close}. */
  async saveEvidence(recording: RecordingMode): Promise<void> {
    for (const app of this.#apps) await saveEvidence(this.#task, app, recording);
  }
}

/**
 * `launchApp` over `apps`: the options of the call (name apart) over `tmuxOptions` — command,
 * size, env, theme alike, so the file's options apply to every app — then started.
 * @throws {ConfigError} for a bad name or options; whatever `tmuxApp.start()` throws.
 */
export function createLaunchApp(apps: OtherApps, tmuxOptions: TmuxAppFixtureOptions): LaunchApp {
  return async (options = {}) => {
    const { name, ...start } = options;
    const handle = apps.create(tmuxOptions, name);
    await handle.start(start);
    return handle;
  };
}

/**
 * The `shell` fixture's options, checked before anything starts: those of `tmuxOptions` (see
 * `checkFixtureOptions`, messages naming `shellOptions`) but `command` and `ready`, which the
 * shell's preset sets; `shell` itself is checked by `shellPreset`.
 * @throws {ConfigError} for options that are not an object, `command` or `ready`, or what
 *   `checkFixtureOptions` refuses.
 */
export function checkShellOptions(options: unknown): ShellFixtureOptions {
  const isObject = typeof options === 'object' && options !== null;
  const { shell, ...rest } = isObject ? (options as Record<string, unknown>) : {};
  const app = checkFixtureOptions(isObject ? rest : options, 'shellOptions');
  for (const key of ['command', 'ready'] as const) {
    if (key in app)
      throw new ConfigError(
        `shellOptions has no option '${key}': the shell's preset sets it. To run another program beside the shell, use launchApp({ command: [...] }).`,
      );
  }
  return shell === undefined ? app : { ...app, shell: shell as ShellName };
}
