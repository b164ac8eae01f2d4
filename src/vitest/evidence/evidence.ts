/**
 * What a test leaves behind once it ends, saved by the `tmuxApp` fixture's teardown (which Vitest
 * runs before `onTestFailed`) once the app is closed, under the attachments folder: the last
 * screen of a failed test (a PNG drawn with the cursor and the text with styles), and a GIF of the
 * app session (its end, within a budget), built
 * from the app's always-on timeline — on failure by default (`tmuxRecording: 'on-failure'`), for
 * every test (`'always'`), or never (`'off'`); set it in the Vitest config with
 * `provide: { tmuxRecording: 'always' }` or per file with `test.override({ tmuxRecording: … })`.
 *
 * The files of a failure are Vitest's failure screenshots, listed under the test's error by its
 * reporters. A test that failed only with `ConfigError`s (a mistake in its code, such as a
 * misspelt option) saves none: the screen does not explain it. Each run of a test file starts
 * with an empty attachments folder of its own, as Playwright empties its output folder, so no
 * failure of an earlier run lingers beside a test that passes now.
 */
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunnerTestCase, TestArtifact, TestArtifactBase, TestAttachment } from 'vitest';
import { recordArtifact } from 'vitest';
import { VITEST_CONSTANTS } from '../../defaults.js';
import { renderPng } from '../../render/index.js';
import { writeOutputFile } from '../../output-file.js';
import { MAIN_APP_NAME } from '../fixtures/app-handle.js';
import type { TmuxAppHandle } from '../fixtures/app-handle.js';
import { failureDocumented, recordFailureFile } from './artifacts.js';
import { attachmentFolder, testAttachmentStem } from '../paths.js';
import type { TestFileRef } from '../paths.js';
import { keptAppsOf } from './report-kept.js';
import type { SiblingFile } from './report-kept.js';
import { formatScreenText } from '../matchers/screen-text.js';

/** When a test's session is saved as a GIF. */
export type RecordingMode = 'on-failure' | 'always' | 'off';

/** The GIF of a passing test (`'always'`), as a tmux-shot artifact. */
export interface RecordingArtifact extends TestArtifactBase {
  type: 'tmux-shot:recording';
  attachments: [TestAttachment];
}

declare module 'vitest' {
  interface TestArtifactRegistry {
    'tmux-shot:recording': RecordingArtifact;
  }
  interface ProvidedContext {
    /** When tests save a GIF of their app session (see `RecordingMode`). */
    tmuxRecording: RecordingMode;
  }
}

type Task = Readonly<RunnerTestCase>;

/**
 * After a test, for one of its apps: the failure screen (when the test failed and no screenshot
 * assertion documented it), the GIF the recording mode asks for, and the test's one failure
 * report (`report-file.ts`) — of a failed test, or of every test under `'always'` — to which this
 * app adds its recording (its last screen only under `'off'`) and files, unless its options say
 * `failureReport: false`. Nothing for a test that failed only with `ConfigError`s. Problems here
 * are printed, never thrown: they must not hide the test's own error or fail a test that a retry
 * made pass. A report is still written when a file before it could not be.
 */
export async function saveEvidence(task: Task, app: TmuxAppHandle, recording: RecordingMode): Promise<void> {
  const failed = task.result?.state === 'fail';
  if (!app.started || (failed && failedOnlyByConfigErrors(task))) return;
  const stem = appAttachmentStem(task, app);
  const recorded = recording === 'always' || (recording === 'on-failure' && failed);
  const reported = (failed || recording === 'always') && app.options.failureReport !== false;
  const kept = keptAppsOf(task);
  try {
    if (failed && app.options.failureScreen !== false && !failureDocumented(task)) kept.siblings.push(...(await saveFailureScreen(task, app, stem)));
    if (recorded) kept.siblings.push(await saveRecording(task, app, stem, failed));
  } catch (error) {
    console.warn(`tmux-shot: could not save the evidence of '${task.fullTestName}': ${(error as Error).message}`);
  }
  if (!reported) return;
  try {
    // The report's code (report/, the report frames) loads with the first failure, not with the plugin.
    const { recordingOf, saveReport } = await import('./report-file.js');
    kept.recordings.push(await recordingOf(app, recorded));
    await saveReport(task);
  } catch (error) {
    console.warn(`tmux-shot: could not write the failure report of '${task.fullTestName}': ${(error as Error).message}`);
  }
}

