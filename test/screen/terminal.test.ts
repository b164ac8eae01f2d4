import { describe, expect, onTestFinished, test } from 'vitest';
import { ConfigError } from '../../src/errors.js';
import { ScreenModel } from '../../src/screen/index.js';
import { DEFAULT_MODES } from '../../src/snapshot.js';
import type { Cell, TerminalModes } from '../../src/snapshot.js';
import { E, cell, cellAt, encode, modelAfter, pal, rgb } from './helpers.js';

describe('colours', () => {
  test.each<[string, string, Partial<Cell>]>([
    ['default', '', {}],
    ['16-colour fg and bg', `${E}[31;42m`, { fg: pal(1), bg: pal(2) }],
    ['bright 16-colour fg and bg', `${E}[97;100m`, { fg: pal(15), bg: pal(8) }],
    ['256-colour fg and bg', `${E}[38;5;196;48;5;21m`, { fg: pal(196), bg: pal(21) }],
    ['truecolor fg and bg', `${E}[38;2;1;2;3;48;2;250;128;0m`, { fg: rgb(1, 2, 3), bg: rgb(250, 128, 0) }],
    ['truecolor with colons', `${E}[38:2::10:20:30m`, { fg: rgb(10, 20, 30) }],
    ['reset by 39 and 49', `${E}[31;42m${E}[39;49m`, {}],
  ])('%s', async (_, sgr, expected) => {
    const model = await modelAfter(`${sgr}X`);
    expect(cellAt(model, 0, 0)).toEqual(cell({ chars: 'X', ...expected }));
  });

  test('ED with a background paints every cell of the screen (BCE)', async () => {
    const model = await modelAfter(`${E}[44m${E}[2J`, 4, 3);
    expect(model.snapshot().cells).toEqual(Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => cell({ bg: pal(4) }))));
  });

  test('EL with a background paints the rest of the line', async () => {
    const model = await modelAfter(`ab${E}[41m${E}[K`, 5, 2);
    const [row0, row1] = model.snapshot().cells;
    expect(row0).toEqual([cell({ chars: 'a' }), cell({ chars: 'b' }), cell({ bg: pal(1) }), cell({ bg: pal(1) }), cell({ bg: pal(1) })]);
    expect(row1).toEqual(Array.from({ length: 5 }, () => cell({})));
  });

  test('trailing coloured blanks are kept as cells but trimmed from text', async () => {
    const model = await modelAfter(`a${E}[42m  ${E}[0m`, 5, 2);
    expect(model.snapshot().cells[0]).toEqual([cell({ chars: 'a' }), cell({ chars: ' ', bg: pal(2) }), cell({ chars: ' ', bg: pal(2) }), cell({}), cell({})]);
    expect(model.text()).toBe('a\n');
  });
});

describe('attributes', () => {
  test.each<[string, Partial<Cell>]>([
    ['1', { bold: true }],
    ['2', { dim: true }],
    ['3', { italic: true }],
    ['4', { underline: 'single' }],
    ['4:1', { underline: 'single' }],
    ['4:2', { underline: 'double' }],
    ['21', { underline: 'double' }],
    ['4:3', { underline: 'curly' }],
    ['4:4', { underline: 'dotted' }],
    ['4:5', { underline: 'dashed' }],
    ['4:3;4:0', {}],
    ['4;24', {}],
    ['4:3;58;2;255;0;128', { underline: 'curly', underlineColor: rgb(255, 0, 128) }],
    ['21;58;5;9', { underline: 'double', underlineColor: pal(9) }],
    ['31;4', { fg: pal(1), underline: 'single' }],
    ['4;58;5;9;59', { underline: 'single' }],
    // xterm 6.0.0 stores explicit white like SGR 59; both read as "no underline colour".
    ['4;58;2;255;255;255', { underline: 'single' }],
    ['4;58;2;255;255;254', { underline: 'single', underlineColor: rgb(255, 255, 254) }],
    ['58;5;9', {}],
    ['5', { blink: true }],
    ['7', { inverse: true }],
    ['8', { invisible: true }],
    ['9', { strikethrough: true }],
    ['53', { overline: true }],
    ['53;55', {}],
    ['1;2;3;7;9', { bold: true, dim: true, italic: true, inverse: true, strikethrough: true }],
    ['1;22', {}],
  ])('SGR %s', async (sgr, expected) => {
    const model = await modelAfter(`${E}[${sgr}mX`);
    expect(cellAt(model, 0, 0)).toEqual(cell({ chars: 'X', ...expected }));
  });
});

