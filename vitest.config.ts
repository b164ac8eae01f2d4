import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import ChildRunsFirst from './test/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
  },
});
