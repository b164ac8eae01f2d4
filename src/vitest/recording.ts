/**
 * The GIF of a test's whole app session, from app start to the end of the test, built from the
 * app's always-on timeline. Saved on failure by default (`tmuxRecording: 'on-failure'`), or for
 * every test (`'always'`), or never (`'off'`); set it in the Vitest config with
 * `provide: { tmuxRecording: 'always' }` or per file with `test.override({ tmuxRecording: … })`.
 */
import { relative } from 'node:path';
import type { RunnerTestCase, TestArtifact, TestArtifactBase, TestAttachment } from 'vitest';
import { recordArtifact } from 'vitest';
import type { TmuxAppHandle } from './app-handle.js';
import { writeOutputFile } from '../output-file.js';
import { projectRoot, testAttachmentStem } from './paths.js';

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

/** True when `mode` asks for a GIF of a test that `failed` (or not). */
export function wantsRecording(mode: RecordingMode, failed: boolean): boolean {
  return mode === 'always' || (mode === 'on-failure' && failed);
}

/**
 * Writes `<test>-recording.gif` under the attachments folder and records it: a failed test's GIF
 * as Vitest's failure screenshot (the default reporter prints its path under the error) and its
 * path on stderr; a passing test's as a `tmux-shot:recording` artifact.
 * @returns The GIF's path.
 * @throws {ConfigError} for invalid render options of the fixture.
 */
export async function saveRecording(task: Readonly<RunnerTestCase>, app: TmuxAppHandle, failed: boolean): Promise<string> {
  const root = projectRoot(task.file);
  const stem = testAttachmentStem(task, task.result?.retryCount ?? 0);
  const path = `${stem}-recording.gif`;
  await writeOutputFile(path, await app.gif(), 'recording');
  const artifact: TestArtifact = failed
    ? { type: 'internal:failureScreenshot', attachments: [{ path, originalPath: path, contentType: 'image/gif' }] }
    : { type: 'tmux-shot:recording', attachments: [{ path, contentType: 'image/gif' }] };
  await recordArtifact(task as RunnerTestCase, artifact);
  if (failed) console.warn(`tmux-shot: a GIF of '${task.fullTestName}' is in ${relative(root, path)}`);
  return path;
}
