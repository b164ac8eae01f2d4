/**
 * The failure report of a test, `<test stem>-report.html` beside its failure screens and GIFs (see
 * `testAttachmentStem`): one per run of a test, holding every app's recording. Each app fixture's
 * teardown (`saveEvidence`) adds its app's recording and files to what the run kept
 * (`keptAppsOf`) and rewrites the report, so the last app torn down leaves it whole: the test's
 * title, place, status, attempt and the run's own errors, the screenshot assertions that failed
 * (kept by the matcher), each app's recording (`reportFrames`) with its steps, the agent's
 * transcripts, and links to the files beside it. `buildReport` (report/) makes the HTML; this
 * file gathers its input and writes it, and leaves where it is in the live sessions folder for
 * `tmux-shot watch` (`recordLiveResult`).
 */
import { basename, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { RunnerTestCase, TestArtifact, TestArtifactBase, TestAttachment } from 'vitest';
import { recordArtifact } from 'vitest';
import { VITEST_CONSTANTS } from '../../defaults.js';
import { writeOutputFile } from '../../output-file.js';
import { reportFrames } from '../../record/index.js';
import type { ReportInput, ReportLink, ReportRecording } from '../../report/index.js';
import { buildReport } from '../../report/index.js';
import { recordLiveResult } from '../../host/index.js';
import { systemClock } from '../../wait.js';
import { MAIN_APP_NAME } from '../fixtures/app-handle.js';
import type { TmuxAppHandle } from '../fixtures/app-handle.js';
import { recordFailureFile } from './artifacts.js';
import { testAttachmentStem } from '../paths.js';
import { publishReport, reasonOf } from './report-index.js';
import { keptAppsOf, runErrorsOf, screenshotFailuresOf, transcriptsOf } from './report-kept.js';

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

/**
 * (Re)writes the report of the current run of `task` to `<test stem>-report.html`, with what its
 * apps kept so far (see {@link keptAppsOf}), and, the first time in the run, records it: a failed
 * run's as a failure screenshot (its path is printed under the error), a passing run's as a
 * `tmux-shot:report` artifact. Publishes it in the test's meta for `tmux-shot/reporter`'s index.
 * @returns The report's path.
 */
export async function saveReport(task: Task): Promise<string> {
  const path = `${testAttachmentStem(task)}-report.html`;
  const failed = task.result?.state === 'fail';
  const kept = keptAppsOf(task);
  const errors = runErrorsOf(task).map((error) => ({
    name: error.name ?? 'Error',
    message: stripVTControlCharacters(error.message ?? ''),
    ...(error.stack ? { stack: stripVTControlCharacters(error.stack) } : {}),
  }));
  const input: ReportInput = {
    title: task.fullTestName,
    location: task.location ? `${task.file.name}:${task.location.line}` : task.file.name,
    status: failed ? 'failed' : 'passed',
    attempt: task.result?.retryCount ?? 0,
    errors,
    screenshots: screenshotFailuresOf(task),
    recordings: mainFirst(kept.recordings),
    agent: transcriptsOf(task),
    links: kept.siblings.map(({ label, path }): ReportLink => ({ label, href: encodeURIComponent(basename(path)) })),
  };
  await writeOutputFile(path, buildReport(input), 'failure report');
  if (!kept.recorded) {
    kept.recorded = true;
    if (failed) await recordFailureFile(task, path, 'text/html');
    else await recordArtifact(task as RunnerTestCase, { type: 'tmux-shot:report', attachments: [{ path, contentType: 'text/html' }] } satisfies TestArtifact);
  }
  const reason = failed && errors[0] ? reasonOf(errors[0].message) : undefined;
  publishReport(task.meta, { path, failed, ...(reason === undefined ? {} : { reason }) });
  await leaveResult(task, path, failed);
  return path;
}

/**
 * Tells `tmux-shot watch` where the report of `task` is (see `recordLiveResult`). A folder that
 * cannot take it (not private, not writable) is printed, never thrown: it must not fail the test.
 */
async function leaveResult(task: Task, path: string, failed: boolean): Promise<void> {
  const result = {
    test: task.fullTestName,
    file: task.file.name,
    outcome: failed ? 'failed' : 'passed',
    report: resolve(path),
    endedAt: systemClock.epochNow(),
    pid: process.pid,
  } as const;
  await recordLiveResult(result).catch((error: Error) =>
    console.warn(`tmux-shot: could not tell tmux-shot watch where the report of '${task.fullTestName}' is: ${error.message}`),
  );
}

/** The recordings with `tmuxApp`'s first, the others in the order given. */
export function mainFirst(recordings: readonly ReportRecording[]): ReportRecording[] {
  return [...recordings.filter(({ name }) => name === MAIN_APP_NAME), ...recordings.filter(({ name }) => name !== MAIN_APP_NAME)];
}

/**
 * The app's session as the report shows it, with its steps: the GIF's frames (same tail, same
 * renderer options) when the recording mode saved the GIF (`recorded`); else its last screen only
 * (the frames of the last `VITEST_CONSTANTS.lastScreenTail` ms), with a note that says so.
 */
export async function recordingOf(app: TmuxAppHandle, recorded: boolean): Promise<ReportRecording> {
  const frames = await reportFrames(
    app.app.timeline,
    {
      ...app.renderOptions,
      tail: recorded ? VITEST_CONSTANTS.recordingTail : VITEST_CONSTANTS.lastScreenTail,
      tailBytes: VITEST_CONSTANTS.recordingTailBytes,
    },
    app.app.steps.map((step) => step.atMs),
  );
  const note = recorded ? undefined : VITEST_CONSTANTS.recordingOffNote;
  return { name: app.name, frames, steps: app.app.steps, droppedSteps: app.app.droppedSteps, ...(note === undefined ? {} : { note }) };
}
