/**
 * What a test's failure report needs from other fixtures and matchers, kept in the worker for
 * each run (attempt) of a test until the report is built at the app fixtures' teardown: the failed
 * screenshot assertions (the screenshot matcher adds each as it reports it; a retry starts with
 * none, as its attempt differs, see {@link attemptOf}), the agent's transcripts (the `agent`
 * fixture, torn down before the `tmuxApp` it uses, leaves them here), where the run's errors
 * begin (Vitest keeps every attempt's errors in one list), and each app's recording and files
 * (each app's teardown adds its own, then rewrites the test's one report).
 */
import type { RunnerTestCase } from 'vitest';
import type { AgentTranscript } from '../../agent/index.js';
import type { ReportRecording, ReportScreenshot } from '../../report/data.js';
import { acceptCommand } from '../screenshot/accept-command.js';
import { attemptOf } from './artifacts.js';

type Task = Readonly<RunnerTestCase>;

/** Each test's failures, and the run (attempt) they belong to. */
const kept = new WeakMap<Task, { attempt: string; screenshots: ReportScreenshot[] }>();

/** Keeps `screenshot` for the current run of `task`. */
export function keepScreenshotFailure(task: Task, screenshot: ReportScreenshot): void {
  const attempt = attemptOf(task);
  const entry = kept.get(task);
  if (entry?.attempt === attempt) entry.screenshots.push(screenshot);
  else kept.set(task, { attempt, screenshots: [screenshot] });
}

/** The screenshot failures kept for the current run of `task`, in the order they failed. */
export function screenshotFailuresOf(task: Task): readonly ReportScreenshot[] {
  const entry = kept.get(task);
  return entry?.attempt === attemptOf(task) ? entry.screenshots : [];
}

/** The agent transcripts of each run of a test. */
const transcripts = new WeakMap<Task, { attempt: string; transcripts: readonly AgentTranscript[] }>();

/** Keeps the agent's transcripts of the current run of `task` (the agent fixture, at its teardown). */
export function keepTranscripts(task: Task, kept: readonly AgentTranscript[]): void {
  transcripts.set(task, { attempt: attemptOf(task), transcripts: kept });
}

/** The agent transcripts kept for the current run of `task`. */
export function transcriptsOf(task: Task): readonly AgentTranscript[] {
  const entry = transcripts.get(task);
  return entry?.attempt === attemptOf(task) ? entry.transcripts : [];
}

/** Where the errors of each run of a test begin in `task.result.errors`. */
const errorStarts = new WeakMap<Task, { attempt: string; start: number }>();

/**
 * Notes where the errors of the current run of `task` begin: the app fixtures call it as they set
 * up (inside the run, before the test's body). The first call of a run counts.
 */
export function markRunStart(task: Task): void {
  const attempt = attemptOf(task);
  if (errorStarts.get(task)?.attempt !== attempt) errorStarts.set(task, { attempt, start: task.result?.errors?.length ?? 0 });
}

/** The errors of the current run of `task` (all of them when its start was not marked). */
export function runErrorsOf(task: Task): NonNullable<NonNullable<Task['result']>['errors']> {
  const entry = errorStarts.get(task);
  const errors = task.result?.errors ?? [];
  return entry?.attempt === attemptOf(task) ? errors.slice(entry.start) : errors;
}

/** A file written beside a test's report, and how the report names it. */
export interface SiblingFile {
  label: string;
  /** Absolute path, in the report's folder. */
  path: string;
}

/** What the apps of one run of a test left for its report. */
export interface KeptApps {
  /** The apps' recordings, in the order their fixtures were torn down. */
  readonly recordings: ReportRecording[];
  /** The files beside the report (failure screens, GIFs), in that order. */
  readonly siblings: SiblingFile[];
  /** Whether the report was recorded on the test already (it is rewritten, not recorded again, as each app adds to it). */
  recorded: boolean;
}

/** What each run of a test's apps left. */
const apps = new WeakMap<Task, { attempt: string; kept: KeptApps }>();

/** What the apps of the current run of `task` left so far, to add to (a new run starts empty). */
export function keptAppsOf(task: Task): KeptApps {
  const attempt = attemptOf(task);
  const entry = apps.get(task);
  if (entry?.attempt === attempt) return entry.kept;
  const kept: KeptApps = { recordings: [], siblings: [], recorded: false };
  apps.set(task, { attempt, kept });
  return kept;
}

/** The names of `task`'s suites, outermost first, then its own: what Vitest's `-t` matches, joined by spaces. */
export function testNamesOf(task: Pick<RunnerTestCase, 'name' | 'suite'>): string[] {
  const names = [task.name];
  for (let suite = task.suite; suite; suite = suite.suite) names.unshift(suite.name);
  return names;
}

/** The command that accepts `baseline` (relative to the project root), compared by `task` (see `acceptCommand`). */
export function acceptCommandOf(task: Task, baseline: string): string {
  return acceptCommand({ baseline, file: task.file.name, names: testNamesOf(task), project: task.file.projectName || undefined });
}

/**
 * Lets go of what `task`'s run kept (screenshot PNGs, recordings' frames, transcripts' shots: up to
 * megabytes a test), once its report is written: the app fixtures call it from `onTestFinished`,
 * which Vitest runs after every fixture's teardown of the run. Without it a worker would hold
 * them for every test of the file until the file ends.
 */
export function forgetRun(task: Task): void {
  kept.delete(task);
  transcripts.delete(task);
  apps.delete(task);
}
