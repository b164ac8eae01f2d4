import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { needsOwnModules } from './test/module-isolation.js';
import ChildRunsFirst from './test/sequencer.js';

const root = import.meta.dirname;
const files = readdirSync(`${root}/test`, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)));
/** The files that need modules of their own: test/module-isolation.ts says which and why. */
const isolated = files.filter((path) => needsOwnModules(root, path));

export default defineConfig({
  test: {
    // Each test file gets its own tmux server; real apps need real time.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of a file's time is spent waiting on tmux, apps and child Vitest runs, not on a CPU, so
    // files run 4 at a time even on 2 cores, where Vitest's default (cores - 1) runs 1 at a time;
    // on more cores, Vitest's default. Measured: the README's Speed section.
    maxWorkers: Math.max(4, availableParallelism() - 1),
    // The files that run child Vitest runs (the longest) start first: test/sequencer.ts says why.
    sequence: { sequencer: ChildRunsFirst },
    // The agent's cost line (tmux-shot/reporter) after Vitest's own report.
    reporters: ['default', './src/vitest/reporter.ts'],
    projects: [
      // Named, so their baselines and cassettes are in a folder of the project's name (test/examples/__screenshots__/isolated/).
      { extends: true, test: { name: 'isolated', include: isolated } },
      // The other files share their worker's modules with the files run before them in it.
      { extends: true, test: { name: 'shared', isolate: false, include: ['test/**/*.test.ts'], exclude: isolated } },
    ],
  },
});