/** True when `task` failed with errors that are all `ConfigError`s (serialized: by name). */
function failedOnlyByConfigErrors(task: Task): boolean {
  const errors = task.result?.errors ?? [];
  return errors.length > 0 && errors.every((error) => error.name === 'ConfigError');
}

/**
 * The stem of the files of `app` in `task`: the test's (see `testAttachmentStem`) for `tmuxApp`,
 * with `@<name>` after it for another app of the test (`<test>@app2`, `<test>@shell`). Neither a
 * test's stem nor an app's name holds `@`, so no app's files can take another test's: the files
 * of app `y` in test `x` (`x@y-failure.png`) never meet those of test `x-y` (`x-y-failure.png`).
 */
export function appAttachmentStem(task: Task, app: Pick<TmuxAppHandle, 'name'>): string {
  const stem = testAttachmentStem(task);
  return app.name === MAIN_APP_NAME ? stem : `${stem}@${app.name}`;
}

/**
 * Writes `<stem>-failure.png` and `<stem>-failure.txt` under the attachments folder (see
 * {@link appAttachmentStem}) and records them on `task` as failure screenshots (Vitest's
 * reporters list them under the error).
 */
async function saveFailureScreen(task: Task, app: TmuxAppHandle, stem: string): Promise<SiblingFile[]> {
  const snapshot = app.screen();
  const paths = { png: `${stem}-failure.png`, text: `${stem}-failure.txt` };
  await writeOutputFile(paths.png, renderPng(snapshot, { ...app.renderOptions, cursor: 'show' }), 'failure screen');
  await writeOutputFile(paths.text, `${formatScreenText(snapshot)}\n`, 'failure screen text');
  await recordFailureFile(task, paths.png, 'image/png');
  await recordFailureFile(task, paths.text, 'text/plain');
  return [
    { label: 'failure screen (PNG)', path: paths.png },
    { label: 'failure screen (text)', path: paths.text },
  ];
}

/**
 * Writes `<stem>-recording.gif` (see {@link appAttachmentStem}) under the attachments folder and records it: a failed test's GIF
 * as a failure screenshot (listed under the error), a passing test's as a `tmux-shot:recording`
 * artifact. The GIF shows the end of the session only, within a budget that keeps the teardown
 * short: the last `VITEST_CONSTANTS.recordingTail` ms, replaying at most the newest
 * `recordingTailBytes` of output (see `RecordOptions.tail`); its comment says what it left out.
 * @throws {ConfigError} for invalid render options of the fixture.
 */
async function saveRecording(task: Task, app: TmuxAppHandle, stem: string, failed: boolean): Promise<SiblingFile> {
  const path = `${stem}-recording.gif`;
  const gif = await app.gif({ tail: VITEST_CONSTANTS.recordingTail, tailBytes: VITEST_CONSTANTS.recordingTailBytes });
  await writeOutputFile(path, gif, 'recording');
  if (failed) await recordFailureFile(task, path, 'image/gif');
  else await recordArtifact(task as RunnerTestCase, { type: 'tmux-shot:recording', attachments: [{ path, contentType: 'image/gif' }] } satisfies TestArtifact);
  return { label: 'recording (GIF)', path };
}

/**
 * Empties the attachments folder of a test file (`.vitest-attachments/<test dir>/[<project>/]<file>`:
 * failure screens, GIFs, screenshot diffs, agent screenshots) as the file starts running, so what
 * it holds is this run's. Only the files of test files that run are touched: other shards, files
 * filtered out and Vitest's own copies at the folder's top keep theirs.
 * @param keepFrom when the folder is emptied after the file's hooks or tests may have written
 *   there: files last modified at or after this time (ms since the epoch) are this run's and stay.
 */
export async function clearEvidence(file: TestFileRef, keepFrom?: number): Promise<void> {
  const folder = attachmentFolder(file);
  if (keepFrom === undefined) return rm(folder, { recursive: true, force: true });
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const earlier = await Promise.all(
    entries
      .filter((entry) => !entry.isDirectory())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const modified = await lstat(path).then(
          (stats) => stats.mtimeMs,
          () => keepFrom,
        );
        return modified < keepFrom ? [path] : [];
      }),
  );
  await Promise.all(earlier.flat().map((path) => rm(path, { force: true })));
}
