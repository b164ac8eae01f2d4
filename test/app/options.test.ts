import { describe, expect, it } from 'vitest';
import { checkKeys, checkListener, checkOptions, checkPattern, checkText, resolveAppOptions } from '../../src/app/options.js';
import { checkSize } from '../../src/geometry.js';
import { ConfigError, describeValue } from '../../src/errors.js';
import { TmuxServer } from '../../src/host/index.js';
import { DARK_THEME, LIGHT_THEME } from '../../src/render/theme.js';

describe('describeValue', () => {
  it.each([
    [42, '42'],
    [Number.NaN, 'NaN'],
    [-1, '-1'],
    ['80', "the string '80'"],
    ['', "the string ''"],
    [null, 'null'],
    [undefined, 'undefined'],
    [true, 'true'],
    [10n, '10n'],
    [Symbol('s'), 'a symbol'],
    [() => 1, 'a function'],
    [/ab+/g, '/ab+/g'],
    [[], 'an empty array'],
    [['Down', 'Enter'], 'an array of 2'],
    [{}, 'an empty object'],
    [{ A: 1, B: 2 }, 'an object { A, B }'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5 }, 'an object { a, b, c, d, … }'],
    [new Map(), 'a Map'],
    [new Error('x'), 'an Error'],
  ])('%o is %s', (value, described) => {
    expect(describeValue(value)).toBe(described);
  });
});

describe('resolveAppOptions', () => {
  it('applies the defaults once', () => {
    expect(resolveAppOptions({ command: ['vim'] }, '/work')).toEqual({
      command: ['vim'],
      size: { cols: 80, rows: 24 },
      scrollback: 1000,
      env: {},
      cwd: '/work',
      server: undefined,
      ready: 'output',
      timeout: undefined,
      deadline: expect.any(Function),
      theme: { given: 'dark', resolved: DARK_THEME },
    });
    expect(resolveAppOptions({ command: ['vim'] }).deadline()).toBeUndefined();
  });

  it('keeps what is given', async () => {
    await using server = await TmuxServer.create();
    const deadline = { at: 1000, reason: "the test's 5000 ms timeout" };
    const options = {
      command: 'ls -l',
      cols: 100,
      rows: 30,
      scrollback: 0,
      env: { A: 'b' },
      cwd: '/tmp',
      server,
      ready: { text: /\$ $/ },
      timeout: 0,
      deadline,
      theme: 'light' as const,
    };
    const { cols: _cols, rows: _rows, deadline: _deadline, theme: _theme, ...rest } = options;
    const resolved = resolveAppOptions(options);
    expect(resolved).toEqual({ ...rest, size: { cols: 100, rows: 30 }, deadline: expect.any(Function), theme: { given: 'light', resolved: LIGHT_THEME } });
    expect(resolved.deadline()).toEqual(deadline);
    const phase = () => undefined; // a function is asked as each wait begins
    expect(resolveAppOptions({ command: ['x'], deadline: phase }).deadline).toBe(phase);
    expect(resolveAppOptions({ command: ['x'], ready: 'none' }).ready).toBe('none');
  });

  const example = 'e.g. { command: ["vim", "notes.txt"] }';
  it.each([
    [undefined, `TmuxApp.start() takes an options object with a command, ${example}; got undefined.`],
    [['vim'], `TmuxApp.start() takes an options object with a command, ${example}; got an array of 1.`],
    [{ command: 42 }, `command must be an argv array of strings or a command line (a string), ${example}; got 42.`],
    [{}, `command must be an argv array of strings or a command line (a string), ${example}; got undefined.`],
    [{ command: [] }, `The command is empty: give the program and its arguments, ${example}.`],
    [{ command: ' ' }, `The command is empty: give the program and its arguments, ${example}.`],
    [{ command: ['ls', 3] }, 'command[1] must be a string; got 3.'],
    [{ command: ['ls'], cols: '80' }, "cols must be a whole number of cells from 2 to 1000; got the string '80'."],
    [{ command: ['ls'], rows: true }, 'rows must be a whole number of cells from 2 to 1000; got true.'],
    [{ command: ['ls'], cols: 1 }, 'Invalid terminal size 1x24: cols must be whole numbers from 2 to 1000 and rows from 2 to 1000.'],
    [{ command: ['ls'], scrollback: -1 }, 'scrollback must be a whole number of lines from 0 to 100000 (the lines kept above the screen); got -1.'],
    [{ command: ['ls'], scrollback: 1.5 }, 'scrollback must be a whole number of lines from 0 to 100000 (the lines kept above the screen); got 1.5.'],
    [{ command: ['ls'], scrollback: 100_001 }, 'scrollback must be a whole number of lines from 0 to 100000 (the lines kept above the screen); got 100001.'],
    [
      { command: ['ls'], scrollback: '500' },
      "scrollback must be a whole number of lines from 0 to 100000 (the lines kept above the screen); got the string '500'.",
    ],
    [{ command: ['ls'], env: { A: 1 } }, 'env.A must be a string; got 1.'],
    [{ command: ['ls'], env: ['A=1'] }, 'env must be an object of strings, e.g. { env: { NAME: "value" } }; got an array of 1.'],
    [
      { command: ['ls'], env: { 'A=B': 'x' } },
      "Invalid environment variable name 'A=B': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
    ],
    [
      { command: ['ls'], env: { 'A B': 'x' } },
      "Invalid environment variable name 'A B': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
    ],
    [
      { command: ['ls'], env: { 'A-B': 'x' } },
      "Invalid environment variable name 'A-B': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
    ],
    [
      { command: ['ls'], env: { '1A': 'x' } },
      "Invalid environment variable name '1A': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
    ],
    [
      { command: ['ls'], env: { É: 'x' } },
      "Invalid environment variable name 'É': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
    ],
    [
      { command: ['ls'], env: { '': 'x' } },
      "Invalid environment variable name '': use ASCII letters, digits and '_', not starting with a digit (POSIX names); /bin/sh, which starts every app, drops any other.",
    ],
    [{ command: ['ls'], env: { A: 'x\0y' } }, 'Invalid value of environment variable A: it holds a NUL byte, which no environment string can.'],
    [{ command: ['ls'], cwd: 7 }, 'cwd must be a directory path; got 7.'],
    [{ command: ['ls'], server: 'tmux' }, "server must be a TmuxServer (from TmuxServer.create()); got the string 'tmux'."],
    [{ command: ['ls'], ready: 'bogus' }, "ready must be 'output', 'none' or { text: string | RegExp }; got the string 'bogus'."],
    [{ command: ['ls'], ready: { text: 3 } }, "ready must be 'output', 'none' or { text: string | RegExp }; got { text: 3 }."],
    [{ command: ['ls'], timeout: '5s' }, "timeout must be a number of ms, 0 or more; got the string '5s'."],
    [{ command: ['ls'], timeout: -1 }, 'timeout must be a number of ms, 0 or more; got -1.'],
    [{ command: ['ls'], theme: 'solarized' }, "Unknown theme 'solarized': use 'dark', 'light' or a Theme object."],
    [{ command: ['ls'], theme: 7 }, "theme must be 'dark', 'light' or a Theme object (background, foreground, cursor, 16 palette colours); got 7."],
    [
      { command: ['ls'], theme: { background: { r: 0, g: 0, b: 0 } } },
      "theme must be 'dark', 'light' or a Theme object (background, foreground, cursor, 16 palette colours); got an object { background }.",
    ],
    [{ command: ['ls'], deadline: 5000 }, 'deadline must be { at: ms on the performance.now() clock, reason: string }, or a function returning one; got 5000.'],
  ])('refuses %o: %s', (options, message) => {
    expect(() => resolveAppOptions(options)).toThrow(new ConfigError(message));
  });
});

