/**
 * What a test's failure report needs from other fixtures and matchers, kept in the worker until
 * the report is built at the app fixtures' teardown: the failed screenshot assertions of each run
 * of a test (the screenshot matcher adds each as it reports it; a retry starts with none, as its
 * attempt differs, see {@link attemptOf}), and the agent's transcripts (the `agent` fixture, torn
 * down before the `tmuxApp` it uses, leaves them here).
 */
import type { RunnerTestCase } from 'vitest';
import type { AgentTranscript } from '../agent/index.js';
import type { ReportScreenshot } from '../report/data.js';
import { acceptCommand } from './accept-command.js';
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

/** The names of `task`'s suites, outermost first, then its own: what Vitest's `-t` matches, joined by spaces. */
export function testNamesOf(task: Pick<RunnerTestCase, 'name' | 'suite'>): string[] {
  const names = [task.name];
  for (let suite = task.suite; suite; suite = suite.suite) names.unshift(suite.name);
  return names;
}

/** The command that accepts `task`'s failing baselines (see `acceptCommand`). */
export function acceptCommandOf(task: Task): string {
  return acceptCommand({ file: task.file.name, names: testNamesOf(task), project: task.file.projectName || undefined });
}
