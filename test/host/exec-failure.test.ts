import { describe, expect, it } from 'vitest';
import { parseExecFailure } from '../../src/host/exec-failure.js';

describe('parseExecFailure: did /bin/sh fail to run the command, or did the app exit with 126/127 itself?', () => {
  it.each([
    // dash (Debian's /bin/sh), for an argv command (`exec 'prog' …`) and a command line
    ['dash, argv, not found', 'sh: 1: exec: nope: not found\r\n', 127, 'nope', 'command not found'],
    ['dash, argv, a script whose #! interpreter is missing', 'sh: 1: exec: /x/script: not found\r\n', 127, '/x/script', 'command not found'],
    ['dash, argv, no execute permission', 'sh: 1: exec: /x/notes.txt: Permission denied\r\n', 126, '/x/notes.txt', 'not executable'],
    ['dash, argv, a binary for another machine', 'sh: 1: exec: /x/arm-app: Exec format error\r\n', 126, '/x/arm-app', 'not executable'],
    ['dash, command line, not found', 'sh: 1: nope: not found\r\n', 127, undefined, 'command not found'],
    ['dash, command line, not found after some output', 'building…\r\nsh: 3: make-it: not found\r\n', 127, undefined, 'command not found'],
    // bash as sh (macOS) and busybox
    ['bash as sh, argv', 'sh: line 1: exec: nope: not found\r\n', 127, 'nope', 'command not found'],
    ['bash as sh, command line', 'sh: line 1: nope: command not found\r\n', 127, undefined, 'command not found'],
    ['bash as sh, a directory', 'sh: line 1: /tmp: Is a directory\r\n', 126, undefined, 'not executable'],
    // bash 5.2 run as sh prints two lines for an argv command it cannot execute; the last counts
    [
      'bash as sh, argv, no execute permission',
      'sh: line 1: /x/notes.txt: Permission denied\r\nsh: line 1: exec: /x/notes.txt: cannot execute: Permission denied\r\n',
      126,
      '/x/notes.txt',
      'not executable',
    ],
    ['bash as sh, argv, a directory', 'sh: line 1: exec: /tmp: cannot execute: Is a directory\r\n', 126, '/tmp', 'not executable'],
    ['busybox sh', 'sh: nope: not found\r\n', 127, undefined, 'command not found'],
    // the app ran, and exited with 126 or 127 itself
    ['an app that exits 127 by itself', 'usage: app [options]\r\n', 127, undefined, undefined],
    ['env that cannot find its command', 'env: ‘nope’: No such file or directory\r\n', 127, 'env', undefined],
    ['timeout that cannot run its command', "timeout: failed to run command 'nope': No such file or directory\r\n", 127, 'timeout', undefined],
    ['xargs', 'xargs: nope: No such file or directory\r\n', 127, 'xargs', undefined],
    ['an inner sh that failed, run by the argv command sh -c', 'sh: 1: exec: nope: not found\r\n', 127, 'sh', undefined],
    ["sh's message, then more output from the app", 'sh: 1: nope: not found\r\nbut I went on\r\n', 127, undefined, undefined],
    ['a message that does not match the status', 'sh: 1: exec: nope: not found\r\n', 126, 'nope', undefined],
    ['any other status', 'sh: 1: exec: nope: not found\r\n', 1, 'nope', undefined],
    ['a signal', 'sh: 1: exec: nope: not found\r\n', null, 'nope', undefined],
    ['no output', '', 127, 'nope', undefined],
  ] as const)('%s', (_, output, exitCode, program, why) => {
    expect(parseExecFailure(output, exitCode, program)).toBe(why);
  });
});
