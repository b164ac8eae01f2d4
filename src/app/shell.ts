/**
 * `Shell`: an interactive shell in a `TmuxApp` whose commands return what they printed and their
 * exit status — `const { output, exitCode } = await shell.run('make test')`. A command has finished
 * when the shell's next prompt is drawn, which the shell marks with OSC 133 sequences set by our
 * presets (see shell-presets.ts), never by output silence; the marks are read from the raw pane
 * bytes (shell-marks.ts), the output turned into text as printed (printed-text.ts).
 */
import { WAIT, WAIT_CONSTANTS } from '../defaults.js';
import { AppExitedError, ConfigError, TmuxShotError, WaitTimeoutError } from '../errors.js';
import { formatCodePoint } from '../snapshot.js';
import { describeExit } from '../host/index.js';
import { formatWithScreen } from '../screen/index.js';
import { formatTimeout, poll, resolveTimeout, systemClock } from '../wait.js';
import type { Deadline, WaitTimeout } from '../wait.js';
import { SHELL, checkKnownOptions } from './options.js';
import type { ShellOptions } from './options.js';
import { printedText } from './printed-text.js';
import { MarkedOutput, decideCommand, newMarkNonce } from './shell-marks.js';
import { shellPreset } from './shell-presets.js';
import { formatCall } from './steps.js';
import type { ShellName, ShellPreset } from './shell-presets.js';
import { TmuxApp } from './tmux-app.js';
import type { TmuxAppOptions } from './tmux-app.js';

/** How a command's control characters read in messages. */
const CONTROL_NAMES: Readonly<Record<number, string>> = { 9: 'TAB', 27: 'ESC', 127: 'DEL', 0: 'NUL', 7: 'BEL', 8: 'BS' };

/** What {@link Shell.run} returns once the command has finished. */
export interface CommandResult {
  /** What the command printed, as text (see `printedText`): CRLF as `\n`, no final newline, colours dropped. */
  output: string;
  /** Its exit status, as the shell's `$?` (fish: `$status`) reads it. */
  exitCode: number;
}

/** Options of {@link Shell.run}. */
export interface RunOptions {
  /** Longest wait for the prompt and then for the command to finish, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` */
  timeout?: number;
}

/**
 * The options of `TmuxApp.start` (or of the `tmuxApp` fixture's start) that run the shell of
 * `options`: its command, its variables over `env`, ready at once ({@link Shell.attach} waits
 * for the prompt), its marks carrying `nonce` (from `newMarkNonce`; give `attach` the same).
 * @throws {ConfigError} for an unknown shell.
 */
export function shellAppOptions<T extends { shell?: ShellName | undefined; env?: Readonly<Record<string, string>> | undefined }>(
  options: T,
  nonce: string,
): Omit<T, 'shell'> & Pick<TmuxAppOptions, 'command' | 'env' | 'ready'> {
  const { shell = SHELL.shell, ...app } = options;
  const preset = shellPreset(shell, nonce);
  return { ...app, command: preset.command, env: { ...app.env, ...preset.env }, ready: 'none' };
}

/**
 * The longest command line `sh` runs, in bytes (UTF-8): dash reads its input in the terminal's
 * canonical mode, whose line buffer (Linux's N_TTY, 4096 bytes with the line feed) drops the
 * bytes past it without a word. bash, zsh and fish read raw bytes through their line editors.
 */
export const SH_LINE_LIMIT = 4095;

/**
 * Runs a wait of a `Shell` as the test's pending wait named `what` (`shell.run("make")`), so that
 * a test timing out meanwhile names it: the `shell` fixture passes the test's `trackWait`.
 */
export type TrackShellWait = <T>(what: string, timeout: WaitTimeout, wait: () => Promise<T>) => Promise<T>;

/** Options of {@link Shell.attach}. */
export interface AttachOptions {
  /** The nonce `shellAppOptions` was given: only marks carrying it count. */
  nonce: string;
  /** Longest wait for the first prompt, in ms. @default WAIT.timeout (5000), or less to end by the `deadline` */
  timeout?: number | undefined;
  /** The deadline of every wait of the shell, asked as each begins. @default none */
  deadline?: () => Deadline | undefined;
  /** Runs each wait as a pending wait of a test (see {@link TrackShellWait}). @default runs it as is */
  track?: TrackShellWait;
}

/**
 * What a `Shell` uses of the app it runs in: a `TmuxApp`, or the handle of the Vitest fixtures.
 * Its steps (`TmuxApp.steps`) go through `logStep` and `extendStep`.
 */
export type ShellApp = Pick<
  TmuxApp,
  'timeline' | 'onOutput' | 'type' | 'insertText' | 'exitStatus' | 'text' | 'waitForOutput' | 'close' | 'logStep' | 'extendStep'
>;

