/**
 * When frames are taken and how long each is shown (pure). Times are ms on the timeline's clock;
 * delays are GIF delays in 1/100 s (GIF89a, Graphic Control Extension).
 */

/**
 * Decides when to sample the screen: a frame is due once something changed, but no sooner than
 * `intervalMs` after the previous frame (the fps cap). A frame due at `t` shows every event up to
 * and including `t`, so a burst of output inside one interval becomes one frame.
 */
export class FrameClock {
  readonly #intervalMs: number;
  #lastFrameMs: number;
  #dueMs: number | undefined;

  /**
   * @param intervalMs Shortest time between two frames, in ms (1000 / fps).
   * @param startMs Time of the first frame, which is due at once: the screen as the replay starts.
   */
  constructor(intervalMs: number, startMs: number) {
    this.#intervalMs = intervalMs;
    this.#lastFrameMs = startMs - intervalMs;
    this.#dueMs = startMs;
  }

  /** When the pending frame is due, in ms; undefined while nothing changed since the last frame. */
  get dueMs(): number | undefined {
    return this.#dueMs;
  }

  /** An event at `atMs` (may have) changed the screen. */
  changed(atMs: number): void {
    this.#dueMs ??= Math.max(atMs, this.#lastFrameMs + this.#intervalMs);
  }

  /** The pending frame was taken, showing the screen at `atMs`. */
  taken(atMs: number): void {
    this.#lastFrameMs = atMs;
    this.#dueMs = undefined;
  }
}

/** How frame durations are shortened and held. */
export interface DelayOptions {
  /** Longest time one frame is shown, in ms, unless `keepRealTime`. */
  idleCap: number;
  /** Show every frame for as long as it really lasted. */
  keepRealTime: boolean;
  /** Shortest time the last frame is shown, in ms. */
  lastFrameHold: number;
}

/**
 * Turns frame times into GIF delays. Each frame lasts until the next one (capped at `idleCap`
 * unless `keepRealTime`); the delays are whole centiseconds rounded on the running total, so
 * rounding never drifts: the GIF's clock stays within 5 ms of the capped timeline's.
 */
export class FrameDelays {
  readonly #options: DelayOptions;
  #frameMs: number;
  /** Capped time elapsed up to the current frame, in ms. */
  #shownMs = 0;

  /** @param startMs Time of the first frame, in ms. */
  constructor(options: DelayOptions, startMs: number) {
    this.#options = options;
    this.#frameMs = startMs;
  }

  /** The delay in 1/100 s of the current frame when the next one comes at `nextMs`; it becomes current. */
  next(nextMs: number): number {
    const delay = this.#advance(this.#cap(nextMs - this.#frameMs));
    this.#frameMs = nextMs;
    return delay;
  }

  /** The delay in 1/100 s of the last frame of a recording that ends at `endMs`. */
  last(endMs: number): number {
    return this.#advance(Math.max(this.#options.lastFrameHold, this.#cap(endMs - this.#frameMs)));
  }

  #cap(ms: number): number {
    return this.#options.keepRealTime ? ms : Math.min(ms, this.#options.idleCap);
  }

  #advance(ms: number): number {
    const from = Math.round(this.#shownMs / 10);
    this.#shownMs += ms;
    return Math.round(this.#shownMs / 10) - from;
  }
}
