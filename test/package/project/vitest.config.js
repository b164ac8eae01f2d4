// The config of a user's project: tmux-shot's cost reporter is named by its package export.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.js'],
    reporters: ['default', 'tmux-shot/reporter'],
    testTimeout: 30_000,
  },
});
