import { defineConfig } from 'vitest/config';

// `npm run bench`: figures, not pass/fail. One file at a time so stages do not compete for the 2 cores.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/bench/**/*.perf.ts'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    reporters: ['default'],
  },
});
