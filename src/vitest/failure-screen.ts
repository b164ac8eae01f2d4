/**
 * The screen of a failed test, saved by the `tmuxApp` fixture's teardown (which Vitest runs before
 * `onTestFailed`): a PNG drawn with the cursor, the text with styles, both recorded as artifacts
 * and their paths printed.
 */
import { relative } from 'node:path';
import type { RunnerTestCase } from 'vitest';
import type { RenderOptions } from '../render/index.js';
import { renderPng } from '../render/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { recordFailureScreen } from './artifacts.js';
import { writeOutputFile } from '../output-file.js';
import { projectRoot, testAttachmentStem } from './paths.js';
import { formatScreenText } from './screen-text.js';

/**
 * Writes `<test>-failure.png` and `<test>-failure.txt` under the attachments folder, records them
 * on `task` and prints their paths (stderr, shown under the test by Vitest).
 * @returns The two paths.
 */
export async function saveFailureScreen(
  task: Readonly<RunnerTestCase>,
  snapshot: ScreenSnapshot,
  render: Partial<RenderOptions>,
): Promise<{ png: string; text: string }> {
  const root = projectRoot(task.file);
  const stem = testAttachmentStem(task, task.result?.retryCount ?? 0);
  const paths = { png: `${stem}-failure.png`, text: `${stem}-failure.txt` };
  await writeOutputFile(paths.png, renderPng(snapshot, { ...render, cursor: 'show' }), 'failure screen');
  await writeOutputFile(paths.text, `${formatScreenText(snapshot)}\n`, 'failure screen text');
  await recordFailureScreen(task, paths.png, paths.text);
  console.warn(`tmux-shot: the last screen of '${task.fullTestName}' is in ${relative(root, paths.png)} and ${relative(root, paths.text)}`);
  return paths;
}
