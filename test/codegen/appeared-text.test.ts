import { describe, expect, it } from 'vitest';
import { appearedText } from '../../src/codegen/appeared-text.js';

describe('appearedText', () => {
  it.each<[string, string[], string[], string | RegExp | undefined]>([
    ['the longest new run wins', ['  > Open', '    Save', 'Use arrows'], ['    Open', '  > Save', 'Selected: Save'], 'Selected: Save'],
    ['runs split at box drawing and at two blanks', ['│ > Open      │', '│   Save      │'], ['│   Open      │', '│ > Save      │'], '> Save'],
    ['nothing new: undefined', ['hello', 'world'], ['world', 'hello'], undefined],
    ['a run that was anywhere before does not count', ['Saved file.txt', 'Saved'], ['Saved'], undefined],
    ['a run that was only part of a row before: the whole row', ['Saved file.txt'], ['Saved'], /^Saved$/],
    ['a run shown twice after is not unique', ['x'], ['Done', 'Done'], undefined],
    ['a run without letters is skipped', ['a'], ['a', '----', '42'], undefined],
    ['a clock time is volatile', ['a'], ['12:34:56 ready'], undefined],
    ['a time without seconds is volatile', ['a'], ['at 9:05 pm'], undefined],
    ['a duration is volatile', ['a'], ['took 1.23s'], undefined],
    ['a pid is volatile', ['a'], ['started pid 4242'], undefined],
    ['a /tmp path is volatile', ['a'], ['wrote /tmp/x1'], undefined],
    ['a date is volatile', ['a'], ['on 2026-12-02'], undefined],
    ['a percentage is volatile', ['a'], ['copied 45 %'], undefined],
    ['a spinner is volatile', ['a'], ['⠋ loading'], undefined],
    ['a run without digits beats a longer one with digits', ['a'], ['3 items selected here', 'Done'], 'Done'],
    ['with digits only, the counter is taken', ['Items: 2'], ['Items: 3'], 'Items: 3'],
    ['equal lengths: the topmost', ['a'], ['Open', 'Save'], 'Open'],
    [
      'a long line is cut at a word boundary',
      ['a'],
      ['The quick brown fox jumps over the lazy dog and keeps on running'],
      'The quick brown fox jumps over the lazy',
    ],
    ['a long word is cut mid-word', ['1'], ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'], 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn'],
    ['a cut that is not unique is skipped', ['1'], ['x'.repeat(50)], undefined],
    ['an empty screen before', [], ['$ ls', 'README.md'], 'README.md'],
    [
      "no run qualifies: a row new as a whole row, as /^row$/ (a command's output that its command line shows too)",
      ['bash-5.2# sleep 6; echo build-finished'],
      ['bash-5.2# sleep 6; echo build-finished', 'build-finished', 'bash-5.2#'],
      /^build-finished$/,
    ],
    [
      'a whole row keeps its leading blanks and escapes what a pattern reads',
      ['$ echo "  a.b (c)"'],
      ['$ echo "  a.b (c)"', '  a.b (c)', '$'],
      /^  a\.b \(c\)$/,
    ],
    ['a row shown twice is not unique either', ['$ echo x; echo x'], ['$ echo x; echo x', 'x', 'x'], undefined],
  ])('%s', (_name, before, after, text) => {
    expect(appearedText(before, after)).toEqual(text);
  });
});
