import { describe, expect, it } from 'vitest';
import { DEFAULT_MODES } from '../../src/snapshot.js';
import { paletteColor, DARK_THEME } from '../../src/render/theme.js';
import { QueryScanner, TerminalAnswers, encodeModeReport, formatXColor, parseXColor, tmuxAnswersPalette } from '../../src/term/queries.js';
import type { ModeState, ScannedSequence } from '../../src/term/queries.js';

const IDLE: ModeState = { modes: DEFAULT_MODES, mouse: { tracking: 'none', encoding: 'default' }, cursor: { visible: true, blinking: false } };

/** Every sequence found in `chunks` fed in order, with its end offset in its own chunk. */
function scan(...chunks: string[]): [ScannedSequence, number][] {
  const scanner = new QueryScanner();
  return chunks.flatMap((chunk) => scanner.scan(Buffer.from(chunk, 'latin1')).map(({ sequence, end }): [ScannedSequence, number] => [sequence, end]));
}

describe('QueryScanner', () => {
  it.each<[string, string[], [ScannedSequence, number][]]>([
    ['an OSC 4 query ended by BEL', ['\x1b]4;1;?\x07'], [[{ kind: 'osc', command: 4, data: '1;?', terminator: 'bel' }, 8]]],
    ['an OSC 4 query ended by ST, found at its ESC', ['ab\x1b]4;1;?;9;?\x1b\\'], [[{ kind: 'osc', command: 4, data: '1;?;9;?', terminator: 'st' }, 14]]],
    ['an OSC 4 split over three chunks', ['\x1b]4', ';200;', '?\x1b', '\\'], [[{ kind: 'osc', command: 4, data: '200;?', terminator: 'st' }, 2]]],
    [
      'OSC 104 with and without indices',
      ['\x1b]104\x07\x1b]104;1;2\x07'],
      [
        [{ kind: 'osc', command: 104, data: '', terminator: 'bel' }, 6],
        [{ kind: 'osc', command: 104, data: '1;2', terminator: 'bel' }, 16],
      ],
    ],
    ['OSC 10, 11, 12 and 40 are not ours (tmux answers the first three)', ['\x1b]11;?\x07\x1b]10;?\x1b\\\x1b]12;?\x07\x1b]40;?\x07'], []],
    ['DECRQM of a DEC private mode', ['\x1b[?2026$p'], [[{ kind: 'decrqm', mode: 2026, dec: true }, 9]]],
    ['DECRQM of an ANSI mode', ['x\x1b[4$p'], [[{ kind: 'decrqm', mode: 4, dec: false }, 6]]],
    ['DECRQM split after its intermediate', ['\x1b[?2004$', 'p'], [[{ kind: 'decrqm', mode: 2004, dec: true }, 1]]],
    ['a C0 control inside a DECRQM does not end it', ['\x1b[?20\r04$p'], [[{ kind: 'decrqm', mode: 2004, dec: true }, 10]]],
    ['RIS', ['\x1bc'], [[{ kind: 'ris' }, 2]]],
    [
      'not DECRQM: six digits, two prefixes, two parameters, two intermediates, another final byte',
      ['\x1b[?123456$p\x1b[??1$p\x1b[1;2$p\x1b[?1$$p\x1b[?1$q'],
      [],
    ],
    [
      'DECRQM of mode 0, and of a five-digit mode',
      ['\x1b[0$p\x1b[?99999$p'],
      [
        [{ kind: 'decrqm', mode: 0, dec: false }, 5],
        [{ kind: 'decrqm', mode: 99999, dec: true }, 15],
      ],
    ],
    ['DA1, DA2, XTVERSION, DSR, the kitty keyboard query: tmux answers or none does', ['\x1b[c\x1b[>c\x1b[>q\x1b[6n\x1b[?u'], []],
    ['a DECRQM inside a DCS is text, not a query', ['\x1bPq\x1b[?2026$p\x1b\\'], []],
    ['BEL, CAN and an ESC other than ST do not end a DCS', ['\x1bP1\x07\x18\x1b]4;1;?\x07'], []],
    ['CAN aborts an OSC', ['\x1b]4;1;\x18?\x07'], []],
    [
      'ESC ends an OSC, as ST, and starts a new sequence (tmux)',
      ['\x1b]4;1;?\x1b[?1$p'],
      [
        [{ kind: 'osc', command: 4, data: '1;?', terminator: 'st' }, 8],
        [{ kind: 'decrqm', mode: 1, dec: true }, 13],
      ],
    ],
    ["tmux's window name (ESC k) is no query", ['\x1bk4;1;?\x07\x1b[?25$p'], [[{ kind: 'decrqm', mode: 25, dec: true }, 15]]],
    ['an escape sequence with an intermediate is not RIS', ['\x1b(c'], []],
    ['DECSCUSR and SGR are not queries', ['\x1b[2 q\x1b[31m'], []],
  ])('%s', (_, chunks, expected) => {
    expect(scan(...chunks)).toEqual(expected);
  });

  it('skips an OSC longer than 2048 bytes to its end', () => {
    expect(scan(`\x1b]4;${'1;?;'.repeat(600)}\x07\x1b[?7$p`)).toEqual([[{ kind: 'decrqm', mode: 7, dec: true }, 2411]]);
  });
});