describe('wide characters (Unicode 11)', () => {
  test('CJK takes two cells: the character, then an empty width-0 cell with the same attributes', async () => {
    const model = await modelAfter(`${E}[31m漢${E}[0m字x`);
    expect(model.snapshot().cells[0]?.slice(0, 6)).toEqual([
      cell({ chars: '漢', width: 2, fg: pal(1) }),
      cell({ chars: '', width: 0, fg: pal(1) }),
      cell({ chars: '字', width: 2 }),
      cell({ chars: '', width: 0 }),
      cell({ chars: 'x' }),
      cell({}),
    ]);
    expect(model.text()).toBe('漢字x\n\n\n\n');
  });

  test('emoji are wide (xterm’s default Unicode 6 tables make all three narrow; 🥰 is new in Unicode 11)', async () => {
    const model = await modelAfter('🙂🚀🥰.');
    expect(
      model
        .snapshot()
        .cells[0]?.slice(0, 7)
        .map((c) => [c.chars, c.width]),
    ).toEqual([
      ['🙂', 2],
      ['', 0],
      ['🚀', 2],
      ['', 0],
      ['🥰', 2],
      ['', 0],
      ['.', 1],
    ]);
  });

  test('UTF-8 and escape sequences split across writes arrive intact', async () => {
    const model = await modelAfter('');
    const bytes = encode(`${E}[31m漢🙂`);
    for (const piece of [bytes.subarray(0, 3), bytes.subarray(3, 6), bytes.subarray(6, 7), bytes.subarray(7, 9), bytes.subarray(9)]) {
      await model.write(piece);
    }
    expect(model.snapshot().cells[0]?.slice(0, 4)).toEqual([
      cell({ chars: '漢', width: 2, fg: pal(1) }),
      cell({ chars: '', width: 0, fg: pal(1) }),
      cell({ chars: '🙂', width: 2, fg: pal(1) }),
      cell({ chars: '', width: 0, fg: pal(1) }),
    ]);
  });
});

describe('DEC special graphics', () => {
  // Pure ASCII bytes in, box-drawing characters out: no locale is involved anywhere.
  const lines = `${E}(0lqwqk\r\nx x x\r\ntqnqu\r\nmqvqj${E}(B ok`;

  test('ESC ( 0 maps line-drawing letters to box drawing, ESC ( B maps back', async () => {
    expect([...encode(lines)].every((byte) => byte < 0x80)).toBe(true);
    const model = await modelAfter(lines);
    expect(model.text()).toBe('┌─┬─┐\n│ │ │\n├─┼─┤\n└─┴─┘ ok\n');
  });

  test('ESC ) 0 with SO/SI (as capture-pane emits it) maps the same', async () => {
    const model = await modelAfter(`${E})0a\x0elqqk\x0fb`);
    expect(model.text().split('\n')[0]).toBe('a┌──┐b');
  });
});

