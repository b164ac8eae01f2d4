/**
 * `Activity`: what the readiness observer and `waitForStable` decide on, as `TmuxApp` marks it —
 * when the app last wrote output or was sent input, whether that input has been answered, and the
 * last bytes of its output. One per app; its input and output mark it, the waits only read it.
 */
import { WAIT_CONSTANTS } from '../defaults.js';
import { systemClock } from '../wait.js';

/** Output kept for `parseExecFailure`, in bytes: sh's message with the longest path Linux allows (4096 bytes) fits. */
const OUTPUT_TAIL_BYTES = 8192;

export class Activity {
  /** When the first output arrived, in `systemClock.now()` ms. */
  #firstOutputAt: number | undefined;
  /** Last input or output, in `systemClock.now()` ms. */
  #lastAt: number;
  /** The last input (press and type are keys), from when it is sent until output arrives after it. */
  #unanswered: 'keys' | 'resize' | undefined;
  /** How long the unanswered resize may still be answered, in ms, once read (see {@link answerWindow}). */
  #resizeAnswerMs: Promise<number> | undefined;
  /** The last bytes of output (at most {@link OUTPUT_TAIL_BYTES}): where sh's message is when it could not run the command. */
  #outputTail: Buffer = Buffer.alloc(0);
  /** Whether the terminal is in canonical (line) mode now (the app's `TmuxSession.isCanonical`). */
  readonly #isCanonical: () => Promise<boolean | undefined>;

  /** @param startedAt When the app started, in `systemClock.now()` ms: its first moment of activity. */
  constructor(startedAt: number, isCanonical: () => Promise<boolean | undefined>) {
    this.#lastAt = startedAt;
    this.#isCanonical = isCanonical;
  }

  /** When the first output arrived, in `systemClock.now()` ms; undefined before. */
  get firstOutputAt(): number | undefined {
    return this.#firstOutputAt;
  }

  /** Last input or output (its parse ended), in `systemClock.now()` ms. */
  get lastAt(): number {
    return this.#lastAt;
  }

  /** The last input, until output arrives after it; undefined once answered. */
  get unanswered(): 'keys' | 'resize' | undefined {
    return this.#unanswered;
  }

  /** The last bytes of output, at most 8192: where sh's message is when it could not run the command. */
  get outputTail(): Buffer {
    return this.#outputTail;
  }

  /** An input is being sent now: the app has not answered it yet. */
  markInput(kind: 'keys' | 'resize'): void {
    this.#lastAt = systemClock.now();
    this.#unanswered = kind;
    this.#resizeAnswerMs = undefined;
  }

  /** A chunk of output arrived at `atMs`: it answers the last input, and its bytes join the tail. */
  markOutput(bytes: Buffer, atMs: number): void {
    this.#firstOutputAt ??= atMs;
    this.#unanswered = undefined;
    this.#outputTail = Buffer.concat([this.#outputTail, bytes.subarray(-OUTPUT_TAIL_BYTES)]).subarray(-OUTPUT_TAIL_BYTES);
  }

  /** The output that arrived is drawn now: quiet counts from here. */
  markDrawn(): void {
    this.#lastAt = systemClock.now();
  }

  /**
   * How long the unanswered input may still be answered, in ms: `WAIT_CONSTANTS.answerMs` for keys; for a
   * resize `WAIT_CONSTANTS.resizeAnswerMs` when the terminal has left canonical mode (the app owns the
   * screen and redraws), else `WAIT_CONSTANTS.answerMs` (a line-mode app has nothing to redraw; so has a
   * pane whose mode cannot be read). The mode is read once per resize, and only when asked.
   */
  answerWindow(): Promise<number> {
    if (this.#unanswered !== 'resize') return Promise.resolve(WAIT_CONSTANTS.answerMs);
    this.#resizeAnswerMs ??= this.#isCanonical().then(
      (canonical) => (canonical === false ? WAIT_CONSTANTS.resizeAnswerMs : WAIT_CONSTANTS.answerMs),
      () => WAIT_CONSTANTS.answerMs,
    );
    return this.#resizeAnswerMs;
  }
}