describe('encodeModeReport', () => {
  const on: ModeState = {
    modes: {
      ...DEFAULT_MODES,
      bracketedPaste: true,
      synchronizedOutput: true,
      focusEvents: true,
      alternateScreen: true,
      applicationCursorKeys: true,
      insertMode: true,
    },
    mouse: { tracking: 'any', encoding: 'sgr' },
    cursor: { visible: false, blinking: true },
  };
  it.each<[number, boolean, string, string]>([
    [2026, true, '\x1b[?2026;2$y', '\x1b[?2026;1$y'],
    [2004, true, '\x1b[?2004;2$y', '\x1b[?2004;1$y'],
    [1004, true, '\x1b[?1004;2$y', '\x1b[?1004;1$y'],
    [1000, true, '\x1b[?1000;2$y', '\x1b[?1000;2$y'],
    [1003, true, '\x1b[?1003;2$y', '\x1b[?1003;1$y'],
    [1006, true, '\x1b[?1006;2$y', '\x1b[?1006;1$y'],
    [1049, true, '\x1b[?1049;2$y', '\x1b[?1049;1$y'],
    [1, true, '\x1b[?1;2$y', '\x1b[?1;1$y'],
    [7, true, '\x1b[?7;1$y', '\x1b[?7;1$y'],
    [12, true, '\x1b[?12;2$y', '\x1b[?12;1$y'],
    [25, true, '\x1b[?25;1$y', '\x1b[?25;2$y'],
    [2027, true, '\x1b[?2027;0$y', '\x1b[?2027;0$y'],
    [2031, true, '\x1b[?2031;0$y', '\x1b[?2031;0$y'],
    [4, false, '\x1b[4;2$y', '\x1b[4;1$y'],
    [20, false, '\x1b[20;0$y', '\x1b[20;0$y'],
  ])('mode %i (DEC %s)', (mode, dec, idle, set) => {
    expect([encodeModeReport(mode, dec, IDLE), encodeModeReport(mode, dec, on)]).toEqual([idle, set]);
  });
});

describe('colours', () => {
  it.each([
    [{ r: 0, g: 0, b: 0 }, 'rgb:0000/0000/0000'],
    [{ r: 0xcc, g: 0, b: 0x0a }, 'rgb:cccc/0000/0a0a'],
    [{ r: 255, g: 255, b: 255 }, 'rgb:ffff/ffff/ffff'],
  ])('formatXColor(%o) is %s', (color, text) => {
    expect(formatXColor(color)).toBe(text);
  });

  it.each([
    ['rgb:12/34/56', { r: 0x12, g: 0x34, b: 0x56 }],
    ['rgb:1212/3434/5656', { r: 0x12, g: 0x34, b: 0x56 }],
    ['rgb:f/0/8', { r: 255, g: 0, b: 136 }],
    ['#123456', { r: 0x12, g: 0x34, b: 0x56 }],
    ['#f08', { r: 0xf0, g: 0, b: 0x80 }],
    ['#123145167', { r: 0x12, g: 0x14, b: 0x16 }],
    ['red', undefined],
    ['rgb:12/34', undefined],
  ])('parseXColor(%s)', (spec, color) => {
    expect(parseXColor(spec)).toEqual(color);
  });
});

