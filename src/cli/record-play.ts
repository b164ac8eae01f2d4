/**
 * The recording phase of `tmux-shot record`, between the app's start and the writing of the file:
 * the steps, then the wait for the end. The first SIGINT or SIGTERM ends it early.
 */
import { WaitTimeoutError } from '../errors.js';
import type { TmuxApp } from '../app/index.js';
import { pause, untilAborted } from './abortable.js';
import type { ScriptStep } from './script.js';
import { type Stop, trapStopSignals } from './stop-signals.js';

/** What happens between the start and the end of a recording; durations in ms. */
export interface RecordPlan {
  steps: readonly ScriptStep[];
  stepDelay: number;
  timeout: number;
  /** How long to record, from the app's start; undefined: until the screen settles after the steps. */
  durationMs: number | undefined;
  quietMs: number;
}

/**
 * Plays the steps, then waits for the end of the recording. The first SIGINT or SIGTERM ends it
 * early; the signal listeners live exactly as long as this phase.
 * @returns The stop signal, when one ended the recording.
 */
export async function playRecording(app: TmuxApp, plan: RecordPlan): Promise<Stop | undefined> {
  using trap = trapStopSignals();
  const { signal } = trap;
  for (const step of plan.steps) {
    if (signal.aborted) return trap.stop;
    await runStep(app, step, plan.timeout, signal);
    await pause(plan.stepDelay, signal);
  }
  if (signal.aborted) return trap.stop;
  const end: Promise<unknown> =
    plan.durationMs === undefined
      ? app.waitForStable({ quietMs: plan.quietMs, timeout: plan.timeout }) // an app that exits goes quiet too
      : exitOrTimeout(app, app.startedAt + plan.durationMs - performance.now());
  await untilAborted(end, signal);
  return trap.stop;
}

async function runStep(app: TmuxApp, step: ScriptStep, timeout: number, signal: AbortSignal): Promise<void> {
  if (step.kind === 'keys') await app.press(...step.keys);
  else if (step.kind === 'type') await app.type(step.text);
  else if (step.kind === 'wait-for') await untilAborted(app.waitForText(step.text, { timeout }), signal);
  else await pause(step.ms, signal);
}

/** The stderr line of a recording ended by a signal, with its length in s (one decimal). */
export function formatStopLine(stop: Stop, startedAt: number): string {
  const seconds = ((stop.at - startedAt) / 1000).toFixed(1);
  return `tmux-shot record: recording stopped by ${stop.signal} after ${seconds} s; saving it (a second ${stop.signal} quits without saving)`;
}

/** Waits up to `ms` for the app to exit; returning at the deadline is not an error. */
async function exitOrTimeout(app: TmuxApp, ms: number): Promise<void> {
  try {
    await app.waitForExit({ timeout: Math.max(0, ms) });
  } catch (error) {
    if (!(error instanceof WaitTimeoutError)) throw error;
  }
}
