// The bytes an app received → keys, text and mouse reports, as tmux 3.3a sends them (each row
// measured through script's input log in a tmux pane, or from tmux's input-keys.c).
import { describe, expect, it } from 'vitest';
import { decodeInput, type InputEvent } from '../../src/term/input-events.js';

const key = (name: string): InputEvent => ({ kind: 'key', key: name });
const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('decodeInput', () => {
  it.each<[string, string, InputEvent[]]>([
    ['printable text as one run', 'hello world', [{ kind: 'text', text: 'hello world' }]],
    ['UTF-8 text', Buffer.from('héllo ✓').toString('latin1'), [{ kind: 'text', text: 'héllo ✓' }]],
    ['Enter, Tab, BSpace', '\r\t\x7f', [key('Enter'), key('Tab'), key('BSpace')]],
    ['a lone ESC at the end is Escape', 'ab\x1b', [{ kind: 'text', text: 'ab' }, key('Escape')]],
    ['C0 controls as C-x', '\x01\x03\x1a\x00\x1c\x1f', [key('C-a'), key('C-c'), key('C-z'), key('C-Space'), key('C-\\'), key('C-_')]],
    ['cursor keys, normal mode', '\x1b[A\x1b[B\x1b[C\x1b[D', [key('Up'), key('Down'), key('Right'), key('Left')]],
    ['cursor keys, application mode (DECCKM)', '\x1bOA\x1bOB\x1bOC\x1bOD', [key('Up'), key('Down'), key('Right'), key('Left')]],
    ['Home and End as tmux-256color sends them', '\x1b[1~\x1b[4~', [key('Home'), key('End')]],
    ['Home and End in xterm form', '\x1b[H\x1bOF', [key('Home'), key('End')]],
    ['Insert, Delete, PageUp, PageDown', '\x1b[2~\x1b[3~\x1b[5~\x1b[6~', [key('IC'), key('DC'), key('PPage'), key('NPage')]],
    ['F1–F4 as SS3', '\x1bOP\x1bOQ\x1bOR\x1bOS', [key('F1'), key('F2'), key('F3'), key('F4')]],
    ['F5–F12', '\x1b[15~\x1b[17~\x1b[18~\x1b[19~\x1b[20~\x1b[21~\x1b[23~\x1b[24~', ['F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12'].map(key)],
    ['BTab', '\x1b[Z', [key('BTab')]],
    [
      'modified cursor and function keys',
      '\x1b[1;2A\x1b[1;5C\x1b[1;3P\x1b[5;5~\x1b[15;8~',
      [key('S-Up'), key('C-Right'), key('M-F1'), key('C-PPage'), key('C-M-S-F5')],
    ],
    ['Meta: an ESC prefix', '\x1bx\x1b\x01\x1b\r\x1b\x7f', [key('M-x'), key('C-M-a'), key('M-Enter'), key('M-BSpace')]],
    ['extended keys (CSI u)', '\x1b[13;5u\x1b[9;2u\x1b[97;6u', [key('C-Enter'), key('S-Tab'), key('C-S-a')]],
    ['bracketed paste, as a paste (attack: replayed as typing, bash ran each line)', '\x1b[200~a\tb\x1b[201~', [{ kind: 'paste', text: 'a\tb' }]],
    [
      'a paste of two lines between typing',
      'x\x1b[200~echo one\recho two\x1b[201~\r',
      [
        { kind: 'text', text: 'x' },
        { kind: 'paste', text: 'echo one\recho two' },
        { kind: 'key', key: 'Enter' },
      ],
    ],
    [
      'SGR mouse: press and release with the button, 0-based cell',
      '\x1b[<0;13;4M\x1b[<0;13;4m\x1b[<2;1;1M',
      [
        { kind: 'mouse', action: 'press', button: 'left', col: 12, row: 3 },
        { kind: 'mouse', action: 'release', button: 'left', col: 12, row: 3 },
        { kind: 'mouse', action: 'press', button: 'right', col: 0, row: 0 },
      ],
    ],
    [
      'X10-byte mouse: the release names no button',
      `\x1b[M${String.fromCharCode(32, 33 + 12, 33 + 3)}\x1b[M${String.fromCharCode(35, 33 + 12, 33 + 3)}`,
      [
        { kind: 'mouse', action: 'press', button: 'left', col: 12, row: 3 },
        { kind: 'mouse', action: 'release', button: undefined, col: 12, row: 3 },
      ],
    ],
    [
      'motion, wheel and modified clicks are other',
      '\x1b[<32;5;5M\x1b[<64;5;5M\x1b[<16;5;5M',
      [
        { kind: 'other', what: 'mouse motion' },
        { kind: 'other', what: 'mouse wheel' },
        { kind: 'other', what: 'mouse click with a modifier' },
      ],
    ],
    [
      "the terminal's replies to the app's queries (seen: vim's cursor position reports between keys)",
      '\x1b[2;2Ri\x1b[?1;2c\x1b[>41;330;0c\x1b[?2026;2$y\x1b]11;rgb:0000/0000/0000\x1b\\\x1bP>|tmux 3.3a\x1b\\\x1b]10;rgb:ffff/ffff/ffff\x07\x1b[I',
      [{ kind: 'reply' }, { kind: 'text', text: 'i' }, ...Array.from({ length: 7 }, () => ({ kind: 'reply' }) as const)],
    ],
    ['an unknown CSI is Escape then its bytes as Meta and text', '\x1b[99x', [key('M-['), { kind: 'text', text: '99x' }]],
  ])('%s', (_, input, events) => {
    expect(decodeInput(bytes(input))).toEqual(events);
  });
});

describe('decoded key names', () => {
  it('are names press() takes (term/keys.ts resolves each; extended keys once the app asked)', async () => {
    const { resolveKeyName } = await import('../../src/term/keys.js');
    const input =
      '\r\t\x7f\x01\x1c\x1d\x1e\x1f\x00\x1b[A\x1bOD\x1b[1~\x1b[4~\x1b[2~\x1b[3~\x1b[5~\x1b[6~\x1bOP\x1b[24~\x1b[Z\x1b[1;8A\x1b[15;6~\x1bx\x1b\x01\x1b\r\x1b[13;5u\x1b[97;6u\x1b';
    const keys = decodeInput(bytes(input)).map((event) => (event.kind === 'key' ? event.key : ''));
    expect(keys.map((name) => resolveKeyName(name, { extendedKeys: true }))).toEqual(keys);
  });
});
