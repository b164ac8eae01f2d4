/**
 * Side effects of importing `tmux-shot/vitest`: the matchers are registered on Vitest's `expect`,
 * and each test file that imports it reports (or, with `-u`, removes) the baselines none of its
 * tests used. The report needs Vitest's default `isolate: true` (modules run again for each file).
 */
import { afterAll, expect } from 'vitest';
import { reportUnusedBaselines } from './screenshot/baselines.js';
import { matchers } from './matchers.js';
import { readUpdateMode } from './update-mode.js';

expect.extend(matchers);

// Vitest parses a hook's first parameter like a fixture's: it must be a destructuring pattern.
afterAll(async ({}, file) => {
  if (file.type === 'suite' && 'filepath' in file) await reportUnusedBaselines(file, readUpdateMode(expect.getState()));
});
