/**
 * Whether the app `tmux-shot codegen` records is at a no-echo prompt (a password's: line mode with
 * `ECHO` off, see `isNoEchoPrompt`) when each input arrives. The terminal applies ECHO as input
 * arrives, so the mode that counts is the one just before; it cannot be read at that instant (the
 * log is written after script has passed the bytes on), so the app's terminal is sampled (`stty`,
 * ≈ 10 ms a process) after each input and whenever the screen changed since the last sample (a
 * prompt was drawn; at most once per `CODEGEN_CLI.modeInterval` ms): an input is at a no-echo
 * prompt when the last sample before it says so (or the one running when it arrived), or —
 * when it holds no line end, so a line-mode app cannot have read it and changed its mode yet — when
 * the first sample after it says so. Wrongly hiding a line costs the user an environment variable;
 * wrongly keeping one writes a password into a file, so either sample suffices.
 */
import { CODEGEN_CLI } from '../defaults.js';
import { isNoEchoPrompt, readRelayedTtyMode } from '../host/index.js';
import { type Clock, systemClock } from '../wait.js';

/** Samples of the recorded app's terminal mode (see the file's comment). */
export class NoEchoWatch {
  readonly #relayPid: number;
  /** The latest sample's answer. */
  #noEcho = false;
  /** The sample running now, and whether another must start when it ends (asked for after it started). */
  #running: Promise<boolean> | undefined;
  #next: Promise<boolean> | undefined;
  /** The screen when the last sample started, and when it started. */
  #screen = '';
  #startedAt = Number.NEGATIVE_INFINITY;
  readonly #clock: Clock;
  /** The answers still to come for inputs, awaited by {@link settled}. */
  readonly #pending: Promise<void>[] = [];

  /** `relayPid`: the pane's process, util-linux script, whose child's terminal is the app's. */
  constructor(relayPid: number, clock: Clock = systemClock) {
    this.#relayPid = relayPid;
    this.#clock = clock;
  }

  /**
   * Samples again when `screen` (the screen's text) differs from the screen at the last sample's
   * start, `CODEGEN_CLI.modeInterval` ms after that start at the earliest (call it again later).
   */
  screenIs(screen: string): void {
    if (screen === this.#screen || this.#next || this.#clock.now() - this.#startedAt < CODEGEN_CLI.modeInterval) return;
    void this.#sampleAfterNow(screen);
  }

  /**
   * Decides for an input that has just arrived (its `bytes`, and the `screen` before them): `mark`
   * is called, at once or when a sample ends, when it arrived at a no-echo prompt.
   */
  input(bytes: Uint8Array, screen: string, mark: () => void): void {
    if (this.#noEcho) mark();
    const running = this.#running?.then((noEcho) => {
      if (noEcho) mark();
    });
    if (running) this.#pending.push(running);
    const after = this.#sampleAfterNow(screen).then((noEcho) => {
      if (noEcho && !bytes.some((byte) => byte === 0x0d || byte === 0x0a)) mark();
    });
    this.#pending.push(after);
  }

  /** Resolves once every input's decision is made. */
  async settled(): Promise<void> {
    await Promise.all(this.#pending);
  }

  /** A sample that starts after this call: now, or when the running one ends. */
  #sampleAfterNow(screen: string): Promise<boolean> {
    if (!this.#running) return this.#start(screen);
    this.#next ??= this.#running.then(() => {
      this.#next = undefined;
      return this.#start(screen);
    });
    return this.#next;
  }

  #start(screen: string): Promise<boolean> {
    this.#screen = screen;
    this.#startedAt = this.#clock.now();
    const running = readRelayedTtyMode(this.#relayPid).then((mode) => {
      // An unreadable mode (the app has exited) keeps the last answer: it was the mode until then.
      if (mode !== undefined) this.#noEcho = isNoEchoPrompt(mode);
      if (this.#running === running) this.#running = undefined;
      return this.#noEcho;
    });
    this.#running = running;
    return running;
  }
}
