/**
 * What tmux-shot does once for each test file: before its tests, empty its folder in the
 * attachments folder (`clearEvidence`: only this run's files stay, as Playwright empties its output
 * folder); after them, report its unused baselines, or with `-u` remove them
 * (`reportUnusedBaselines`).
 *
 * Two paths lead here, and each step runs once per file whichever comes first:
 * - the `beforeAll`/`afterAll` hooks `tmux-shot/vitest` registers when it is imported (test-api.ts):
 *   every file, whichever `test` its tests use, but only while Vitest imports modules again for each
 *   file (its default `isolate: true`);
 * - the automatic file fixture `tmuxFileHooks` (fixtures.ts): every file whose tests use tmux-shot's
 *   `test`, also without isolation, where a worker imports `tmux-shot/vitest` once, for its first
 *   file, and so registers the hooks for that file alone. Its set-up runs at the file's first test
 *   that runs, after the file's `beforeAll` hooks and maybe after tests of Vitest's own `test`:
 *   what those wrote since the file started stays. Its teardown runs right after the file's
 *   `afterAll` hooks (Vitest's runner). Set up by a `test.beforeAll` or `test.aroundAll` hook, where
 *   no test runs, it does not know the file and does nothing (a gap of `isolate: false`).
 */
import type { RunnerTestFile } from 'vitest';
import { expect } from 'vitest';
import { VITEST_CONSTANTS } from '../defaults.js';
import { clearEvidence } from './evidence/evidence.js';
import { readUpdateMode, reportUnusedBaselines, sweepUpdateMode } from './screenshot/baselines.js';

const started = new WeakMap<RunnerTestFile, Promise<void>>();
const ended = new WeakMap<RunnerTestFile, Promise<void>>();

/**
 * How much earlier than the file's start a file counts as this run's when the folder is emptied
 * late, in ms. Linux stamps files with a clock that lags the one `Date.now()` reads by up to a tick
 * (1–10 ms); a second covers that many times over, and only a run of the same file less than a
 * second before this one could leave files it keeps.
 */
const CLOCK_LAG_MS = 1000;

/**
 * Empties `file`'s attachments folder, once per file: later calls get the first call's promise.
 * @param late true when the file's hooks or tests may have written there already: then only the
 *   files from before the file started running go.
 */
export function startTestFile(file: RunnerTestFile, late = false): Promise<void> {
  // Vitest stamps the start of every file it runs; without one, nothing counts as an earlier run's.
  const keepFrom = late ? (file.result?.startTime ?? Number.NEGATIVE_INFINITY) - CLOCK_LAG_MS : undefined;
  return once(started, file, () => clearEvidence(file, keepFrom));
}

/** Reports (with `-u` removes) `file`'s unused baselines, once per file, once its tests have run. */
export function endTestFile(file: RunnerTestFile): Promise<void> {
  return once(ended, file, async () => {
    const updateMode = sweepUpdateMode(readUpdateMode(expect.getState()), process.env[VITEST_CONSTANTS.acceptEnv]);
    await reportUnusedBaselines(file, updateMode);
  });
}

function once(done: WeakMap<RunnerTestFile, Promise<void>>, file: RunnerTestFile, step: () => Promise<void>): Promise<void> {
  let promise = done.get(file);
  if (promise === undefined) {
    promise = step();
    done.set(file, promise);
  }
  return promise;
}
