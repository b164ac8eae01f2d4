/**
 * The teardown of a failed test whose app floods its terminal (projects/flood): the failure GIF
 * replays only the newest output of the session (VITEST_CONSTANTS.recordingTailBytes) and says so
 * in its comment.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { gifComments } from '../record/decode-gif.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

let project: FixtureProject;
beforeAll(async () => void (project = await createProject('flood')));
afterAll(() => project.dispose());

test('a flood: the failure GIF replays the newest 4 MiB of output only, and says so', { timeout: 180_000 }, async () => {
  const run = await project.run();
  const test = run.tests.get('flood.test.js > fails while the app floods its terminal');
  expect(test, run.output).toMatchObject({ state: 'failed', errors: ['fails on purpose'] });
  const gif = await readFile(join(project.dir, '.vitest-attachments/flood.test.js/fails-while-the-app-floods-its-terminal-recording.gif'));
  const [comment] = gifComments(gif);
  const dropped = Number(
    /^Recorded with tmux-shot\. Truncated: the oldest (\d+) bytes of output were dropped to stay within the memory budget, /.exec(comment!)?.[1],
  );
  const { output } = JSON.parse(await readFile(join(project.dir, 'output.json'), 'utf8')) as { output: number };
  // The app wrote more than the budget (usedBytes, which the project waits for, counts events too).
  expect(output).toBeGreaterThan(4 * 2 ** 20);
  expect(dropped).toBeGreaterThan(0);
  expect(output - dropped).toBeLessThanOrEqual(4 * 2 ** 20); // VITEST_CONSTANTS.recordingTailBytes
  // Measured here with other test runs at once: the test took 130 s before (the GIF replayed up to
  // 32 MiB while the app kept flooding, and waited for the screen model's backlog), 21 s after; alone, 49 s and 4.5–6.7 s.
  console.log(`the flooding test took ${Math.round(test!.duration!)} ms, teardown included`);
});
