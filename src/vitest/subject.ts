/**
 * What a matcher was given: a live app (`tmuxApp`, `TmuxApp` — anything with `screen()`), a
 * screen snapshot, or PNG bytes.
 */
import type { TextMatch } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';

/** Anything whose screen can be read now: the `tmuxApp` fixture, a `TmuxApp`. */
export interface LiveScreen {
  /** The visible screen now. */
  screen(): ScreenSnapshot;
  /** Resolves when new output is on the screen or after `timeout` ms (see `TmuxApp.waitForOutput`); polls fall back to a timer without it. */
  waitForOutput?(options: { timeout: number }): Promise<unknown>;
  /**
   * Waits for text, failing early once the app has exited without showing it (see
   * `TmuxApp.waitForText`); `toShowText` hands its wait to it.
   */
  waitForText?(pattern: string | RegExp, options: { timeout: number; signal?: AbortSignal | undefined }): Promise<TextMatch>;
  /** Waits for quiet and for an answer to the last input (see `TmuxApp.waitForStable`); screenshots call it before comparing grids. */
  waitForStable?(options: { quietMs: number; timeout: number }): Promise<{ afterMs: number }>;
}

/** A matcher subject, classified. */
export type Subject =
  | { kind: 'live'; live: LiveScreen }
  | { kind: 'snapshot'; snapshot: ScreenSnapshot }
  | { kind: 'png'; png: Uint8Array };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isSnapshot(value: object): value is ScreenSnapshot {
  const candidate = value as Partial<ScreenSnapshot>;
  return typeof candidate.cols === 'number' && typeof candidate.rows === 'number' && Array.isArray(candidate.cells);
}

function isPng(value: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, index) => value[index] === byte);
}

/**
 * Classifies `received`, or returns undefined for anything else (the matcher then fails saying
 * what it accepts).
 */
export function classifySubject(received: unknown): Subject | undefined {
  if (received instanceof Uint8Array) return isPng(received) ? { kind: 'png', png: received } : undefined;
  if (typeof received !== 'object' || received === null) return undefined;
  if (typeof (received as Partial<LiveScreen>).screen === 'function') return { kind: 'live', live: received as LiveScreen };
  if (isSnapshot(received)) return { kind: 'snapshot', snapshot: received };
  return undefined;
}

/** A short description of `received` for "expected X, received Y" messages. */
export function describeReceived(received: unknown): string {
  if (received === null) return 'null';
  if (received instanceof Uint8Array) return `${received.byteLength} bytes that are not a PNG`;
  if (typeof received === 'object') return `an object without screen() (${received.constructor?.name ?? 'Object'})`;
  return typeof received;
}

/** How a message names the subject: `tmuxApp`, `screen` (a snapshot) or `png`. */
export function subjectLabel(subject: Subject | undefined): string {
  return subject?.kind === 'snapshot' ? 'screen' : subject?.kind === 'png' ? 'png' : 'tmuxApp';
}