describe('tmuxAnswersPalette (tmux 3.3a input_osc_4 → colour_palette_get)', () => {
  it.each([
    [1, [], false],
    [1, [1], true],
    [7, [7], true],
    [9, [9], false],
    [91, [9], true],
    [91, [91], false],
    [200, [200], false],
  ])('index %i with %o set by the app: %s', (index, set, answers) => {
    expect(tmuxAnswersPalette(index, new Set(set))).toBe(answers);
  });
});

describe('TerminalAnswers', () => {
  const osc = (data: string, terminator: 'bel' | 'st' = 'bel', command: 4 | 104 = 4): ScannedSequence => ({ kind: 'osc', command, data, terminator });
  const dark = () => new TerminalAnswers((index) => paletteColor(index, DARK_THEME));
  const idle = () => IDLE;

  it.each<[string, ScannedSequence[], (string | undefined)[]]>([
    ['one palette query, BEL', [osc('1;?')], ['\x1b]4;1;rgb:cccc/0000/0000\x07']],
    ['one palette query, ST', [osc('15;?', 'st')], ['\x1b]4;15;rgb:eeee/eeee/ecec\x1b\\']],
    [
      'several in one OSC, each its own answer',
      [osc('0;?;9;?;196;?;244;?')],
      ['\x1b]4;0;rgb:2e2e/3434/3636\x07\x1b]4;9;rgb:efef/2929/2929\x07\x1b]4;196;rgb:ffff/0000/0000\x07\x1b]4;244;rgb:8080/8080/8080\x07'],
    ],
    ['a set is no query', [osc('9;#123456')], [undefined]],
    ['a colour the app set above 7 is answered here', [osc('9;#123456'), osc('9;?')], [undefined, '\x1b]4;9;rgb:1212/3434/5656\x07']],
    [
      'a colour the app set below 8 is answered by tmux, first query only',
      [osc('1;rgb:12/34/56'), osc('1;?;1;?')],
      [undefined, '\x1b]4;1;rgb:1212/3434/5656\x07'],
    ],
    ['OSC 104 resets the colours the app set', [osc('1;#123456'), osc('', 'bel', 104), osc('1;?')], [undefined, undefined, '\x1b]4;1;rgb:cccc/0000/0000\x07']],
    [
      'OSC 104 with indices resets those',
      [osc('1;#123456;9;#123456'), osc('1', 'bel', 104), osc('1;?;9;?')],
      [undefined, undefined, '\x1b]4;1;rgb:cccc/0000/0000\x07\x1b]4;9;rgb:1212/3434/5656\x07'],
    ],
    ['RIS resets them', [osc('9;#123456'), { kind: 'ris' }, osc('9;?')], [undefined, undefined, '\x1b]4;9;rgb:efef/2929/2929\x07']],
    ['a colour name set: answered from the theme', [osc('9;red'), osc('9;?')], [undefined, '\x1b]4;9;rgb:efef/2929/2929\x07']],
    ['answers stop at a malformed index', [osc('1;?;x;?;2;?')], ['\x1b]4;1;rgb:cccc/0000/0000\x07']],
    ['an index past 255 is malformed', [osc('256;?')], [undefined]],
    ['DECRQM', [{ kind: 'decrqm', mode: 2026, dec: true }], ['\x1b[?2026;2$y']],
  ])('%s', (_, sequences, answers) => {
    const answerer = dark();
    expect(sequences.map((sequence) => answerer.answer(sequence, idle))).toEqual(answers);
  });

  it('reads the screen only for a DECRQM', () => {
    let reads = 0;
    const answerer = dark();
    answerer.answer(osc('1;?'), () => (reads++, IDLE));
    answerer.answer({ kind: 'decrqm', mode: 1, dec: true }, () => (reads++, IDLE));
    expect(reads).toBe(1);
  });
});
