/**
 * The input of a `TmuxApp`: `press`, `type`, `insertText`, `paste` and the mouse's reports (the
 * port's `sendInput`), each checked, logged as a step, and sent as its own writes through the
 * app's one {@link Keyboard}, each write marked as an input the app has yet to answer; and the
 * other inputs an app answers, `resize` and `kill`.
 */
import { TmuxShotError } from '../errors.js';
import { checkSize } from '../geometry.js';
import { checkSignal } from '../host/index.js';
import type { TmuxSession } from '../host/index.js';
import type { Timeline } from '../record/index.js';
import type { ScreenModel } from '../screen/index.js';
import { pasteBytes, resolveKeyNames, textKeystrokes, typedBytes } from '../term/index.js';
import { checkDuration, systemClock } from '../wait.js';
import type { Activity } from './activity.js';
import type { ExitStatus } from './exit.js';
import { Keyboard } from './keyboard.js';
import { checkKeys, checkKnownOptions, checkText } from './options.js';
import { formatCall } from './steps.js';
import type { StepLog } from './steps.js';

/** Options of {@link TmuxApp.type}. */
export interface TypeOptions {
  /** Pause between two keystrokes, after the app has read the first, in ms (Playwright's `keyboard.type` `delay`). @default 0 */
  delay?: number;
}

/** What input reads and writes of its app. */
export interface InputTarget {
  /** The app's session: where the writes go, and what the keyboard watches (see `KeyboardTarget`). */
  readonly session: Pick<
    TmuxSession,
    'sendKeys' | 'sendBytes' | 'foregroundReads' | 'foregroundWait' | 'isCanonical' | 'resizeWindow' | 'signalForeground' | 'fence'
  >;
  /** The screen model: the terminal modes the app turned on (extended keys, bracketed paste), and its size. */
  readonly model: Pick<ScreenModel, 'extendedKeys' | 'bracketedPaste' | 'resize'>;
  /** Where a resize is recorded. */
  readonly timeline: Timeline;
  /** When the app started, in `systemClock.now()` ms (the timeline's origin). */
  readonly startedAt: number;
  /** The command as messages show it (see `formatCommand`). */
  readonly command: string;
  /** Marked at each write. */
  readonly activity: Activity;
  /** The app's step log. */
  readonly steps: StepLog;
  /** @throws {TmuxShotError} after `close()`, AppExitedError after the app exited. */
  assertRunning(): void;
  /** The exit status once the app has exited (see `TmuxApp.exitStatus`). */
  exitStatus(): Promise<ExitStatus | undefined>;
}

/** The input of one app (see this module's TSDoc). The public methods' TSDoc is on `TmuxApp`. */
export class AppInput {
  readonly #app: InputTarget;
  /** Every input goes through it: one write at a time, each once the app has read the one before. */
  readonly #keyboard: Keyboard;

  constructor(app: InputTarget) {
    this.#app = app;
    this.#keyboard = new Keyboard(app.session);
  }

  /** `TmuxApp.press`. */
  press(keys: string[]): Promise<void> {
    return this.#app.steps.run(
      'press',
      () => formatCall('press', keys),
      async () => {
        const names = resolveKeyNames(checkKeys(keys), { extendedKeys: this.#app.model.extendedKeys() });
        this.#app.assertRunning();
        await this.#send(names);
      },
    );
  }

  /** `TmuxApp.type`. */
  type(text: string, options?: TypeOptions): Promise<void> {
    return this.#app.steps.run(
      'type',
      () => formatCall('type', options === undefined ? [text] : [text, options]),
      async () => {
        checkText(text);
        const delay = checkDuration(checkKnownOptions(options, 'type', ['delay']).delay ?? 0, 'delay');
        this.#app.assertRunning();
        await this.#send(textKeystrokes(text), delay);
      },
    );
  }

  /** `TmuxApp.insertText`. */
  insertText(text: string): Promise<void> {
    return this.#app.steps.run(
      'type',
      () => formatCall('insertText', [text]),
      async () => {
        checkText(text);
        this.#app.assertRunning();
        await this.#send([typedBytes(text)]);
      },
    );
  }

  /** `TmuxApp.paste`. */
  paste(text: string): Promise<void> {
    return this.#app.steps.run(
      'paste',
      () => formatCall('paste', [text]),
      async () => {
        checkText(text);
        this.#app.assertRunning();
        await this.#send([pasteBytes(text, this.#app.model.bracketedPaste())]);
      },
    );
  }

  /** `TmuxApp.resize`. */
  resize(cols: number, rows: number): Promise<void> {
    return this.#app.steps.run(
      'resize',
      () => formatCall('resize', [cols, rows]),
      async () => {
        const size = checkSize(cols, rows);
        this.#app.assertRunning();
        this.#app.activity.markInput('resize');
        await this.#app.session.resizeWindow(size);
        this.#app.timeline.appendResize(size, systemClock.now() - this.#app.startedAt);
        this.#app.model.resize(size);
      },
    );
  }

  /** `TmuxApp.kill`. */
  kill(signal: string): Promise<void> {
    return this.#app.steps.run(
      'kill',
      () => formatCall('kill', [signal]),
      async () => {
        const name = checkSignal(signal);
        this.#app.assertRunning();
        this.#app.activity.markInput('keys');
        if (await this.#app.session.signalForeground(name)) return;
        await this.#app.exitStatus(); // exited as the signal was sent: say so
        this.#app.assertRunning();
        throw new TmuxShotError(`kill('${name}'): ${this.#app.command} runs, but no process group is in the foreground of its terminal to send it to.`);
      },
    );
  }

  /**
   * Waits until the app has handled the last write of input (the {@link Keyboard}'s rule: read,
   * and the app waiting for keys again) and, when the kernel showed that, until what the app wrote
   * before is on the screen (`TmuxSession.fence`). Output still in flight when a key is sent
   * answers the key before it: without this, a screen read right after `press('Down', 'Down')`
   * could pass for the answer to both. At once when every write is known read.
   */
  async handled(): Promise<void> {
    const how = await this.#keyboard.untilRead();
    if (how === 'read' || how === 'line-mode') await this.#app.session.fence();
  }

  /** `AppPort.sendInput`: `bytes` as one typed write (a mouse report), no step of its own. */
  async bytes(bytes: Uint8Array): Promise<void> {
    this.#app.assertRunning();
    await this.#send([Buffer.from(bytes)]);
  }

  /**
   * Sends each input (tmux key names or bytes) as its own write through the {@link Keyboard}, each
   * once the app has read the one before, `delay` ms apart; each marks an input (see `Activity.markInput`).
   */
  #send(inputs: readonly (string | Uint8Array)[], delay = 0): Promise<void> {
    const writes = inputs.map((input) => ({
      write: async () => {
        this.#app.activity.markInput('keys');
        await (typeof input === 'string' ? this.#app.session.sendKeys([input]) : this.#app.session.sendBytes(input));
      },
      escape: typeof input === 'string' ? input === 'Escape' : input.length === 1 && input[0] === 0x1b,
    }));
    return this.#keyboard.send(writes, delay);
  }
}
