/** The evidence of a screen that would not settle: its last two reads, rendered next to each other. */
import { VITEST } from '../defaults.js';
import type { RegressionImage } from './artifacts.js';
import { describeReadChange } from './cell-lines.js';
import { writeOutputFile } from '../output-file.js';
import type { ScreenshotFailure } from './failure-message.js';
import type { AttachmentPaths } from './paths.js';
import { pngSize } from './screenshot/files.js';
import type { ScreenSnapshot } from '../snapshot.js';
import type { WaitTimeout } from '../wait.js';

/** A rendered read of the screen. */
interface Read {
  png: Uint8Array;
  snapshot: ScreenSnapshot;
}

/**
 * Writes the second-to-last read as `<name>-previous.png` and the last as `<name>-actual.png` in
 * the attachments folder, and describes how they differ.
 * @param timeout - the settle timeout that ran out.
 */
export async function unsettledFiles(
  previous: Read,
  last: Read,
  paths: AttachmentPaths,
  timeout: WaitTimeout,
): Promise<{ failure: ScreenshotFailure; images: RegressionImage[] }> {
  const previousPath = paths.actual.replace(/-actual\.png$/, '-previous.png');
  await writeOutputFile(previousPath, previous.png, 'screenshot');
  await writeOutputFile(paths.actual, last.png, 'screenshot');
  const cellLines = describeReadChange(previous.snapshot, last.snapshot, VITEST.listedCells);
  return {
    failure: { kind: 'unsettled', timeout, cellLines, previous: previousPath, last: paths.actual },
    images: [
      { name: 'reference', path: previousPath, ...pngSize(previous.png) },
      { name: 'actual', path: paths.actual, ...pngSize(last.png) },
    ],
  };
}
