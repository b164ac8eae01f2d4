// A person's client on a session: the argv of a read-only or read-write attach, the line to
// paste into a shell, and the same under util-linux script when keys are logged. (Attaching a real
// terminal: test/cli/attach.test.ts.)
import { describe, expect, it } from 'vitest';
import { attachArgv, formatAttachCommand, loggedAttachArgv } from '../../src/host/attach-client.js';

const target = { socketPath: '/tmp/tmux-shot-a/socket', session: '$3' };

describe('attachArgv', () => {
  it.each<[string, Parameters<typeof attachArgv>[1], string[]]>([
    ['read-only by default', {}, ['tmux', '-S', '/tmp/tmux-shot-a/socket', 'attach', '-r', '-t', '$3']],
    ['read-write when asked', { readWrite: true }, ['tmux', '-S', '/tmp/tmux-shot-a/socket', 'attach', '-t', '$3']],
    ['another tmux binary', { binary: '/opt/tmux' }, ['/opt/tmux', '-S', '/tmp/tmux-shot-a/socket', 'attach', '-r', '-t', '$3']],
  ])('%s', (_, options, argv) => {
    expect(attachArgv(target, options)).toEqual(argv);
  });
});

describe('formatAttachCommand', () => {
  it.each<[string, { socketPath: string; session: string }, boolean, string]>([
    ['quotes the session for sh ($3 would expand)', target, false, "tmux -S /tmp/tmux-shot-a/socket attach -r -t '$3'"],
    ['read-write', target, true, "tmux -S /tmp/tmux-shot-a/socket attach -t '$3'"],
    ['a socket path with a space and a quote', { socketPath: "/tmp/my dir/it's", session: '$1' }, false, `tmux -S '/tmp/my dir/it'\\''s' attach -r -t '$1'`],
  ])('%s', (_, given, readWrite, line) => {
    expect(formatAttachCommand(given, { readWrite })).toBe(line);
  });
});

describe('loggedAttachArgv', () => {
  it('runs the client under script, logging the terminal’s input, flushed, with the client’s status', () => {
    expect(loggedAttachArgv(target, '/tmp/live/input-1.log', { readWrite: true })).toEqual([
      'script',
      '-q',
      '-f',
      '-e',
      '-I',
      '/tmp/live/input-1.log',
      '-O',
      '/dev/null',
      '-c',
      "exec 'tmux' '-S' '/tmp/tmux-shot-a/socket' 'attach' '-t' '$3'",
    ]);
  });
});
