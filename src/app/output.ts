/**
 * The output side of a `TmuxApp`: each chunk the app writes is recorded on its timeline, passed
 * to `onOutput` listeners, drawn on the screen model at once, and answered where it asks the
 * terminal something tmux does not answer (see `TerminalAnswers`); then the pending waits wake.
 */
import type { TmuxSession } from '../host/index.js';
import type { Timeline } from '../record/index.js';
import type { ScreenModel } from '../screen/index.js';
import { QueryScanner, TerminalAnswers } from '../term/index.js';
import type { ModeState } from '../term/index.js';
import { systemClock } from '../wait.js';
import type { Activity } from './activity.js';
import { checkListener } from './options.js';
import type { AppWaits } from './waits.js';

/** What the output side reads and writes of its app. */
export interface OutputTarget {
  /** When the app started, in `systemClock.now()` ms (the timeline's origin). */
  readonly startedAt: number;
  readonly timeline: Timeline;
  readonly model: Pick<ScreenModel, 'write' | 'snapshot' | 'mouseModes'>;
  /** Where the terminal's answers go. */
  readonly session: Pick<TmuxSession, 'sendBytes'>;
  readonly activity: Activity;
  readonly waits: Pick<AppWaits, 'wake'>;
  /** True once `close()` has begun: the rest of the stream is dropped. */
  isClosed(): boolean;
  /** When `close()` was called, in `systemClock.now()` ms. */
  closedAt(): number | undefined;
}

/** The output of one app (see this module's TSDoc). */
export class AppOutput {
  readonly #app: OutputTarget;
  readonly #listeners = new Set<(bytes: Uint8Array, atMs: number) => void>();
  /** Finds the queries in the output that tmux does not answer, and answers them (see `TerminalAnswers`). */
  readonly #queries = new QueryScanner();
  readonly #answers: TerminalAnswers;
  /** The answers sent so far, one after another, in the order the app asked. */
  #answering: Promise<void> = Promise.resolve();

  /** @param palette The colour of palette entry `index`, as the app's theme gives it (see `TerminalAnswers`). */
  constructor(app: OutputTarget, palette: ConstructorParameters<typeof TerminalAnswers>[0]) {
    this.#app = app;
    this.#answers = new TerminalAnswers(palette);
  }

  /** `TmuxApp.onOutput`. */
  onOutput(listener: (bytes: Uint8Array, atMs: number) => void): () => void {
    this.#listeners.add(checkListener(listener, 'onOutput'));
    return () => this.#listeners.delete(listener);
  }

  /** A copy of the timeline that ends now, or when `close()` was called: the session so far, for GIFs and asciicasts. */
  recording(): Timeline {
    const timeline = this.#app.timeline.copy();
    timeline.markEnd((this.#app.closedAt() ?? systemClock.now()) - this.#app.startedAt);
    return timeline;
  }

  /**
   * Takes one chunk of output: records it, and draws it on the screen model at once, so the screen
   * never lags behind what arrived (no backlog to wait for, even under a flood). Once `close()`
   * has begun, the rest of the stream is dropped: the final screen is the one at `close()`.
   */
  receive(bytes: Buffer, atMs: number): void {
    if (this.#app.isClosed()) return;
    this.#app.activity.markOutput(bytes, atMs);
    this.#app.timeline.appendOutput(bytes, Math.max(0, atMs - this.#app.startedAt));
    for (const listener of this.#listeners) listener(bytes, atMs);
    this.#draw(bytes, atMs);
    // Parsing a chunk can take a while (64 KiB of binary: 10–100 ms, more on a busy machine), and
    // blocks reading the next one: the screen last changed when the parse ended, so quiet counts
    // from then, not from the chunk's arrival.
    this.#app.activity.markDrawn();
    this.#app.waits.wake();
  }

  /**
   * Draws `bytes` on the screen model, stopping after each query tmux does not answer to answer it
   * as of the screen there (a mode query after `CSI ? 2004 h` in the same chunk sees it set).
   */
  #draw(bytes: Buffer, atMs: number): void {
    const { model } = this.#app;
    let from = 0;
    let answers = '';
    for (const { sequence, end } of this.#queries.scan(bytes)) {
      model.write(bytes.subarray(from, end), atMs);
      from = end;
      answers += this.#answers.answer(sequence, () => this.#modeState()) ?? '';
    }
    model.write(from === 0 ? bytes : bytes.subarray(from), atMs);
    if (answers !== '') this.#answer(Buffer.from(answers, 'latin1'));
  }

  /** What a mode query reads: the screen's modes, cursor and mouse modes now. */
  #modeState(): ModeState {
    const { modes, cursor } = this.#app.model.snapshot();
    return { modes, cursor, mouse: this.#app.model.mouseModes() };
  }

  /**
   * Types `bytes` to the app as its terminal's answer, after the answers before it. Not an input
   * of the test (no step, no readiness): the terminal's own. An answer that cannot be sent because
   * the app is gone or closing is dropped: nobody is left to read it.
   */
  #answer(bytes: Uint8Array): void {
    this.#answering = this.#answering.then(() => this.#app.session.sendBytes(bytes)).catch(() => undefined);
  }
}
