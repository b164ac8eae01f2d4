/**
 * The step log of an app: every input and wait that passes through `TmuxApp`, and every matcher
 * called on it, with its time on the recording's clock, for the failure report's timeline.
 */

/** What kind of step: an input, a wait, a matcher, or the app's life. */
export type AppStepKind = 'start' | 'press' | 'type' | 'paste' | 'mouse' | 'resize' | 'wait' | 'expect' | 'exit' | 'close';

/** One step of a test on an app. */
export interface AppStep {
  readonly kind: AppStepKind;
  /** What a person reads: `press('Down', 'Enter')`, `waitForText(/Saved/)`, `expect(tmuxApp).toShowText('Saved')`. */
  readonly title: string;
  /** When the step began, in ms on the app's timeline (its `atMs` clock: 0 = the app started). */
  readonly atMs: number;
  /** How long it took, in ms (0 for an instant input). */
  readonly durationMs: number;
  /** Why the step failed (the first line of its error), when it did. */
  readonly error?: string;
}
