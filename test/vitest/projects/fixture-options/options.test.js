// Misspelt or invalid fixture options fail the test with a ConfigError naming the option, before
// anything starts.
import { describe, expect, test } from 'tmux-shot/vitest';

describe('tmuxOptions with a misspelt key', () => {
  test.override({ tmuxOptions: { command: ['node', 'where.mjs'], colz: 100 } });

  test('fails before the app starts', async ({ tmuxApp }) => {
    expect(tmuxApp.started).toBe(false);
  });
});

describe('tmuxOptions with a misspelt render option', () => {
  test.override({ tmuxOptions: { command: ['node', 'where.mjs'], render: { fontSize: 20 } } });

  test('fails before the app starts', async ({ tmuxApp }) => {
    expect(tmuxApp.started).toBe(false);
  });
});

describe('an invalid tmuxRecording', () => {
  test.override({ tmuxOptions: { command: ['node', 'where.mjs'] }, tmuxRecording: 'sometimes' });

  test('fails before the app starts', async ({ tmuxApp }) => {
    expect(tmuxApp.started).toBe(false);
  });
});
