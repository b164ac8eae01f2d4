import { describe, expect, it } from 'vitest';
import { isNoEchoPrompt, parseCanonical, parseTtyMode, sttyCommand } from '../../src/host/tty-mode.js';

// `stty -F /dev/pts/N -a` as GNU coreutils 9.1 prints it, for bash at its prompt (readline's
// non-canonical mode) and for `cat` (a fresh pty's canonical mode); the lines in between cut.
const BASH_PROMPT = `speed 38400 baud; rows 24; columns 80; line = 0;
intr = ^C; quit = ^\\; erase = ^?; kill = ^U; eof = ^D; eol = <undef>;
min = 1; time = 0;
-parenb -parodd -cmspar cs8 -hupcl -cstopb cread -clocal -crtscts
isig -icanon iexten -echo echoe echok -echonl -noflsh -xcase -tostop -echoprt
echoctl echoke -flusho -extproc
`;
const CAT = `speed 38400 baud; rows 24; columns 80; line = 0;
isig icanon iexten echo echoe echok -echonl -noflsh -xcase -tostop -echoprt
echoctl echoke -flusho -extproc
`;

describe('sttyCommand', () => {
  it('asks stty for every setting of the given terminal', () => {
    expect(sttyCommand('/dev/pts/7')).toEqual(['-F', '/dev/pts/7', '-a']);
  });
});

describe('parseCanonical', () => {
  it.each([
    ['bash at its prompt (-icanon)', BASH_PROMPT, false],
    ['cat on a fresh pty (icanon)', CAT, true],
    ['flags split by semicolons', 'isig;-icanon;iexten', false],
    ['no icanon flag at all', 'speed 38400 baud;\n', undefined],
    ['empty output', '', undefined],
    ['a flag that merely contains the word', 'xicanon -icanonical', undefined],
  ])('%s -> %s', (_name, output, canonical) => {
    expect(parseCanonical(output)).toBe(canonical);
  });
});

// `stty -a` of bash's `read -s` (a no-echo prompt: sudo, ssh, passwd and getpass set the same), the lines in between cut.
const READ_S = `speed 38400 baud; rows 8; columns 40; line = 0;
isig icanon iexten -echo echoe echok -echonl -noflsh -xcase -tostop -echoprt
`;

describe('parseTtyMode and isNoEchoPrompt', () => {
  it.each([
    ['read -s: line mode, ECHO off: a no-echo prompt', READ_S, { canonical: true, echo: false }, true],
    ['bash at its prompt: ECHO off, but keys one by one (readline echoes itself)', BASH_PROMPT, { canonical: false, echo: false }, false],
    ['cat: line mode with ECHO', CAT, { canonical: true, echo: true }, false],
    ['neither flag named', 'speed 38400 baud;\n', { canonical: undefined, echo: undefined }, false],
    ['echoe/echok are not echo', 'icanon echoe echok', { canonical: true, echo: undefined }, false],
  ])('%s', (_name, output, mode, noEcho) => {
    expect(parseTtyMode(output)).toEqual(mode);
    expect(isNoEchoPrompt(parseTtyMode(output))).toBe(noEcho);
  });
});
