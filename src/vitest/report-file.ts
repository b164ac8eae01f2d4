/**
 * The failure report of one app of a test, written by `saveEvidence` at the fixture's teardown
 * as `<stem>-report.html` beside the failure screen and GIF (see `appAttachmentStem`): the test's
 * title, place, status and errors, the screenshot assertions that failed (kept by the matcher),
 * the app's recording (the GIF's frames, `reportFrames`) with its steps, the agent's transcripts
 * (in `tmuxApp`'s report), and links to the sibling files. `buildReport` (report/) makes the HTML;
 * this file gathers its input and writes it.
 */
import { basename } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { RunnerTestCase, TestArtifact, TestArtifactBase, TestAttachment } from 'vitest';
import { recordArtifact } from 'vitest';
import { VITEST_CONSTANTS } from '../defaults.js';
import { writeOutputFile } from '../output-file.js';
import { reportFrames } from '../record/index.js';
import type { ReportInput, ReportLink, ReportRecording } from '../report/index.js';
import { buildReport } from '../report/index.js';
import { MAIN_APP_NAME } from './app-handle.js';
import type { TmuxAppHandle } from './app-handle.js';
import { recordFailureFile } from './artifacts.js';
import { screenshotFailuresOf, transcriptsOf } from './report-kept.js';
import { publishReport, reportPathOf } from './report-index.js';

/** The report of a passing test (`tmuxRecording: 'always'`), as a tmux-shot artifact. */
export interface ReportArtifact extends TestArtifactBase {
  type: 'tmux-shot:report';
  attachments: [TestAttachment];
}

declare module 'vitest' {
  interface TestArtifactRegistry {
    'tmux-shot:report': ReportArtifact;
  }
}

type Task = Readonly<RunnerTestCase>;

/** A file written beside the report, and how the report names it. */
export interface SiblingFile {
  label: string;
  /** Absolute path, in the report's folder. */
  path: string;
}

/**
 * Writes the report of `app` in `task` to `<stem>-report.html` and records it: a failed test's as a
 * failure screenshot (its path is printed under the error), a passing test's as a `tmux-shot:report`
 * artifact. Publishes its path in the test's meta for `tmux-shot/reporter`'s index — `tmuxApp`'s
 * report when the test has several.
 * @param recorded Whether the recording mode saved the app's session (the report then shows it).
 * @returns The report's path.
 */
export async function saveReport(task: Task, app: TmuxAppHandle, stem: string, recorded: boolean, siblings: readonly SiblingFile[]): Promise<string> {
  const path = `${stem}-report.html`;
  const failed = task.result?.state === 'fail';
  const input: ReportInput = {
    title: task.fullTestName,
    location: task.location ? `${task.file.name}:${task.location.line}` : task.file.name,
    status: failed ? 'failed' : 'passed',
    errors: (task.result?.errors ?? []).map((error) => ({
      name: error.name ?? 'Error',
      message: stripVTControlCharacters(error.message ?? ''),
      ...(error.stack ? { stack: stackFrames(stripVTControlCharacters(error.stack)) } : {}),
    })),
    screenshots: screenshotFailuresOf(task),
    recordings: recorded ? [await recordingOf(app)] : [],
    agent: app.name === MAIN_APP_NAME ? transcriptsOf(task) : [],
    links: siblings.map(({ label, path }): ReportLink => ({ label, href: encodeURIComponent(basename(path)) })),
  };
  await writeOutputFile(path, buildReport(input), 'failure report');
  if (failed) await recordFailureFile(task, path, 'text/html');
  else await recordArtifact(task as RunnerTestCase, { type: 'tmux-shot:report', attachments: [{ path, contentType: 'text/html' }] } satisfies TestArtifact);
  if (app.name === MAIN_APP_NAME || reportPathOf(task.meta) === undefined) publishReport(task.meta, path);
  return path;
}

/**
 * The call frames of a V8 stack (pure): from its first `at …` line on. V8's stack starts with
 * `Name: message`, which the report already shows above it (for a matcher, dozens of lines). A
 * stack without such a line is kept whole.
 */
export function stackFrames(stack: string): string {
  const at = stack.search(/^\s+at /m);
  return at < 0 ? stack : stack.slice(at);
}

/** The app's session as the report shows it: the GIF's frames (same tail, same renderer options) and its steps. */
async function recordingOf(app: TmuxAppHandle): Promise<ReportRecording> {
  const frames = await reportFrames(app.app.timeline, {
    ...app.renderOptions,
    tail: VITEST_CONSTANTS.recordingTail,
    tailBytes: VITEST_CONSTANTS.recordingTailBytes,
  });
  return { name: app.name, frames, steps: app.app.steps };
}
