/**
 * The close of a `TmuxApp`: from the call of `close()` on the app is closed (pending waits end,
 * input is refused); its session is killed, and its screen stays the one it had then, kept when
 * the screen model is released. Idempotent.
 */
import type { TmuxSession } from '../host/index.js';
import type { ScreenModel } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { systemClock } from '../wait.js';

/** The close of one app (see this module's TSDoc). */
export class AppClosing {
  readonly #session: Pick<TmuxSession, 'kill'>;
  readonly #model: Pick<ScreenModel, 'snapshot' | 'dispose'>;
  #closing: Promise<void> | undefined;
  #closedAt: number | undefined;
  /** The whole buffer as it stood at `close()`, scrollback included. */
  #finalScreen: ScreenSnapshot | undefined;

  constructor(session: Pick<TmuxSession, 'kill'>, model: Pick<ScreenModel, 'snapshot' | 'dispose'>) {
    this.#session = session;
    this.#model = model;
  }

  /** True once `close()` has been called. */
  get isClosed(): boolean {
    return this.#closing !== undefined;
  }

  /** When `close()` was called, in `systemClock.now()` ms; undefined before. */
  get closedAt(): number | undefined {
    return this.#closedAt;
  }

  /** The whole buffer as it stood at `close()`, scrollback included, once the session is killed; undefined before. */
  get finalScreen(): ScreenSnapshot | undefined {
    return this.#finalScreen;
  }

  /**
   * Kills the session (SIGHUP), then keeps the screen and releases the screen model, once.
   * @param begun Called at the first call only, with its time in `systemClock.now()` ms, before anything else.
   */
  close(begun: (closedAt: number) => void): Promise<void> {
    if (!this.#closing) {
      this.#closedAt = systemClock.now();
      begun(this.#closedAt);
    }
    this.#closing ??= (async () => {
      await this.#session.kill();
      this.#finalScreen = this.#model.snapshot({ scrollback: true });
      this.#model.dispose();
    })();
    return this.#closing;
  }
}
