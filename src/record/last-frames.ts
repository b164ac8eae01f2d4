/**
 * The newest frames of a replay, as many as a frame count and a cell count allow: which frames the
 * failure report keeps, chosen before any is drawn, so a frame that would be left out costs no
 * rendering.
 */

/** A frame's screen size, in cells. */
interface Sized {
  readonly snapshot: { readonly cols: number; readonly rows: number };
}

/**
 * The last frames pushed, oldest first: at most `maxFrames` of them, holding at most `maxCells`
 * cells together (cols × rows of each frame, summed). The newest frame always stays, even alone
 * over `maxCells`. Memory stays bounded by the same limits, whatever the number of frames pushed.
 */
export class LastFrames<T extends Sized> {
  readonly #frames: T[] = [];
  readonly #maxFrames: number;
  readonly #maxCells: number;
  #cells = 0;
  #dropped = false;

  /** @param maxFrames Frames kept at most (1 or more). @param maxCells Cells kept at most, summed over the frames (above 0). */
  constructor(maxFrames: number, maxCells: number) {
    this.#maxFrames = maxFrames;
    this.#maxCells = maxCells;
  }

  /** Appends `frame`, then leaves out the oldest frames past the limits (never `frame` itself). */
  push(frame: T): void {
    this.#frames.push(frame);
    this.#cells += cellsOf(frame);
    while (this.#frames.length > 1 && (this.#frames.length > this.#maxFrames || this.#cells > this.#maxCells)) {
      this.#cells -= cellsOf(this.#frames.shift()!);
      this.#dropped = true;
    }
  }

  /** The frames kept, oldest first. */
  get frames(): readonly T[] {
    return this.#frames;
  }

  /** True when a frame was left out. */
  get dropped(): boolean {
    return this.#dropped;
  }
}

function cellsOf(frame: Sized): number {
  return frame.snapshot.cols * frame.snapshot.rows;
}
