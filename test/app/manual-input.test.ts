// What a person typed while attached (the bytes their terminal sent the tmux client, as script -I
// logs them) → the calls of a test, with tmux's own traffic left out.
import { describe, expect, it } from 'vitest';
import { decodeManualInput } from '../../src/app/manual-input.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('decodeManualInput', () => {
  it.each<[string, string, string[], string[]]>([
    ['nothing', '', [], []],
    ['text as one type()', 'abc', ["type('abc')"], []],
    ['keys in a row as one press()', '\x1bOB\x1bOB\r', ["press('Down', 'Down', 'Enter')"], []],
    ['text, keys, text', 'ls\r\x03q', ["type('ls')", "press('Enter', 'C-c')", "type('q')"], []],
    ['the detach chord left out', '\x1bOA\x02d', ["press('Up')"], []],
    ['C-b C-b: one C-b for the app', 'x\x02\x02y', ["type('x')", "press('C-b')", "type('y')"], []],
    ['a prefix chord between texts keeps them apart', 'ab\x02[cd', ["type('ab')", "type('cd')"], []],
    ['answers to the client’s queries left out', '\x1b[?62;22c\x1b[>84;0;0c\x1b[Ihi\x1b]11;rgb:0000/0000/0000\x07', ["type('hi')"], []],
    ['a bracketed paste', '\x1b[200~one\rtwo\x1b[201~', ["paste('one\\rtwo')"], []],
    ['quotes escaped as in JavaScript', "it's", ["type('it\\'s')"], []],
    ['a mouse report said, not replayed', 'a\x1b[<0;3;4M\x1b[<0;3;4m', ["type('a')"], ['mouse']],
  ])('%s', (_, input, calls, leftOut) => {
    expect(decodeManualInput(bytes(input))).toEqual({ calls, leftOut });
  });
});
