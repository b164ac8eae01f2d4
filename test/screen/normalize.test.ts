import { describe, expect, test } from 'vitest';
import { DEFAULT_TEXT_MASKS, normalizeText } from '../../src/screen/index.js';

describe('normalizeText with the built-in masks', () => {
  test.each([
    ['trailing spaces on every line', 'a  \n b \n  \nc', 'a\n b\n\nc'],
    ['clock times', 'at 12:34:56 and 9:05:00.123, not 12:34', 'at * and *, not 12:34'],
    ['durations', 'took 1.23s, 45ms, 120µs, 7ns, 3m 2h', 'took *, *, *, *, * *'],
    ['not words that merely start with digits', '3min 5seconds 2x', '3min 5seconds 2x'],
    ['spinner glyphs only', '⠋ loading ⣾ ⠀⣿ chart', '* loading * ⠀⣿ chart'],
    ['pids, keeping the word', 'pid 1234, PID: 99, pid=7, rapid 5', 'pid *, PID: *, pid=*, rapid 5'],
    ['/tmp paths up to a blank or quote', "wrote /tmp/tmux-shot-Ab3/x.png 'in /tmp/q' ok", "wrote * 'in *' ok"],
    ['nothing volatile', 'Hello, world', 'Hello, world'],
  ])('%s', (_, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('normalizeText with given masks', () => {
  test('an empty list only trims', () => {
    expect(normalizeText('12:34:56  \n⠋ ', [])).toBe('12:34:56\n⠋');
  });

  test('a mask without the g flag still masks every occurrence', () => {
    expect(normalizeText('id=1 id=2', [/id=\d/])).toBe('* *');
  });

  test('added masks run after the built-in ones, in order', () => {
    expect(normalizeText('user alice at 10:00:00', [...DEFAULT_TEXT_MASKS, /alice|bob/g])).toBe('user * at *');
  });

  test('a trailing masked span stays as the token', () => {
    expect(normalizeText('done in 2s   ')).toBe('done in *');
  });
});
