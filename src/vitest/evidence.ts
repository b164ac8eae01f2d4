/**
 * What a test leaves behind once it ends, saved by the `tmuxApp` fixture's teardown (which Vitest
 * runs before `onTestFailed`) under the attachments folder: the last screen of a failed test (a
 * PNG drawn with the cursor and the text with styles), and the GIF of the whole app session, built
 * from the app's always-on timeline — on failure by default (`tmuxRecording: 'on-failure'`), for
 * every test (`'always'`), or never (`'off'`); set it in the Vitest config with
 * `provide: { tmuxRecording: 'always' }` or per file with `test.override({ tmuxRecording: … })`.
 */
import { relative } from 'node:path';
import type { RunnerTestCase, TestArtifact, TestArtifactBase, TestAttachment } from 'vitest';
import { recordArtifact } from 'vitest';
import { renderPng } from '../render/index.js';
import { writeOutputFile } from '../output-file.js';
import type { TmuxAppHandle } from './app-handle.js';
import { failureDocumented, recordFailureScreen } from './artifacts.js';
import { projectRoot, testAttachmentStem } from './paths.js';
import { formatScreenText } from './screen-text.js';

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
 * After a test: the failure screen (when the test failed and no screenshot assertion documented
 * it) and the GIF the recording mode asks for. Problems here are printed, never thrown: they must
 * not hide the test's own error or fail a test that a retry made pass.
 */
export async function saveEvidence(task: Task, app: TmuxAppHandle, recording: RecordingMode): Promise<void> {
  if (!app.started) return;
  const failed = task.result?.state === 'fail';
  try {
    if (failed && app.options.failureScreen !== false && !failureDocumented(task)) await saveFailureScreen(task, app);
    if (recording === 'always' || (recording === 'on-failure' && failed)) await saveRecording(task, app, failed);
  } catch (error) {
    console.warn(`tmux-shot: could not save the evidence of '${task.fullTestName}': ${(error as Error).message}`);
  }
}

/**
 * Writes `<test>-failure.png` and `<test>-failure.txt` under the attachments folder, records them
 * on `task` and prints their paths (stderr, shown under the test by Vitest).
 */
async function saveFailureScreen(task: Task, app: TmuxAppHandle): Promise<void> {
  const snapshot = app.screen();
  const stem = testAttachmentStem(task);
  const paths = { png: `${stem}-failure.png`, text: `${stem}-failure.txt` };
  await writeOutputFile(paths.png, renderPng(snapshot, { ...app.renderOptions, cursor: 'show' }), 'failure screen');
  await writeOutputFile(paths.text, `${formatScreenText(snapshot)}\n`, 'failure screen text');
  await recordFailureScreen(task, paths.png, paths.text);
  const root = projectRoot(task.file);
  console.warn(`tmux-shot: the last screen of '${task.fullTestName}' is in ${relative(root, paths.png)} and ${relative(root, paths.text)}`);
}

/**
 * Writes `<test>-recording.gif` under the attachments folder and records it: a failed test's GIF
 * as Vitest's failure screenshot (the default reporter prints its path under the error) and its
 * path on stderr; a passing test's as a `tmux-shot:recording` artifact.
 * @throws {ConfigError} for invalid render options of the fixture.
 */
async function saveRecording(task: Task, app: TmuxAppHandle, failed: boolean): Promise<void> {
  const path = `${testAttachmentStem(task)}-recording.gif`;
  await writeOutputFile(path, await app.gif(), 'recording');
  const artifact: TestArtifact = failed
    ? { type: 'internal:failureScreenshot', attachments: [{ path, originalPath: path, contentType: 'image/gif' }] }
    : { type: 'tmux-shot:recording', attachments: [{ path, contentType: 'image/gif' }] };
  await recordArtifact(task as RunnerTestCase, artifact);
  if (failed) console.warn(`tmux-shot: a GIF of '${task.fullTestName}' is in ${relative(projectRoot(task.file), path)}`);
}
