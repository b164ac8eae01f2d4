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
 *   file, and so registers the hooks for that file alone. Its set-up runs before the file's first
 *   test that runs, its teardown right after the file's `afterAll` hooks (Vitest's runner).
 */
import type { RunnerTestFile } from 'vitest';
import { expect } from 'vitest';
import { VITEST_CONSTANTS } from '../defaults.js';
import { clearEvidence } from './evidence/evidence.js';
import { readUpdateMode, reportUnusedBaselines, sweepUpdateMode } from './screenshot/baselines.js';

const started = new WeakMap<RunnerTestFile, Promise<void>>();
const ended = new WeakMap<RunnerTestFile, Promise<void>>();

/** Empties `file`'s attachments folder, once per file: later calls get the first call's promise. */
export function startTestFile(file: RunnerTestFile): Promise<void> {
  return once(started, file, () => clearEvidence(file));
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
