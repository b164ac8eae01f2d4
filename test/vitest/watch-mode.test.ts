/**
 * toMatchScreenshot in Vitest's watch mode, where the update mode changes within one session:
 * `u` reruns the failed files with the mode set to 'all', and the runs after it are back to 'new'.
 * Watch mode's shortcuts need a TTY, so Vitest itself runs inside tmux, driven by our own TmuxApp,
 * on a copy of projects/watch. TmuxApp passes only its pinned environment (so no CI markers reach
 * Vitest) and `env -u` drops the TMUX variables tmux sets in its panes, as run-vitest.ts does.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readPngText } from '../../src/render/index.js';
import { snapshotText } from '../../src/screen/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { decodeScreen, SCREEN_TEXT_KEY } from '../../src/screen/index.js';
import { createProject } from './run-vitest.js';
import type { FixtureProject } from './run-vitest.js';

const REPO = resolve(import.meta.dirname, '../..');
/** Longest wait for one Vitest run (start-up included) on a loaded 2-core machine, in ms. */
const RUN_TIMEOUT = 120_000;

/** Baselines, relative to `__screenshots__`; the first two are in one file. */
const LABEL = 'label.test.js/label-label-1.png';
const FIXED = 'label.test.js/fixed-fixed-1.png';
const OTHER = 'other.test.js/other-1.png';
/** Where the failing run puts the actual image of LABEL, relative to the project. */
const LABEL_ACTUAL = '.vitest-attachments/label.test.js/label-label-1-actual.png';

/** The lines Vitest's default reporter prints when a watch-mode run ends. */
const FAILED = 'FAIL  Tests failed. Watching for file changes...';
const PASSED = 'PASS  Waiting for file changes...';

let project: FixtureProject;
let vitest: TmuxApp | undefined;
beforeAll(async () => void (project = await createProject('watch')));
afterAll(async () => {
  await vitest?.close();
  await project.dispose();
});

interface FileState {
  bytes: Buffer;
  mtimeMs: number;
}

async function baseline(name: string): Promise<FileState> {
  const path = join(project.dir, '__screenshots__', name);
  return { bytes: await readFile(path), mtimeMs: (await stat(path)).mtimeMs };
}

/** The screen text a screenshot PNG carries. */
function screenIn(png: Uint8Array): string | undefined {
  const screen = decodeScreen(readPngText(png)[SCREEN_TEXT_KEY]);
  return screen && snapshotText(screen);
}

const setLabel = (text: string) => writeFile(join(project.dir, 'label.txt'), `Label: ${text}\n`);

test('watch mode: u rewrites only the failing baseline, and the next run compares again', { timeout: 6 * RUN_TIMEOUT }, async () => {
  await setLabel('before');
  const seeded = await project.run(['-u']);
  expect(seeded.exitCode, seeded.output).toBe(0);
  const fixed = await baseline(FIXED);
  const other = await baseline(OTHER);
  const labelBefore = await baseline(LABEL);
  expect(screenIn(labelBefore.bytes)).toBe('Label: before\n\n\n');

  await setLabel('after');
  vitest = await TmuxApp.start({
    command: ['env', '-u', 'TMUX', '-u', 'TMUX_PANE', process.execPath, join(REPO, 'node_modules/vitest/vitest.mjs'), '--root', project.dir],
    cwd: project.dir,
    env: { NO_COLOR: '1' },
    cols: 100,
    rows: 60,
    ready: 'none',
  });

  // The first run, in update mode 'new': the changed label fails and nothing is rewritten.
  await vitest.waitForText(FAILED, { timeout: RUN_TIMEOUT });
  expect(vitest.text()).toContain('Tests  1 failed | 2 passed (3)');
  expect(vitest.text()).toContain(`row 0 col 7: 'b' -> 'a'`);
  expect(await baseline(LABEL)).toEqual(labelBefore);
  const actual = await readFile(join(project.dir, LABEL_ACTUAL));
  expect(screenIn(actual)).toBe('Label: after\n\n\n');

  // `u`: Vitest reruns the failed file (label.test.js) in mode 'all'. Only the failing baseline
  // is rewritten, with exactly the image the failing run took; 'fixed' (same file) and 'other'
  // (not rerun) keep their bytes and mtimes.
  await vitest.press('u');
  await vitest.waitForText(PASSED, { timeout: RUN_TIMEOUT });
  expect(vitest.text()).toContain('RERUN  update snapshot x1');
  expect(vitest.text()).toContain('Tests  2 passed (2)');
  const labelAfter = await baseline(LABEL);
  expect(labelAfter.bytes.equals(actual)).toBe(true);
  expect(labelAfter.mtimeMs).toBeGreaterThan(labelBefore.mtimeMs);
  expect(await baseline(FIXED)).toEqual(fixed);
  expect(await baseline(OTHER)).toEqual(other);

  // `a` reruns everything, back in mode 'new' (Vitest resets the mode right after the `u` run
  // prints its result, before it reads the next key): a new change fails again and no baseline
  // is rewritten. A matcher that kept the mode of an earlier call would pass here.
  await setLabel('third');
  await vitest.press('a');
  await vitest.waitForText(FAILED, { timeout: RUN_TIMEOUT });
  expect(vitest.text()).toContain('Tests  1 failed | 2 passed (3)');
  expect(vitest.text()).toContain(`row 0 col 7: 'a' -> 't'`);
  expect(await baseline(LABEL)).toEqual(labelAfter);
  expect(await baseline(FIXED)).toEqual(fixed);
  expect(await baseline(OTHER)).toEqual(other);

  // `q` quits; the last run failed, so Vitest exits with 1.
  await vitest.press('q');
  expect(await vitest.waitForExit({ timeout: RUN_TIMEOUT })).toEqual({ exitCode: 1, signal: null });
});
