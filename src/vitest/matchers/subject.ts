/**
 * What a matcher was given: a live app (`tmuxApp`, `TmuxApp` — anything with `screen()` — or a
 * `Shell`, for its app), a screen snapshot, or PNG bytes; and the test the assertion belongs to.
 */
import type { MatcherState, RunnerTestCase } from 'vitest';
import { Shell } from '../../app/index.js';
import { TmuxShotError } from '../../errors.js';
import type { TextMatch } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { nameOfHandle, testOfHandle } from '../fixtures/app-handle.js';

/** Anything whose screen can be read now: the `tmuxApp` fixture, a `TmuxApp`. */
export interface LiveScreen {
  /** The visible screen now; with `scrollback`, the whole buffer (see `TmuxApp.screen`). */
  screen(options?: { scrollback?: boolean }): ScreenSnapshot;
  /** Resolves when new output is on the screen or after `timeout` ms (see `TmuxApp.waitForOutput`); polls fall back to a timer without it. */
  waitForOutput?(options: { timeout: number }): Promise<unknown>;
  /**
   * Waits for text, failing early once the app has exited without showing it (see
   * `TmuxApp.waitForText`); `toShowText` hands its wait to it.
   */
  waitForText?(pattern: string | RegExp, options: { timeout: number; signal?: AbortSignal | undefined; scrollback?: boolean }): Promise<TextMatch>;
  /** Waits for quiet and for an answer to the last input (see `TmuxApp.waitForStable`); screenshots call it before comparing grids. */
  waitForStable?(options: { quietMs: number; timeout: number }): Promise<{ afterMs: number }>;
}

/**
 * What a matcher checks when given `received`: a `Shell`'s app (the `shell` fixture's handle, named
 * `shell` in messages and files), else `received` itself. Every matcher applies it first.
 */
export function subjectOf(received: unknown): unknown {
  return received instanceof Shell ? received.app : received;
}

/** A matcher subject, classified. */
export type Subject = { kind: 'live'; live: LiveScreen } | { kind: 'snapshot'; snapshot: ScreenSnapshot } | { kind: 'png'; png: Uint8Array };

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

/** How a message names the subject: `tmuxApp` (or the name of another app of the test), `screen` (a snapshot) or `png`. */
export function subjectLabel(subject: Subject | undefined): string {
  if (subject?.kind === 'live') return nameOfHandle(subject.live) ?? 'tmuxApp';
  return subject?.kind === 'snapshot' ? 'screen' : subject?.kind === 'png' ? 'png' : 'tmuxApp';
}

/**
 * The test an assertion on `received` belongs to: the test of the `tmuxApp` fixture it was given,
 * which knows it — Vitest's global `expect` (imported from `vitest` or `tmux-shot/vitest`) points
 * at the test that started last, another one in concurrent tests — else the expect's own test.
 */
export function testOfAssertion(state: Pick<MatcherState, 'task'>, received: unknown): Readonly<RunnerTestCase> | undefined {
  return testOfHandle(received) ?? state.task;
}

/**
 * Refuses an assertion whose `expect` belongs to another test than the `tmuxApp` it was given, for
 * matchers that go through Vitest's snapshots (which know their test only through `expect`).
 * @throws {TmuxShotError} saying to take `expect` from the test context, as Vitest asks of
 *   snapshots in concurrent tests.
 */
export function assertOwnExpect(state: Pick<MatcherState, 'task'>, received: unknown, header: string): void {
  const test = testOfHandle(received);
  if (!test || test === state.task) return;
  throw new TmuxShotError(
    `${header}\n\nThis tmuxApp belongs to the test '${test.fullTestName}', but this expect is not that test's: the expect imported from ` +
      "tmux-shot/vitest (or vitest) follows the test that started last. Vitest's snapshots know their test only through expect: in concurrent " +
      "tests take it from the test context, test.concurrent('…', async ({ tmuxApp, expect }) => { … }).",
  );
}
