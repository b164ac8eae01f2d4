import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import {
  describeCommand,
  formatCommand,
  escapeFormat,
  formatExecCommand,
  formatTmuxArgv,
  formatTmuxCommandLine,
  quoteShellWord,
  quoteTmuxArgument,
} from '../../src/host/quote.js';

// Round trips through real tmux and sh are in control-client.test.ts and session.test.ts.
describe('quoteTmuxArgument', () => {
  it.each([
    ['send-keys', 'send-keys'],
    ['%3', '%3'],
    ['-t', '-t'],
    ['a=b,c:d/e.f+g@h', 'a=b,c:d/e.f+g@h'],
    ['$1', '"\\$1"'],
    ['', '""'],
    ['a b', '"a b"'],
    ['x;', '"x;"'],
    [';', '";"'],
    ['#{pane_id}', '"#{pane_id}"'],
    ['~/x', '"\\~/x"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["it's", '"it\'s"'],
    ['back\\slash', '"back\\\\slash"'],
    ['line\nbreak\ttab\x7f', '"line\\012break\\011tab\\177"'],
    ['é', '"é"'],
  ])('%j → %s', (arg, quoted) => {
    expect(quoteTmuxArgument(arg)).toBe(quoted);
  });
});

describe('formatTmuxCommandLine', () => {
  it('joins quoted arguments with spaces and commands with " ; "', () => {
    expect(
      formatTmuxCommandLine([
        ['send-keys', '-t', '%1', '--', ';'],
        ['display-message', '-p', '#{pid}'],
      ]),
    ).toBe('send-keys -t %1 -- ";" ; display-message -p "#{pid}"');
  });
});

describe('formatTmuxArgv', () => {
  it('keeps arguments as they are, separating commands with a lone ";"', () => {
    expect(
      formatTmuxArgv([
        ['new-session', '-d', 'cat'],
        ['set-option', '-w', 'window-size', 'manual'],
      ]),
    ).toEqual(['new-session', '-d', 'cat', ';', 'set-option', '-w', 'window-size', 'manual']);
  });

  it('escapes a trailing ";" so tmux does not read it as a separator', () => {
    expect(
      formatTmuxArgv([
        ['kill-session', '-t', 'x;'],
        ['a', ';', 'b\\;'],
      ]),
    ).toEqual(['kill-session', '-t', 'x\\;', ';', 'a', '\\;', 'b\\\\;']);
  });
});

describe('quoteShellWord and formatExecCommand', () => {
  it.each([
    ['plain', "'plain'"],
    ['', "''"],
    ["it's", "'it'\\''s'"],
    ['$HOME; rm -rf /', "'$HOME; rm -rf /'"],
  ])('%j → %s', (word, quoted) => {
    expect(quoteShellWord(word)).toBe(quoted);
  });

  it('execs the argv so the app is the pane process', () => {
    expect(formatExecCommand(['printf', '%s\n', 'a b'])).toBe("exec 'printf' '%s\n' 'a b'");
  });

  it('refuses an empty argv and NUL bytes', () => {
    expect(() => formatExecCommand([])).toThrow(new ConfigError('The command is empty: give the program and its arguments.'));
    expect(() => formatExecCommand(['a\0b'])).toThrow(ConfigError);
  });
});

describe('escapeFormat', () => {
  it.each([
    ['/tmp/#{host}/a##b', {}, '/tmp/##{host}/a####b'],
    ['#S #(id) %d', {}, '##S ##(id) %d'],
    ['#S #(id) %d %%', { strftime: true }, '##S ##(id) %%d %%%%'],
  ])('%j with %j → %j', (text, options, escaped) => {
    expect(escapeFormat(text, options)).toBe(escaped);
  });
});

describe('describeCommand: a command as a message shows it', () => {
  it.each<[string, readonly string[] | string, string]>([
    ['an argv of plain words, joined', ['node', '/tmp/x-1/status.mjs', '--port=80', 'a,b:c@d%e+f'], 'node /tmp/x-1/status.mjs --port=80 a,b:c@d%e+f'],
    ['a word with spaces and ;, double-quoted as sh reads it', ['bash', '-c', 'echo oops; exit 3'], 'bash -c "echo oops; exit 3"'],
    ['$, `, \\ and " escaped inside the quotes', ['sh', '-c', 'echo "$HOME" `id` \\'], 'sh -c "echo \\"\\$HOME\\" \\`id\\` \\\\"'],
    ['a single quote needs no escape', ['echo', "it's"], 'echo "it\'s"'],
    ['an empty word', ['printf', ''], 'printf ""'],
    ['letters of any script stay bare', ['echo', 'héllo', '日本'], 'echo héllo 日本'],
    ['glob and tilde characters are quoted', ['ls', '*.txt', '~/x'], 'ls "*.txt" "~/x"'],
    ['a program with = in its name is quoted (bare, sh would read an assignment)', ['./A=1', 'B=2'], '"./A=1" B=2'],
    ['a command line, as given', 'echo bye; exit 2', 'echo bye; exit 2'],
  ])('%s', (_, command, shown) => {
    expect(describeCommand(command)).toBe(shown);
  });
});

describe('formatCommand: a command inside a message', () => {
  it.each<[string, readonly string[] | string, string]>([
    ['in single quotes', ['bash', '-c', 'echo oops; exit 3'], `'bash -c "echo oops; exit 3"'`],
    ['200 characters in full', ['x'.repeat(200)], `'${'x'.repeat(200)}'`],
    ['longer ones cut after 200 characters', ['echo', 'y'.repeat(300)], `'echo ${'y'.repeat(195)}…'`],
  ])('%s', (_, command, shown) => {
    expect(formatCommand(command)).toBe(shown);
  });
});
