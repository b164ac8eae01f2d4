import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test file gets its own tmux server; real apps need real time.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The agent's cost line (tmux-shot/reporter) after Vitest's own report.
    reporters: ['default', './src/vitest/reporter.ts'],
  },
});