describe('argument checks', () => {
  it('pass what is right through', () => {
    expect(checkKeys(['Down', 'C-c'])).toEqual(['Down', 'C-c']);
    expect(checkText('ls\n')).toBe('ls\n');
    expect(checkPattern(/x/, 'waitForText')).toEqual(/x/);
    expect(checkSize(10, 3)).toEqual({ cols: 10, rows: 3 });
    expect(checkOptions(undefined, 'waitForText', '{ timeout }')).toEqual({});
    expect(checkOptions({ timeout: 5 }, 'waitForText', '{ timeout }')).toEqual({ timeout: 5 });
  });

  it.each([
    [() => checkKeys([42]), "press() takes key names as strings, one per argument: press('Down', 'Enter'); argument 1 is 42."],
    [
      () => checkKeys(['Down', ['Enter']]),
      "press() takes key names as strings, one per argument: press('Down', 'Enter'); argument 2 is an array of 1. Spread an array of keys: press(...keys).",
    ],
    [() => checkText(null), 'type() takes the text as a string; got null.'],
    [() => checkText(['ls']), 'type() takes the text as a string; got an array of 1.'],
    [() => checkPattern(5, 'waitForText'), 'waitForText() takes the text to find as a string or a RegExp; got 5.'],
    [() => checkSize('80', 24), "cols must be a whole number of cells from 2 to 1000; got the string '80'."],
    [() => checkOptions(100 as never, 'waitForStable', '{ quietMs, timeout }'), 'waitForStable() takes an options object { quietMs, timeout }; got 100.'],
    [() => checkListener('x' as never, 'onOutput'), "onOutput() takes a function; got the string 'x'."],
  ])('refuse the wrong type: %s', (check, message) => {
    expect(check).toThrow(new ConfigError(message));
  });
});
