/**
 * The always-on recording of one pane: its raw output with timestamps, plus resizes, bounded by a
 * memory budget (effectively an asciicast in memory). Pure data, no clock: callers pass times.
 */
import { TERMINAL } from '../defaults.js';
import { TmuxShotError } from '../errors.js';
import type { Size } from '../geometry.js';
import { TIMELINE } from './options.js';
import type { TimelineOptions } from './options.js';

/** A chunk of pane output, as the pane wrote it (escape sequences and UTF-8 may be split across chunks). */
export interface OutputEvent {
  readonly kind: 'output';
  /** Time since the recording started, in ms. */
  readonly atMs: number;
  readonly bytes: Uint8Array;
}

/** The pane changed size. */
export interface ResizeEvent {
  readonly kind: 'resize';
  /** Time since the recording started, in ms. */
  readonly atMs: number;
  readonly cols: number;
  readonly rows: number;
}

/** One timeline event. */
export type TimelineEvent = OutputEvent | ResizeEvent;

/**
 * What one event costs besides its output bytes, in bytes: the event object and the typed-array
 * header, as V8 allocates them on Node 20 (measured ≈ 275 bytes for 16-byte chunks, rounded up).
 */
export const EVENT_OVERHEAD_BYTES = 288;

/** True when `size` is whole cells within {@link TERMINAL}'s limits. */
export function isTerminalSize(size: Size): boolean {
  const ok = (n: number, max: number): boolean => Number.isInteger(n) && n >= 1 && n <= max;
  return ok(size.cols, TERMINAL.maxCols) && ok(size.rows, TERMINAL.maxRows);
}

/** What a valid size is, for error messages. */
export const TERMINAL_SIZE_RULE = `columns and rows must be whole numbers from 1 to ${TERMINAL.maxCols}x${TERMINAL.maxRows}`;

/** A copy of `size`. @throws {TmuxShotError} when it is not {@link isTerminalSize}, naming `what`. */
function checkSize(size: Size, what: string): Size {
  if (!isTerminalSize(size)) {
    throw new TmuxShotError(`${what} ${size.cols}x${size.rows} is not a terminal size: ${TERMINAL_SIZE_RULE}.`);
  }
  return { cols: size.cols, rows: size.rows };
}

/**
 * An append-only timeline of pane output and resizes. Times are ms since the recording started;
 * a time earlier than the previous event's is raised to it (events stay in order).
 *
 * Over its memory budget the timeline drops its oldest events (never the newest one) and says so
 * in {@link Timeline.truncated}. The screen those dropped bytes painted is lost: a replay then
 * starts at {@link Timeline.startMs} from a blank screen of {@link Timeline.size} (the size in
 * effect at that time), so the first frames may show a partly painted screen until the app redraws.
 * @example
 *   const timeline = new Timeline({ cols: 80, rows: 24 });
 *   timeline.appendOutput(new TextEncoder().encode('$ '), 12.5);
 *   timeline.markEnd(1000);
 */
export class Timeline {
  readonly #budgetBytes: number;
  readonly #startedAt: number | undefined;
  #events: TimelineEvent[] = [];
  /** Index of the oldest kept event in `#events` (dropping shifts it instead of the array). */
  #head = 0;
  #size: Size;
  #startMs = 0;
  #lastMs = 0;
  #endMs = 0;
  #usedBytes = 0;
  #droppedBytes = 0;

