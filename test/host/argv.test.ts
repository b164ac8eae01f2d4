import { quoteShellWord } from '../../src/host/quote.js';
import { describe, expect, it } from 'vitest';
import {
  attachControlCommand,
  capturePaneCommand,
  chunkBytes,
  createLobbyCommands,
  displayCommand,
  formatReaperScript,
  killServerCommand,
  killSessionCommand,
  newSessionCommand,
  paneColoursCommands,
  pinWindowSizeCommand,
  pipePaneCommand,
  reapChildrenCommand,
  resizeWindowCommand,
  respawnPaneCommand,
  sendBytesCommand,
  sendKeysCommand,
  startServerCommands,
} from '../../src/host/argv.js';
import { escapeFormat, quoteTmuxArgument } from '../../src/host/quote.js';

describe('tmux command builders', () => {
  it('start-server, then print the pid and config file', () => {
    expect(startServerCommands()).toEqual([['start-server'], ['display-message', '-p', '#{pid} #{config_files}']]);
  });

  it('create the lobby session, which watches its owner and reaps, removes the directory and kills the server when the owner or its client leaves', () => {
    const reaper = quoteTmuxArgument(escapeFormat(formatReaperScript()));
    expect(reaper).toContain('pid=\\${environ##/proc/}\\012');
    expect(reaper).toContain('mark=\\"TMUX=\\${TMUX%,*},\\"\\012');
    expect(reaper).toContain('| xargs grep -lsaF \\"\\$mark\\")');
    expect(reaper).toContain('case \\"\\$panes\\" in *\\" \\$4 \\"*)');
    const tmux = "'/opt/tmux 3.3a/tmux' '-S' '/tmp/it'\\''s #S/socket'";
    // The panes' first processes, expanded by run-shell as the hook runs, are the reaper's
    // arguments; the reaper kills the server once it ignores SIGTERM (tmux sends it to its jobs as it exits).
    const endServer = `${tmux} kill-server; rm -rf -- '/tmp/it'\\''s #S'`;
    expect(formatReaperScript(endServer).split('\n').slice(0, 4)).toEqual([': tmux-shot-reaper', "trap '' HUP TERM", 'exec >/dev/null 2>&1', endServer]);
    const cleanUp = `run-shell -b ${quoteTmuxArgument(`set -- #{S:#{W:#{P:#{?pane_dead,d,}#{pane_pid} }}}\n${escapeFormat(formatReaperScript(endServer))}`)}`;
    const paneCleanUp = [
      "trap '' HUP",
      `sh -c ${quoteShellWord(formatReaperScript())} reaper $(${tmux} display-message -p '#{S:#{W:#{P:#{?pane_dead,d,}#{pane_pid} }}}' 2>/dev/null) &`,
      `${tmux} kill-server 2>/dev/null`,
      "rm -rf -- '/tmp/it'\\''s #S'",
    ].join('\n');
    expect(createLobbyCommands(4242, "/tmp/it's #S", { binary: '/opt/tmux 3.3a/tmux', socketPath: "/tmp/it's #S/socket" })).toEqual([
      ['new-session', '-d', '-s', 'tmux-shot-lobby', `while kill -0 4242 2>/dev/null; do sleep 1; done\n${paneCleanUp}`],
      ['set-hook', '-t', 'tmux-shot-lobby', 'pane-died', `if-shell -F -t =tmux-shot-lobby: "#{==:#{hook_pane},#{pane_id}}" ${quoteTmuxArgument(cleanUp)}`],
      ['set-hook', '-t', 'tmux-shot-lobby', 'client-detached', `if-shell -F -t =tmux-shot-lobby: "#{?session_attached,,1}" ${quoteTmuxArgument(cleanUp)}`],
    ]);
  });

  it('new-session of an exact size, then pin the size of its window', () => {
    expect(newSessionCommand({ cols: 100, rows: 30 }, 'cat')).toEqual([
      'new-session',
      '-d',
      '-x',
      '100',
      '-y',
      '30',
      '-P',
      '-F',
      '#{session_id} #{pane_id}',
      'cat',
    ]);
    expect(pinWindowSizeCommand('%7')).toEqual(['set-option', '-w', '-t', '%7', 'window-size', 'manual']);
  });

  it('pane colours: window-style (OSC 10/11 answers) and cursor-colour (OSC 12), lowercase hex', () => {
    const colours = { foreground: { r: 0x2e, g: 0x34, b: 0x36 }, background: { r: 255, g: 255, b: 255 }, cursor: { r: 0xab, g: 0xcd, b: 0x0f } };
    expect(paneColoursCommands('%3', colours)).toEqual([
      ['set-option', '-p', '-t', '%3', 'window-style', 'fg=#2e3436,bg=#ffffff'],
      ['set-option', '-p', '-t', '%3', 'cursor-colour', '#abcd0f'],
    ]);
  });

  it('attach a control client that receives no pane output', () => {
    expect(attachControlCommand('$4')).toEqual(['-C', 'attach-session', '-f', 'no-output', '-t', '$4']);
  });

  it('attach a watching control client: pane output, read-only, no say in the size', () => {
    expect(attachControlCommand('$4', true)).toEqual(['-C', 'attach-session', '-f', 'read-only,ignore-size', '-t', '$4']);
  });

  it('pipe-pane into a FIFO through cat, path quoted for sh, then for strftime and formats', () => {
    expect(pipePaneCommand('%2', "/tmp/it's #S %d/pane-2.fifo")).toEqual(['pipe-pane', '-O', '-t', '%2', "exec cat > '/tmp/it'\\''s ##S %%d/pane-2.fifo'"]);
  });

  it('respawn-pane with an argv (exec line), env and a format-escaped cwd', () => {
    expect(respawnPaneCommand('%1', { command: ['vim', 'a b'], env: { A: '1', B: 'x y' }, cwd: '/tmp/#1' })).toEqual([
      'respawn-pane',
      '-k',
      '-t',
      '%1',
      '-c',
      '/tmp/##1',
      '-e',
      'A=1',
      '-e',
      'B=x y',
      '--',
      "exec 'vim' 'a b'",
    ]);
  });

  it('respawn-pane with a command line for sh -c, no env, no cwd', () => {
    expect(respawnPaneCommand('%1', { command: 'echo $HOME | wc -c' })).toEqual(['respawn-pane', '-k', '-t', '%1', '--', 'echo $HOME | wc -c']);
  });

  it('send-keys with key names after --', () => {
    expect(sendKeysCommand('%1', ['-', 'Enter'])).toEqual(['send-keys', '-t', '%1', '--', '-', 'Enter']);
  });

  it('send-keys -H with one hex pair per byte', () => {
    expect(sendBytesCommand('%1', Uint8Array.of(0x61, 0x0d, 0x00, 0xff))).toEqual(['send-keys', '-t', '%1', '-H', '61', '0d', '00', 'ff']);
  });

  it('chunks bytes by 1024', () => {
    expect(chunkBytes(new Uint8Array(2049)).map((chunk) => chunk.length)).toEqual([1024, 1024, 1]);
    expect(chunkBytes(new Uint8Array(0))).toEqual([]);
  });

  it('resize-window, capture-pane, display-message, kill-session, kill-server', () => {
    expect(resizeWindowCommand('%1', { cols: 20, rows: 5 })).toEqual(['resize-window', '-t', '%1', '-x', '20', '-y', '5']);
    expect(capturePaneCommand('%1')).toEqual(['capture-pane', '-p', '-t', '%1']);
    expect(displayCommand('%1', '#{pane_dead}')).toEqual(['display-message', '-p', '-t', '%1', '#{pane_dead}']);
    expect(killSessionCommand('$1')).toEqual(['kill-session', '-t', '$1']);
    expect(killServerCommand()).toEqual(['kill-server']);
    expect(reapChildrenCommand()).toEqual(['run-shell', '-b', 'true']);
  });
});
