/**
 * The failed screenshot assertions of each run of a test, kept in the worker for the test's
 * failure report (built at the `tmuxApp` fixture's teardown): the screenshot matcher adds each
 * failure as it reports it; the report reads those of the run that just ended. A retry starts
 * with none, as its attempt differs ({@link attemptOf}).
 */
import type { RunnerTestCase } from 'vitest';
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
