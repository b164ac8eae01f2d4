/**
 * The one place a screenshot assertion writes files, given the decision. Baselines are written
 * atomically; failure images go to the attachments folder, never under `__screenshots__` unless
 * the update mode allows it.
 */
import type { ScreenshotOutcome } from '../../diff/index.js';
import type { RgbaImage } from '../../geometry.js';
import type { RegressionImage } from '../artifacts.js';
import { writeOutputFile } from '../../output-file.js';
import type { ImagePaths } from '../failure-message.js';
import type { AttachmentPaths } from '../paths.js';

/** Where the files of one assertion go, and the bytes to write. */
export interface OutcomeFiles {
  /** The baseline in `__screenshots__`. */
  baseline: string;
  attachments: AttachmentPaths;
  /** The PNG taken now. */
  actual: Uint8Array;
  /** Encodes the diff image (the renderer's deterministic encoder). */
  encodePng: (image: RgbaImage) => Uint8Array;
}

/** What was written: paths for the message, images for the artifact. */
export interface WrittenFiles {
  paths: ImagePaths;
  images: RegressionImage[];
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
  const actualSize = pngSize(files.actual);
  switch (outcome.kind) {
    case 'pass-byte-equal':
    case 'pass':
      return { paths: {}, images: [] };
    case 'write-new-baseline':
    case 'update-baseline':
      await writeOutputFile(files.baseline, files.actual, 'screenshot baseline');
      return { paths: {}, images: [] };
    case 'write-new-baseline-and-fail':
      await writeOutputFile(files.baseline, files.actual, 'screenshot baseline');
      return { paths: { reference: files.baseline }, images: [{ name: 'reference', path: files.baseline, ...actualSize }] };
    case 'missing-baseline-ci':
      await writeOutputFile(files.attachments.actual, files.actual, 'actual screenshot');
      return { paths: { actual: files.attachments.actual }, images: [{ name: 'actual', path: files.attachments.actual, ...actualSize }] };
    case 'mismatch': {
      const { diff, sizeMismatch } = outcome.comparison;
      await writeOutputFile(files.attachments.actual, files.actual, 'actual screenshot');
      await writeOutputFile(files.attachments.diff, files.encodePng(diff), 'diff image');
      const referenceSize = sizeMismatch?.reference ?? actualSize;
      return {
        paths: { reference: files.baseline, actual: files.attachments.actual, diff: files.attachments.diff },
        images: [
          { name: 'reference', path: files.baseline, ...referenceSize },
          { name: 'actual', path: files.attachments.actual, ...actualSize },
          { name: 'diff', path: files.attachments.diff, widthPx: diff.widthPx, heightPx: diff.heightPx },
        ],
      };
    }
  }
}