describe('cursor, screens and modes', () => {
  test('cursor position and visibility (DECTCEM)', async () => {
    const model = await modelAfter(`${E}[3;5H`);
    expect(model.snapshot().cursor).toEqual({ col: 4, row: 2, visible: true, shape: 'block', blinking: false });
    await model.write(encode(`${E}[?25l`));
    expect(model.snapshot().cursor).toEqual({ col: 4, row: 2, visible: false, shape: 'block', blinking: false });
    await model.write(encode(`${E}[?25h${E}[H`));
    expect(model.snapshot().cursor).toEqual({ col: 0, row: 0, visible: true, shape: 'block', blinking: false });
  });

  test.each<[string, string, { shape: string; blinking: boolean }]>([
    ['a new terminal: steady block', '', { shape: 'block', blinking: false }],
    ['DECSCUSR 1: blinking block', `${E}[1 q`, { shape: 'block', blinking: true }],
    ['DECSCUSR 2: steady block', `${E}[2 q`, { shape: 'block', blinking: false }],
    ['DECSCUSR 3: blinking underline', `${E}[3 q`, { shape: 'underline', blinking: true }],
    ['DECSCUSR 4: steady underline', `${E}[4 q`, { shape: 'underline', blinking: false }],
    ['DECSCUSR 5: blinking bar', `${E}[5 q`, { shape: 'bar', blinking: true }],
    ['DECSCUSR 6: steady bar', `${E}[6 q`, { shape: 'bar', blinking: false }],
    ['DECSCUSR 0 after 6: back to the default', `${E}[6 q${E}[0 q`, { shape: 'block', blinking: false }],
    ['DECSET 12: blinking', `${E}[?12h`, { shape: 'block', blinking: true }],
    ['DECSET 12 then DECRST 12', `${E}[?12h${E}[?12l`, { shape: 'block', blinking: false }],
  ])('cursor shape and blinking: %s', async (_, bytes, expected) => {
    const { shape, blinking } = (await modelAfter(bytes)).snapshot().cursor;
    expect({ shape, blinking }).toEqual(expected);
  });

  test.each([
    ['none set', '', ''],
    ['OSC 2 ended by BEL', `${E}]2;vim: notes.txt\x07`, 'vim: notes.txt'],
    ['OSC 0 ended by ST', `${E}]0;build 3/7${E}\\`, 'build 3/7'],
    ['the latest of two', `${E}]2;one\x07${E}]2;two\x07`, 'two'],
    ['OSC 1 (icon name only) leaves it', `${E}]2;win\x07${E}]1;icon\x07`, 'win'],
  ])('title: %s', async (_, bytes, title) => {
    expect((await modelAfter(bytes)).snapshot().title).toBe(title);
  });

  test.each<[string, string, Partial<TerminalModes>]>([
    ['a new terminal', '', {}],
    ['alternate screen 1049', `${E}[?1049h`, { alternateScreen: true }],
    ['mouse tracking 1000', `${E}[?1000h`, { mouseTracking: true }],
    ['mouse tracking 1003 with SGR encoding', `${E}[?1003;1006h`, { mouseTracking: true }],
    ['mouse tracking on then off', `${E}[?1002h${E}[?1002l`, {}],
    ['SGR encoding alone tracks nothing', `${E}[?1006h`, {}],
    ['bracketed paste 2004', `${E}[?2004h`, { bracketedPaste: true }],
    ['application cursor keys (DECCKM)', `${E}[?1h`, { applicationCursorKeys: true }],
    ['application keypad (DECKPAM)', `${E}=`, { applicationKeypad: true }],
    ['application keypad off (DECKPNM)', `${E}=${E}>`, {}],
    ['focus events 1004', `${E}[?1004h`, { focusEvents: true }],
    ['synchronized output 2026', `${E}[?2026h`, { synchronizedOutput: true }],
    ['auto-wrap off (DECAWM)', `${E}[?7l`, { autoWrap: false }],
    ['origin mode (DECOM)', `${E}[?6h`, { originMode: true }],
    ['insert mode (IRM)', `${E}[4h`, { insertMode: true }],
    ['RIS resets them', `${E}[?2004;1000;1h${E}[4h${E}c`, {}],
  ])('modes: %s', async (_, bytes, changed) => {
    const snapshot = (await modelAfter(bytes)).snapshot();
    expect(snapshot.modes).toEqual({ ...DEFAULT_MODES, ...changed });
    expect(snapshot.alternateScreen).toBe(snapshot.modes.alternateScreen);
  });

  test('the cursor column is clamped to the last column while a wrap is pending', async () => {
    const model = await modelAfter('x'.repeat(20));
    expect(model.snapshot().cursor).toEqual({ col: 19, row: 0, visible: true, shape: 'block', blinking: false });
  });

  test('alternate screen on and off restores the main screen', async () => {
    const model = await modelAfter('main');
    await model.write(encode(`${E}[?1049h`));
    expect([model.snapshot().alternateScreen, model.text()]).toEqual([true, '\n\n\n\n']);
    await model.write(encode(`${E}[Halt`));
    expect(model.text()).toBe('alt\n\n\n\n');
    await model.write(encode(`${E}[?1049l`));
    expect([model.snapshot().alternateScreen, model.text()]).toEqual([false, 'main\n\n\n\n']);
  });

  test('synchronized output (DEC 2026) is reported while a frame is in progress', async () => {
    const model = await modelAfter('');
    expect(model.synchronizedOutput).toBe(false);
    await model.write(encode(`${E}[?2026h`));
    expect(model.synchronizedOutput).toBe(true);
    await model.write(encode(`${E}[?2026l`));
    expect(model.synchronizedOutput).toBe(false);
  });

  test.each([
    ['none open', [[0, 'frame']], undefined],
    ['open: it counts as ended 1000 ms after it began', [[100, `${E}[?2026hhalf-drawn`]], 1100],
    [
      'begun in one chunk, drawn in the next: timed from the begin',
      [
        [100, `${E}[?2026h`],
        [700, 'more'],
      ],
      1100,
    ],
    [
      'begun again while open (the next frame): timed from the latest begin',
      [
        [100, `${E}[?2026ha`],
        [700, `${E}[?2026hb`],
      ],
      1700,
    ],
    [
      'a begin split across chunks is timed from the chunk that completes it',
      [
        [100, `${E}[?20`],
        [300, '26h'],
      ],
      1300,
    ],
    ['ended', [[100, `${E}[?2026hframe${E}[?2026l`]], undefined],
    [
      'ended with other modes in the same sequence',
      [
        [100, `${E}[?25;2026h`],
        [200, `${E}[?2026;25l`],
      ],
      undefined,
    ],
    ['begun along with other modes', [[100, `${E}[?25;2026h`]], 1100],
  ] as const)('synchronizedUntil, an unended update (DEC 2026) ending by timeout as in foot and Ghostty: %s', (_, writes, until) => {
    const model = new ScreenModel({ cols: 20, rows: 3 });
    onTestFinished(() => model.dispose());
    for (const [atMs, bytes] of writes) model.write(encode(bytes), atMs);
    expect(model.synchronizedUntil).toBe(until);
  });

  test('a snapshot is a copy: later output does not change it', async () => {
    const model = await modelAfter('before');
    const snapshot = model.snapshot();
    await model.write(encode(`\r${E}[31mafter!${E}[?25l`));
    expect(snapshot.cells[0]?.[0]).toEqual(cell({ chars: 'b' }));
    expect(snapshot.cursor).toEqual({ col: 6, row: 0, visible: true, shape: 'block', blinking: false });
  });
});

