import { describe, expect, it } from 'vitest';
import { AppExitedError } from '../../src/errors.js';
import type { PaneCommand } from '../../src/host/argv.js';
import { MAX_ARG_STRLEN, argMaxOf, checkExecSize, parseStackLimit, tmuxPaneEnv } from '../../src/host/exec-size.js';
import type { ExecContext } from '../../src/host/exec-size.js';

/** A 2 MiB ARG_MAX (an 8 MiB stack) and a small environment besides the command's own. */
const context: ExecContext = { argMax: 2_097_152, env: { PATH: '/usr/bin:/bin', HOME: '/root' } };

/** The error message checkExecSize throws, or undefined. */
function refusal(pane: PaneCommand, at: ExecContext = context, platform: NodeJS.Platform = 'linux'): string | undefined {
  try {
    checkExecSize(pane, at, platform);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppExitedError);
    expect(error).toMatchObject({ exitCode: null, signal: null, screenText: '' });
    return (error as Error).message;
  }
}

describe('argMaxOf: ARG_MAX from the stack limit (fs/exec.c bprm_stack_limits)', () => {
  it.each([
    ['the usual 8 MiB stack: a quarter of it', 8_388_608, 2_097_152],
    ['a 64 KiB stack: still 128 KiB', 65_536, 131_072],
    ['a 64 MiB stack: at most 6 MiB', 67_108_864, 6_291_456],
    ['an unlimited stack: 6 MiB', undefined, 6_291_456],
  ])('%s', (_, stack, argMax) => {
    expect(argMaxOf(stack)).toBe(argMax);
  });
});

describe('parseStackLimit', () => {
  const limits = (soft: string) =>
    `Limit                     Soft Limit           Hard Limit           Units     \nMax cpu time              unlimited            unlimited            seconds   \nMax stack size            ${soft}              unlimited            bytes     \n`;
  it.each([
    ['a limit', limits('8388608'), 8_388_608],
    ['unlimited', limits('unlimited'), undefined],
    ['no stack line', 'Limit Soft Limit\n', undefined],
  ])('%s', (_, text, bytes) => {
    expect(parseStackLimit(text)).toBe(bytes);
  });
});

describe('checkExecSize', () => {
  const line = (bytes: number) => 'x'.repeat(bytes); // a string command is the sh line itself
  it.each<[string, PaneCommand, NodeJS.Platform]>([
    ['a command line of 131071 bytes', { command: line(MAX_ARG_STRLEN - 1) }, 'linux'],
    ['an environment string of 131071 bytes', { command: 'true', env: { V: 'v'.repeat(MAX_ARG_STRLEN - 3) } }, 'linux'],
    [
      '15 environment strings of 120000 bytes (1.8 MB)',
      { command: 'true', env: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`V${i}`, 'v'.repeat(120_000)])) },
      'linux',
    ],
    ['any size elsewhere than on Linux', { command: line(MAX_ARG_STRLEN), env: { V: 'v'.repeat(MAX_ARG_STRLEN) } }, 'darwin'],
  ])('accepts %s', (_, pane, platform) => {
    expect(refusal(pane, context, platform)).toBeUndefined();
  });

  it.each<[string, PaneCommand, string]>([
    ['a command line of 131072 bytes', { command: line(MAX_ARG_STRLEN) }, `'${line(200)}…' could not be run: its sh command line is 131072 bytes`],
    [
      'an argv whose exec line is',
      { command: ['echo', 'é'.repeat(65_530)] },
      `'echo ${'é'.repeat(195)}…' could not be run: its sh command line is 131074 bytes`,
    ],
    [
      'an environment string of 131072 bytes',
      { command: 'true', env: { OK: '1', V: 'v'.repeat(MAX_ARG_STRLEN - 2) } },
      "'true' could not be run: the environment string V=… is 131072 bytes",
    ],
  ])('refuses %s, counting UTF-8 bytes', (_, pane, start) => {
    expect(refusal(pane)).toBe(
      `${start}, over the 131071 bytes Linux allows one argument or environment string of a program (MAX_ARG_STRLEN). Pass large data in a file or on stdin instead.`,
    );
  });

  /** The message for `total` bytes over `argMax`. */
  const overArgMax = (shown: string, total: number, argMax = 2_097_152) =>
    `${shown} could not be run: its arguments and environment take ${total} bytes with their pointers, over the ${argMax} bytes Linux allows a program ` +
    '(ARG_MAX: a quarter of the stack size limit, `ulimit -s`, at least 128 KiB and at most 6 MiB). Pass large data in a file or on stdin instead.';

  it('refuses an environment over ARG_MAX in total, each string under the limit for one (25 × 120000 bytes)', () => {
    const env = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`V${String(i).padStart(2, '0')}`, 'v'.repeat(120_000)]));
    // 25 × (V00= + 120000 + NUL + pointer) + the context's 2 strings + sh -c true's 4 strings
    const total = 25 * 120_013 + (27 + 19) + (16 + 11 + 11 + 13);
    expect(refusal({ command: 'true', env })).toBe(overArgMax("'true'", total));
  });

  it('refuses an argv over ARG_MAX as the app receives it (a pointer per argument), though sh’s one line fits (a 128 KiB ARG_MAX)', () => {
    const command = ['echo', ...Array.from({ length: 30_000 }, () => 'a')]; // sh line: 120005 bytes
    const total = 27 + 19 + 13 * 2 + 30_000 * 10; // the context, then the program (for its path) and argv[0], and 30000 × (a + NUL + pointer)
    expect(refusal({ command }, { ...context, argMax: 131_072 })).toBe(overArgMax(`'echo ${'a '.repeat(97)}a…'`, total, 131_072));
  });

  it('counts the context: tmux’s own variables and the server environment', () => {
    const pane = { command: 'true', env: { V: 'v'.repeat(100_000) } };
    expect(refusal(pane, { argMax: 131_072, env: {} })).toBeUndefined();
    expect(refusal(pane, { argMax: 131_072, env: { BIG: 'b'.repeat(40_000) } })).toMatch(
      /^'true' could not be run: its arguments and environment take 140\d\d\d bytes/,
    );
  });
});

describe('tmuxPaneEnv', () => {
  it('lists what tmux 3.3a adds to a pane’s environment', () => {
    expect(tmuxPaneEnv({ socketPath: '/tmp/x/socket', serverPid: 42, paneId: '%3', cwd: '/work' })).toEqual({
      TMUX: '/tmp/x/socket,42,9999999999',
      TMUX_PANE: '%3',
      PWD: '/work',
      SHELL: '/bin/sh',
      TERM: 'tmux-256color',
      TERM_PROGRAM: 'tmux',
      TERM_PROGRAM_VERSION: '3.3a',
    });
  });
});
