/**
 * The one place a screenshot assertion writes files: what a decided outcome calls for, or the last
 * two reads of a screen that would not settle. A baseline is
 * written (atomically) only where the update mode allows it; failure images go to the attachments
 * folder, never under `__screenshots__`.
 */
import type { ScreenshotOutcome } from '../../diff/index.js';
import type { RgbaImage } from '../../geometry.js';
import type { RegressionImage } from '../evidence/artifacts.js';
import { writeOutputFile } from '../../output-file.js';
import type { ImagePaths } from '../matchers/failure-message.js';
import type { AttachmentPaths } from './names.js';

/** Where the files of one assertion go, and the bytes to write. */
export interface OutcomeFiles {
  /** The baseline in `__screenshots__`. */
  baseline: string;
  attachments: AttachmentPaths;
  /** The PNG taken now; read only by the outcomes that write it (it may be a getter that encodes on first read). */
  readonly actual: Uint8Array;
  /** Encodes the diff image (the renderer's deterministic encoder). */
  encodePng: (image: RgbaImage) => Uint8Array;
}

/** What was written: paths for the message, images for the artifact. */
export interface WrittenFiles {
  paths: ImagePaths;
  images: RegressionImage[];
  /** The diff image's PNG bytes, for a mismatch (the failure report shows them). */
  diffPng?: Uint8Array;
}

/** Width and height of a PNG, read from its IHDR chunk (bytes 16–23, big-endian). */
export function pngSize(png: Uint8Array): { widthPx: number; heightPx: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { widthPx: view.getUint32(16), heightPx: view.getUint32(20) };
}

/**
 * Performs the writes `outcome` calls for: the baseline for the update kinds and for a missing
 * one outside CI; the actual image (and the diff, for a mismatch) under the attachments folder.
 * Passing outcomes write nothing.
 */
export async function writeOutcomeFiles(outcome: ScreenshotOutcome, files: OutcomeFiles): Promise<WrittenFiles> {
  const actualSize = () => pngSize(files.actual); // read only by the outcomes that write it
  switch (outcome.kind) {
    case 'pass-byte-equal':
    case 'pass-pixel-equal':
    case 'pass':
      return { paths: {}, images: [] };
    case 'write-new-baseline':
    case 'update-baseline':
      await writeOutputFile(files.baseline, files.actual, 'screenshot baseline');
      return { paths: {}, images: [] };
    case 'write-new-baseline-and-fail':
      await writeOutputFile(files.baseline, files.actual, 'screenshot baseline');
      return { paths: { reference: files.baseline }, images: [{ name: 'reference', path: files.baseline, ...actualSize() }] };
    case 'missing-baseline-ci':
      await writeOutputFile(files.attachments.actual, files.actual, 'actual screenshot');
      return { paths: { actual: files.attachments.actual }, images: [{ name: 'actual', path: files.attachments.actual, ...actualSize() }] };
    case 'mismatch': {
      const { diff, sizeMismatch } = outcome.comparison;
      await writeOutputFile(files.attachments.actual, files.actual, 'actual screenshot');
      const diffPng = files.encodePng(diff);
      await writeOutputFile(files.attachments.diff, diffPng, 'diff image');
      const referenceSize = sizeMismatch?.reference ?? actualSize();
      return {
        paths: { reference: files.baseline, actual: files.attachments.actual, diff: files.attachments.diff },
        diffPng,
        images: [
          { name: 'reference', path: files.baseline, ...referenceSize },
          { name: 'actual', path: files.attachments.actual, ...actualSize() },
          { name: 'diff', path: files.attachments.diff, widthPx: diff.widthPx, heightPx: diff.heightPx },
        ],
      };
    }
  }
}

/**
 * Writes the second-to-last read of a screen that would not settle as `<name>-previous.png` and
 * the last as `<name>-actual.png` in the attachments folder.
 * @returns Their paths, for the message, and the images, for the artifact.
 */
export async function writeUnsettledFiles(
  previous: Uint8Array,
  last: Uint8Array,
  paths: AttachmentPaths,
): Promise<{ previous: string; last: string; images: RegressionImage[] }> {
  const previousPath = paths.actual.replace(/-actual\.png$/, '-previous.png');
  await writeOutputFile(previousPath, previous, 'screenshot');
  await writeOutputFile(paths.actual, last, 'screenshot');
  return {
    previous: previousPath,
    last: paths.actual,
    images: [
      { name: 'reference', path: previousPath, ...pngSize(previous) },
      { name: 'actual', path: paths.actual, ...pngSize(last) },
    ],
  };
}