describe('resize', () => {
  test('changes size, snapshot dimensions and wraps nothing that fits', async () => {
    const model = await modelAfter('abc', 10, 3);
    model.resize({ cols: 6, rows: 2 });
    const snapshot = model.snapshot();
    expect([model.size, snapshot.cols, snapshot.rows, snapshot.cells.length, snapshot.cells[0]?.length]).toEqual([{ cols: 6, rows: 2 }, 6, 2, 2, 6]);
    expect(model.text()).toBe('abc\n');
  });

  test('growing pulls scrolled-off lines back down, as tmux does from its history', async () => {
    const model = await modelAfter('one\r\ntwo\r\nthree\r\nfour', 10, 3);
    expect(model.text()).toBe('two\nthree\nfour');
    model.resize({ cols: 10, rows: 4 });
    expect(model.text()).toBe('one\ntwo\nthree\nfour');
    expect(model.snapshot().cursor).toEqual({ col: 4, row: 3, visible: true, shape: 'block', blinking: false });
  });

  test('without scrollback, growing adds blank rows below', async () => {
    const model = new ScreenModel({ cols: 10, rows: 3 }, { scrollback: 0 });
    await model.write(encode('one\r\ntwo\r\nthree\r\nfour'));
    model.resize({ cols: 10, rows: 4 });
    expect(model.text()).toBe('two\nthree\nfour\n');
    model.dispose();
  });

  test.each([[{ cols: 1, rows: 24 }], [{ cols: 80, rows: 1001 }], [{ cols: 80.5, rows: 24 }]])(
    'rejects %o with a ConfigError, in the constructor and in resize',
    async (size) => {
      const message = `Invalid terminal size ${size.cols}x${size.rows}: cols must be whole numbers from 2 to 1000 and rows from 2 to 1000.`;
      expect(() => new ScreenModel(size)).toThrow(new ConfigError(message));
      const model = await modelAfter('', 10, 3);
      expect(() => model.resize(size)).toThrow(new ConfigError(message));
      expect(model.size).toEqual({ cols: 10, rows: 3 });
    },
  );

  test('size is a copy', async () => {
    const model = await modelAfter('', 10, 3);
    const size = model.size;
    size.cols = 99;
    expect(model.size).toEqual({ cols: 10, rows: 3 });
  });
});
