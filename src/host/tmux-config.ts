/**
 * The private tmux.conf every server of ours reads (`tmux -f`, so ~/.tmux.conf and
 * $XDG_CONFIG_HOME/tmux/tmux.conf are never read). Pure. Options follow tmux(1) for 3.3a.
 */
import { HOST, TERMINAL } from '../defaults.js';

/** Options of {@link formatTmuxConfig}. */
export interface TmuxConfigOptions {
  /** Scrollback tmux keeps per pane, in lines. @default HOST.historyLimit (10000) */
  historyLimit?: number;
}

/**
 * The config text. Besides pinning what a user's config could change (indexes, sizes, terminal
 * type, shell, environment copying), it keeps a dead pane and its last screen (`remain-on-exit`
 * with an empty `remain-on-exit-format`, so no "Pane is dead" line scrolls the screen), lets the
 * server outlive its sessions (`exit-empty off`), stops tmux from renaming windows or sending
 * focus events, and follows an app's request for extended keys (`extended-keys on`: 3.3a follows
 * it anyway, later versions only with `on`; `always` would send CSI u to apps that never asked).
 * `window-size manual` is set per window (see `newSessionCommands`).
 */
export function formatTmuxConfig(options: TmuxConfigOptions = {}): string {
  const historyLimit = options.historyLimit ?? HOST.historyLimit;
  return [
    'set -s exit-empty off',
    'set -s escape-time 0',
    'set -s focus-events off',
    'set -s set-clipboard off',
    'set -s extended-keys on',
    "set -sa terminal-features ',*:RGB'",
    'set -g default-terminal tmux-256color',
    'set -g default-shell /bin/sh',
    `set -g default-size ${TERMINAL.cols}x${TERMINAL.rows}`,
    `set -g history-limit ${historyLimit}`,
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
  ].join('\n');
}
