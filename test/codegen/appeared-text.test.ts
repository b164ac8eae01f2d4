import { describe, expect, it } from 'vitest';
import { appearedText, type PlacedText, promptAfter } from '../../src/codegen/appeared-text.js';

/** A row of mc's two panels (80 columns), too long to be asserted as a whole row. */
const panels = (left: string, right: string) => `│${left.padEnd(38)}││${right.padEnd(38)}│`;

describe('appearedText', () => {
  it.each<[string, string[], string[], string | RegExp | PlacedText | undefined]>([
    ['the longest new run wins', ['  > Open', '    Save', 'Use arrows'], ['    Open', '  > Save', 'Selected: Save'], 'Selected: Save'],
    ['runs split at box drawing and at two blanks', ['│ > Open      │', '│   Save      │'], ['│   Open      │', '│ > Save      │'], '> Save'],
    ['nothing changed: undefined', ['hello', 'world'], ['hello', 'world'], undefined],
    ['nothing new, but rows moved: the text that replaced other text at its place', ['hello', 'world'], ['world', 'hello'], { row: 0, col: 0, text: 'world' }],
    ['a run that was anywhere before does not count', ['Saved file.txt', 'Saved'], ['Saved'], undefined],
    ['a run that was only part of a row before: the whole row', ['Saved file.txt'], ['Saved'], /^Saved$/],
    ['a run shown twice after is not unique: at its place', ['x'], ['Done', 'Done'], { row: 0, col: 0, text: 'Done' }],
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
    ['a cut that is not unique: at its place', ['1'], ['x'.repeat(50)], { row: 0, col: 0, text: 'x'.repeat(40) }],
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
    ['a row shown twice is not unique either: at its place', ['$ echo x; echo x'], ['$ echo x; echo x', 'x', 'x'], { row: 1, col: 0, text: 'x' }],
    [
      "mc's mini-status names the file a click chose, which the panel lists too: that text at its place",
      [panels(' alpha.txt', ' alpha.txt'), panels(' beta.txt', ' beta.txt'), panels('UP--DIR', 'UP--DIR')],
      [panels(' alpha.txt', ' alpha.txt'), panels(' beta.txt', ' beta.txt'), panels(' beta.txt', 'UP--DIR')],
      { row: 2, col: 2, text: 'beta.txt' },
    ],
    ['at its place: the same text there before does not count', ['a', 'Done'], ['Done', 'Done'], { row: 0, col: 0, text: 'Done' }],
    [
      'at its place: not on a row with wide characters before it (columns unknown)',
      [`名前  old   ${'y'.repeat(40)}`, 'Done'],
      [`名前  Done  ${'y'.repeat(40)}`, 'Done'],
      undefined,
    ],
    ['at its place: volatile text does not count', ['took 1.2s'], ['took 3.4s'], undefined],
  ])('%s', (_name, before, after, text) => {
    expect(appearedText(before, after)).toEqual(text);
  });

  // Issue 28.9: a command line and its Enter in one read: the screen before shows neither its echo nor its output.
  it.each<[string, string[], string[], string[], string | RegExp | PlacedText | undefined]>([
    ["the echo of an entered line is not what appeared: the command's output row", ['$'], ['$ echo one', 'one', '$'], ['echo one'], /^one$/],
    ['a run that ends with the line is its echo, one that does not is output', ['sh$'], ['sh$ ls  ', 'notes.txt  ls-output'], ['ls'], 'notes.txt'],
    ['only the echo appeared: nothing to wait for', ['$'], ['$ true', '$'], ['true'], undefined],
    ['blank echoes change nothing', ['$'], ['$ echo one', 'one'], ['  '], '$ echo one'],
  ])('%s', (_name, before, after, echoes, text) => {
    expect(appearedText(before, after, echoes)).toEqual(text);
  });
});

// A shell reads between commands in line mode: keys typed after the output but before the prompt
// were echoed by the terminal ahead of it (CI: the replay showed `ebash-5.2# exit`).
describe('promptAfter', () => {
  const shell = ['bash-5.2# sleep 6; echo build-finished'];
  it.each<[string, string[], string[], string | RegExp | PlacedText | undefined, PlacedText | undefined]>([
    ['the prompt back under the output', shell, [...shell, 'build-finished', 'bash-5.2# '], /^build-finished$/, { row: 2, col: 0, text: 'bash-5.2#' }],
    ['a prompt without letters, indented', ['$'], ['$ true', '  >>> '], undefined, { row: 1, col: 2, text: '>>>' }],
    ['blank rows below do not count', ['$'], ['$ echo one', 'one', '$', '', '   '], /^one$/, { row: 2, col: 0, text: '$' }],
    ['the asserted text is on that row (a string)', ['> Open'], ['  Open', 'Selected: Open'], 'Selected: Open', undefined],
    ['the asserted text is on that row (a whole-row pattern)', ['$ echo done'], ['$ echo done', 'done   '], /^done$/, undefined],
    ['the asserted text is on that row (at its place)', ['│ a', '│UP--DIR'], ['│ a', '│ a'], { row: 1, col: 2, text: 'a' }, undefined],
    ['the last row reads as before (trailing blanks aside)', ['$ ls', 'x'], ['$ ls', 'x  '], undefined, undefined],
    ['a volatile prompt (a clock)', ['[08:50] $'], ['[08:50] $ true', '[08:51] $'], undefined, undefined],
    ['a prompt of wide characters', ['$'], ['$ true', '名前 $'], undefined, undefined],
    ['a blank screen', ['$'], ['', ' '], undefined, undefined],
  ])('%s', (_name, before, after, appeared, prompt) => {
    expect(promptAfter(before, after, appeared)).toEqual(prompt);
  });

  it.each<[string, string[], string[], string[], PlacedText | undefined]>([
    ['the echo of the line entered with its Enter (the shell exited)', ['$'], ['$ exit'], ['exit'], undefined],
    ['blank echoes change nothing', ['$'], ['$ true', '$'], ['  '], { row: 1, col: 0, text: '$' }],
    ['the prompt under the echo', ['$'], ['$ exit', '$'], ['exit'], { row: 1, col: 0, text: '$' }],
  ])('with echoes: %s', (_name, before, after, echoes, prompt) => {
    expect(promptAfter(before, after, undefined, echoes)).toEqual(prompt);
  });
});