  /**
   * @param size Size of the pane when the recording starts, in cells.
   * @throws {TmuxShotError} when the size is not whole cells in range, or the budget is not a positive number.
   */
  constructor(size: Size, options: TimelineOptions = {}) {
    this.#size = checkSize(size, 'The recording size');
    this.#budgetBytes = options.budgetBytes ?? TIMELINE.budgetBytes;
    if (!(this.#budgetBytes > 0)) {
      throw new TmuxShotError(`A timeline budget must be a positive number of bytes, not ${this.#budgetBytes}.`);
    }
    this.#startedAt = options.startedAt;
  }

  /** Size of the pane at {@link Timeline.startMs}, in cells. */
  get size(): Size {
    return { ...this.#size };
  }

  /** Where a replay starts, in ms: 0, or the time of the oldest kept event once truncated. */
  get startMs(): number {
    return this.#startMs;
  }

  /** End of the recording, in ms: the latest of the last event and {@link Timeline.markEnd}. */
  get endMs(): number {
    return this.#endMs;
  }

  /** Wall-clock time of `atMs = 0`, in ms since the Unix epoch, when the creator gave it. */
  get startedAt(): number | undefined {
    return this.#startedAt;
  }

  /** True once older output was dropped to stay within the memory budget. */
  get truncated(): boolean {
    return this.#droppedBytes > 0;
  }

  /** Output bytes dropped so far to stay within the budget. */
  get droppedBytes(): number {
    return this.#droppedBytes;
  }

  /** Memory the kept events account for, in bytes (see {@link EVENT_OVERHEAD_BYTES}). */
  get usedBytes(): number {
    return this.#usedBytes;
  }

  /** The kept events, oldest first (a copy of the list; the events themselves are frozen). */
  get events(): readonly TimelineEvent[] {
    return this.#events.slice(this.#head);
  }

  /**
   * A copy that later appends do not change, e.g. to encode a recording that is still going on.
   * The events themselves are shared (they are frozen).
   * @param budgetBytes The copy's memory budget, counted as this one's: a smaller one keeps only
   *   the newest events within it, as if appends had gone over it. @default this timeline's budget
   */
  copy(budgetBytes = this.#budgetBytes): Timeline {
    const copy = new Timeline(this.#size, { budgetBytes, startedAt: this.#startedAt });
    copy.#events = this.#events.slice(this.#head);
    copy.#startMs = this.#startMs;
    copy.#lastMs = this.#lastMs;
    copy.#endMs = this.#endMs;
    copy.#usedBytes = this.#usedBytes;
    copy.#droppedBytes = this.#droppedBytes;
    copy.#dropOverBudget();
    return copy;
  }

  /**
   * Records output written by the pane at `atMs`. The bytes are copied, so callers may reuse
   * their buffer. Empty chunks are ignored.
   */
  appendOutput(bytes: Uint8Array, atMs: number): void {
    if (bytes.length === 0) return;
    this.#push(Object.freeze({ kind: 'output', atMs: this.#time(atMs), bytes: new Uint8Array(bytes) }), bytes.length);
  }

  /**
   * Records that the pane became `size` at `atMs`.
   * @throws {TmuxShotError} when the size is not whole cells in range.
   */
  appendResize(size: Size, atMs: number): void {
    const { cols, rows } = checkSize(size, 'A resize to');
    this.#push(Object.freeze({ kind: 'resize', atMs: this.#time(atMs), cols, rows }), 0);
  }

  /** Records that the recording lasted at least until `atMs` (e.g. "now", after a quiet stretch). */
  markEnd(atMs: number): void {
    this.#endMs = Math.max(this.#endMs, this.#time(atMs));
  }

  /** `atMs`, raised to keep events in order. @throws {TmuxShotError} when it is not a finite number. */
  #time(atMs: number): number {
    if (!Number.isFinite(atMs)) throw new TmuxShotError(`A timeline time must be a finite number of ms, not ${atMs}.`);
    return Math.max(atMs, this.#lastMs);
  }

  #push(event: TimelineEvent, bytes: number): void {
    this.#events.push(event);
    this.#lastMs = event.atMs;
    this.#endMs = Math.max(this.#endMs, event.atMs);
    this.#usedBytes += bytes + EVENT_OVERHEAD_BYTES;
    this.#dropOverBudget();
    if (this.#head > 1024 && this.#head * 2 > this.#events.length) {
      this.#events = this.#events.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Drops the oldest events while over the budget, never the newest one. */
  #dropOverBudget(): void {
    while (this.#usedBytes > this.#budgetBytes && this.#head < this.#events.length - 1) this.#dropOldest();
  }

  #dropOldest(): void {
    const event = this.#events[this.#head]!;
    this.#head++;
    if (event.kind === 'resize') {
      this.#size = { cols: event.cols, rows: event.rows };
      this.#usedBytes -= EVENT_OVERHEAD_BYTES;
    } else {
      this.#usedBytes -= event.bytes.length + EVENT_OVERHEAD_BYTES;
      this.#droppedBytes += event.bytes.length;
    }
    this.#startMs = this.#events[this.#head]!.atMs;
  }
}

/**
 * A new, empty timeline for a pane of `size` cells (see {@link Timeline}).
 * @throws {TmuxShotError} when the size is not whole cells from 1 to 1000, or the budget is not positive.
 */
export function createTimeline(size: Size, options: TimelineOptions = {}): Timeline {
  return new Timeline(size, options);
}
