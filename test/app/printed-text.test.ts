// printedText: the text raw terminal output prints, as a table of bytes and text.
import { describe, expect, it } from 'vitest';
import { printedText } from '../../src/app/printed-text.js';

const cases: [string, string, string][] = [
  ['nothing', '', ''],
  ['one line, its final newline dropped (CRLF as the tty sends it)', 'hi\r\n', 'hi'],
  ['only one final newline dropped', 'a\r\n\r\n', 'a\n'],
  ['no final newline', 'a\r\nb', 'a\nb'],
  ['a bare LF starts a new line', 'a\nb\n', 'a\nb'],
  ['a \\r progress bar leaves its last state', '10%\r50%\r100%\r\n', '100%'],
  ['a shorter overwrite keeps the rest, as a terminal does', '100%\r5%\r\n', '5%0%'],
  ['EL erases to the end of the line', 'working…\r\x1b[Kdone\r\n', 'done'],
  ['EL 1 erases to the cursor, EL 2 the line', 'abcdef\x1b[3D\x1b[1Kx\r\n123\x1b[2K4\r\n', '   xef\n   4'],
  ['BS steps back', 'ab\bc\r\n', 'ac'],
  ['TAB to the next multiple of 8', 'a\tb\tc\r\n', 'a       b       c'],
  ['colours and other SGR dropped', '\x1b[1;31mred\x1b[0m plain\r\n', 'red plain'],
  ['OSC (title, marks) dropped, BEL- or ST-ended', '\x1b]0;title\x07a\x1b]133;C\x1b\\b\r\n', 'ab'],
  ['charset and keypad escapes dropped', '\x1b(Bx\x1b=y\x1b>\r\n', 'xy'],
  ['CHA moves within the line', 'abc\x1b[2GX\r\n', 'aXc'],
  ['CUU and CUD move between lines', 'one\r\ntwo\r\n\x1b[2A\x1b[3CONE\x1b[1B\r\n', 'oneONE\ntwo'],
  ['the alternate screen is not printed', 'before\r\n\x1b[?1049h\x1b[Hfull screen\x1b[?1049lafter\r\n', 'before\nafter'],
  ['mode 47 and 1047 too, among other modes', '\x1b[?25;47hx\x1b[?47ly\x1b[?1047hz\x1b[?1047l\r\n', 'y'],
  ['wide and astral characters whole', '漢字 🙂\r\n', '漢字 🙂'],
  ['a wide character takes two columns (Unicode 11, as the screen)', '日本\rab\r\n', 'ab本'],
  ['overwriting half of a wide character blanks its other half', '日本\ra\r\n\u00e9日本\x1b[2Gx\r\n', 'a 本\néx 本'],
  ['a combining mark joins the character before, a wide one too', 'e\u0301x\r\n日\u0301y\r\n', 'e\u0301x\n日\u0301y'],
  ['a wide astral character takes two columns', '🙂x\r12\r\n', '12x'],
  ['other control characters dropped', 'a\x07b\x0ec\x0fd\r\n', 'abcd'],
  ['a line far past any pane width stays one line', `${'x'.repeat(500)}\r\n`, 'x'.repeat(500)],
];

describe('printedText', () => {
  it.each(cases)('%s', (_, bytes, text) => {
    expect(printedText(new TextEncoder().encode(bytes))).toBe(text);
  });
});
