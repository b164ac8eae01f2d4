import { describe, expect, it } from 'vitest';
import { formatTmuxConfig } from '../../src/host/tmux-config.js';

// What these settings do to a real server is tested in server.test.ts.
describe('formatTmuxConfig', () => {
  it('pins everything a user config could change, and keeps dead panes without a message', () => {
    expect(formatTmuxConfig({ historyLimit: 500 }).split('\n')).toEqual([
      'set -s exit-empty off',
      'set -s escape-time 0',
      'set -s focus-events off',
      'set -s set-clipboard off',
      'set -s extended-keys on',
      "set -sa terminal-features ',*:RGB'",
      'set -g default-terminal tmux-256color',
      'set -g default-shell /bin/sh',
      'set -g default-size 80x24',
      'set -g history-limit 500',
      "set -g update-environment ''",
      'set -g exit-unattached off',
      'set -g destroy-unattached off',
      'set -g status off',
      'set -g base-index 0',
      'set -gw pane-base-index 0',
      'set -gw remain-on-exit on',
      "set -gw remain-on-exit-format ''",
      'set -gw automatic-rename off',
      'set -gw allow-rename off',
      '',
    ]);
  });

  it('takes the history limit from HOST by default', () => {
    expect(formatTmuxConfig()).toContain('set -g history-limit 10000\n');
  });
});