/**
 * A shell under test, in its own tmux session. Its `app` is the `TmuxApp` it runs in: type into a
 * command that reads input, press keys in a full-screen app, read the screen.
 * @example
 *   await using shell = await Shell.start({ shell: 'zsh' });
 *   const { output, exitCode } = await shell.run('ls /nonexistent');
 */
export class Shell<App extends ShellApp = TmuxApp> implements AsyncDisposable {
  /** The app the shell runs in (in the `shell` fixture, its handle, named `shell`). */
  readonly app: App;
  /** Which shell it is. */
  readonly name: ShellName;
  readonly #deadline: () => Deadline | undefined;
  readonly #track: TrackShellWait;
  readonly #nonce: string;
  /** Output since the last command was sent (or since the start). */
  #output: MarkedOutput;
  /** True once a command was sent: the prompt is then the one after its end. */
  #sent = false;
  #running = false;

  private constructor(app: App, preset: ShellPreset, options: AttachOptions) {
    this.app = app;
    this.name = preset.name;
    this.#deadline = options.deadline ?? (() => undefined);
    this.#track = options.track ?? ((_what, _timeout, wait) => wait());
    this.#nonce = options.nonce;
    this.#output = new MarkedOutput(this.#nonce);
    // The output so far (kept by the timeline from the first byte), then the rest as it comes.
    for (const event of app.timeline.events) if (event.kind === 'output') this.#receive(Buffer.from(event.bytes));
    app.onOutput((bytes) => this.#receive(Buffer.from(bytes)));
  }

  /**
   * Starts a shell (see {@link ShellOptions}) and waits for its first prompt.
   * @throws {ConfigError} for an unknown shell or bad options (see `TmuxApp.start`); AppExitedError
   *   when the shell is not installed or exits; WaitTimeoutError when no prompt came within `timeout`.
   */
  static async start(options: ShellOptions = {}): Promise<Shell> {
    const nonce = newMarkNonce();
    const app = await TmuxApp.start(shellAppOptions(options, nonce));
    const deadline = options.deadline;
    return Shell.attach(app, options.shell ?? SHELL.shell, {
      nonce,
      timeout: options.timeout,
      deadline: typeof deadline === 'function' ? deadline : () => deadline,
    });
  }

  /**
   * A `Shell` over `app`, started with {@link shellAppOptions} of the same `shell` and nonce, once
   * its first prompt is drawn. Closes `app` when that fails. The wait is part of the app's `start`
   * step, which lasts until the prompt (or fails with why none came), not a step of its own.
   * @throws as {@link start}.
   */
  static async attach<A extends ShellApp>(app: A, shell: ShellName, options: AttachOptions): Promise<Shell<A>> {
    const created = new Shell(app, shellPreset(shell, options.nonce), options);
    try {
      const timeout = created.#timeout(options.timeout);
      const what = `the first ${shell} prompt`;
      await app.extendStep('start', () =>
        created.#track(what, timeout, () =>
          created.#waitUntil(
            `The app was closed while waiting for ${what}.`,
            () => created.#atPrompt(),
            timeout,
            () => `${shell} did not show its prompt within ${formatTimeout(timeout)}.`,
          ),
        ),
      );
    } catch (error) {
      await app.close();
      throw error;
    }
    return created;
  }

  /**
   * Types `command` and Enter at the prompt, and waits until the shell has run it and drawn its
   * next prompt. While it runs, the test can type into it or press keys through {@link app}.
   * It is one step of the app (see `TmuxApp.steps`), `run('make test')`, with how long it took and,
   * when it threw, why; its typing and waits are part of it.
   * @param command One command line, typed as is: no line feed (each line would end at a prompt of
   *   its own), no other control character (the line editor would act on it), for `sh` at most
   *   {@link SH_LINE_LIMIT} bytes.
   * @returns Its output and exit status.
   * @throws {ConfigError} when `command` is not a non-empty string, has a line feed, CR or another
   *   control character (C0 or DEL), is too long for `sh`, or another `run` is pending;
   *   WaitTimeoutError, with the screen, when the prompt does not come back within `timeout` (a
   *   command still running or waiting for input, or a line the shell did not run: fish keeps a
   *   line with a syntax error on its command line); AppExitedError when the shell exits;
   *   TmuxShotError when the app is closed while the command runs.
   */
  run(command: string, options?: RunOptions): Promise<CommandResult> {
    return this.app.logStep(
      'run',
      () => formatCall('run', [command, options]),
      () => this.#run(command, options),
    );
  }

  async #run(command: string, options?: RunOptions): Promise<CommandResult> {
    this.#checkCommand(command);
    const given = checkKnownOptions(options, 'shell.run', ['timeout']) as RunOptions;
    if (this.#running) throw new ConfigError('shell.run() is already running a command in this shell: await it before running another.');
    this.#running = true;
    try {
      const timeout = this.#timeout(given.timeout);
      const what = `shell.run(${JSON.stringify(command)})`;
      const closed = `The app was closed while waiting: ${what} was pending; await each run before the test ends.`;
      return await this.#track(what, timeout, async () => {
        const startedAt = systemClock.now();
        const left = (): WaitTimeout => ({ ms: Math.max(0, timeout.ms - (systemClock.now() - startedAt)), cutBy: timeout.cutBy });
        await this.#waitUntil(
          closed,
          () => this.#atPrompt(),
          timeout,
          () => `shell.run(): ${this.name} did not show its prompt within ${formatTimeout(timeout)}.`,
        );
        this.#output = new MarkedOutput(this.#nonce);
        this.#sent = true;
        await this.app.insertText(`${command}\n`); // one write, as before keystrokes: the shell reads the line as typed
        const done = await this.#waitUntil(
          closed,
          () => {
            if (!this.#output.ended) return undefined; // the cheap check, on the marks alone
            const decision = decideCommand(this.#output.bytes(), this.#output.marks);
            return decision.kind === 'done' ? decision : undefined;
          },
          left(),
          () => `${what}: the ${this.name} prompt did not come back within ${formatTimeout(timeout)}.`,
        );
        return { output: printedText(done.output), exitCode: done.exitCode };
      });
    } finally {
      this.#running = false;
    }
  }

  /** Closes the app (see `TmuxApp.close`). */
  close(): Promise<void> {
    return this.app.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** Refuses a command the shell would not run as typed (see {@link run}). */
  #checkCommand(command: unknown): asserts command is string {
    if (typeof command !== 'string' || command.trim() === '') throw new ConfigError('shell.run() needs a command as a string: shell.run("ls -l").');
    // Each line would end at a prompt of its own (bash, zsh, fish) or be read as the output (sh).
    if (/[\r\n]/.test(command)) throw new ConfigError("shell.run() runs one command line: join commands with ';' or '&&', or run them one by one.");
    const control = /[\x00-\x1f\x7f]/.exec(command);
    if (control) {
      const code = control[0].charCodeAt(0);
      const name = CONTROL_NAMES[code] ?? `\\x${code.toString(16).padStart(2, '0')}`;
      throw new ConfigError(
        `shell.run(): the command has the control character ${name} (${formatCodePoint(code)}) at index ${control.index}, ` +
          "which the shell's line editor would act on (TAB completes, Ctrl-U erases the line, ESC starts a key) instead of running it. " +
          String.raw`Write it in shell syntax instead: $'\t' (bash, zsh), \t in printf's format, or "$(printf '\033')".`,
      );
    }
    const bytes = Buffer.byteLength(command);
    if (this.name === 'sh' && bytes > SH_LINE_LIMIT) {
      throw new ConfigError(
        `shell.run(): the command is ${bytes} bytes, and sh reads at most ${SH_LINE_LIMIT} bytes of a line (the terminal's line buffer drops the rest, ` +
          'so another command would run). Put the long part in a script file and run that, or use bash, zsh or fish.',
      );
    }
  }

  #receive(bytes: Buffer): void {
    this.#output.append(bytes);
  }

  /** True (else undefined, for a poll) when the shell is at its prompt: the first one, or the one after the command sent. */
  #atPrompt(): true | undefined {
    const drawn = this.#sent ? this.#output.ended : this.#output.marks.some((mark) => mark.kind === 'B');
    return drawn || undefined;
  }

  #timeout(explicit: unknown): WaitTimeout {
    return resolveTimeout(explicit, WAIT.timeout, this.#deadline(), systemClock.now());
  }

  /**
   * Polls `probe` after each output until it returns a value; fails once the shell has exited
   * (asked of tmux at most every `WAIT_CONSTANTS.pollMs`, not after every chunk of a flood), or its
   * app was closed, with the message `closed` (saying what was pending).
   */
  #waitUntil<T>(closed: string, probe: () => T | undefined, timeout: WaitTimeout, what: () => string): Promise<T> {
    let exitAskedAt = Number.NEGATIVE_INFINITY;
    return poll(
      async () => {
        const value = probe();
        if (value !== undefined || systemClock.now() - exitAskedAt < WAIT_CONSTANTS.pollMs) return value;
        exitAskedAt = systemClock.now();
        const exit = await this.app.exitStatus().catch((error: unknown) => {
          throw new TmuxShotError(closed, { cause: error });
        });
        if (exit) {
          const screenText = this.app.text();
          throw new AppExitedError(
            formatWithScreen(`${this.name} exited (${describeExit(exit)}) before its prompt came back.`, screenText),
            exit.exitCode,
            exit.signal,
            screenText,
          );
        }
        return undefined;
      },
      {
        timeout: timeout.ms,
        interval: WAIT_CONSTANTS.pollMs,
        wake: (ms) => this.app.waitForOutput({ timeout: ms }),
        onTimeout: () => {
          const screenText = this.app.text();
          return new WaitTimeoutError(formatWithScreen(what(), screenText), timeout.ms, screenText);
        },
        caller: this.run,
      },
    );
  }
}
