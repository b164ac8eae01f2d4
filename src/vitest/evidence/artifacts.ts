/**
 * Test artifacts: images of a failed screenshot assertion and the failure screen, recorded with
 * Vitest's `recordArtifact` in the shapes its reporters and UI already show — the visual-regression
 * artifact of Vitest's own `toMatchScreenshot`, and the failure screenshot whose path the default
 * reporter prints under the error.
 */
import type { RunnerTestCase, TestArtifact } from 'vitest';
import { recordArtifact } from 'vitest';

/** One image of a visual regression. */
export interface RegressionImage {
  name: 'reference' | 'actual' | 'diff';
  /** Absolute path of the PNG. */
  path: string;
  widthPx: number;
  heightPx: number;
}

/** Which run of a test this is, e.g. `'0:0'` (retry count, repeat count). */
export function attemptOf(task: Readonly<RunnerTestCase>): string {
  return `${task.result?.retryCount ?? 0}:${task.result?.repeatCount ?? 0}`;
}

/** Runs of tests whose failure a screenshot assertion already documented with images. */
const documented = new WeakMap<Readonly<RunnerTestCase>, string>();

/** True when a screenshot assertion recorded images for the current run of `task`. */
export function failureDocumented(task: Readonly<RunnerTestCase>): boolean {
  return documented.get(task) === attemptOf(task);
}

/**
 * Records the images of a failed screenshot assertion as Vitest's visual-regression artifact
 * (Vitest copies each file into its `attachmentsDir`). Marks the run as documented, so the
 * fixture's teardown does not add a failure screen too.
 */
export async function recordRegression(task: Readonly<RunnerTestCase>, message: string, images: readonly RegressionImage[]): Promise<void> {
  documented.set(task, attemptOf(task));
  const artifact: TestArtifact = {
    type: 'internal:toMatchScreenshot',
    kind: 'visual-regression',
    message,
    attachments: images.map(({ name, path, widthPx, heightPx }) => ({ name, path, width: widthPx, height: heightPx, contentType: 'image/png' })),
  };
  await recordArtifact(task as RunnerTestCase, artifact);
}

/**
 * Records a file of a failed test as Vitest's failure screenshot: Vitest 4.1's reporters list the
 * path of each under the test's error ("Failure screenshots:"), and its UI shows the first. So the
 * screen's PNG goes first, then its text and the GIF, each with its content type. (Annotations,
 * which reporters also print, are not an option: Vitest refuses them once the test has failed.)
 */
export async function recordFailureFile(
  task: Readonly<RunnerTestCase>,
  path: string,
  contentType: 'image/png' | 'image/gif' | 'text/plain' | 'text/html',
): Promise<void> {
  const artifact: TestArtifact = { type: 'internal:failureScreenshot', attachments: [{ path, originalPath: path, contentType }] };
  await recordArtifact(task as RunnerTestCase, artifact);
}
