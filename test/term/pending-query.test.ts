import { describe, expect, it } from 'vitest';
import { endsInQuery } from '../../src/term/pending-query.js';

const ends = (text: string) => endsInQuery(Buffer.from(text, 'latin1'));

describe('endsInQuery: the output ends with a question to the terminal', () => {
  it.each([
    ['DA1', 'probing\r\n\x1b[c'],
    ['DA1 with 0', '\x1b[0c'],
    ['DA2', '\x1b[>c'],
    ['DA3', '\x1b[=c'],
    ['CPR', 'x\x1b[6n'],
    ['DECXCPR', '\x1b[?6n'],
    ['DSR status', '\x1b[5n'],
    ['colour scheme (?996n)', '\x1b[?996n'],
    ['DECRQM, private', '\x1b[?2026$p'],
    ['DECRQM, ANSI', '\x1b[4$p'],
    ['XTVERSION', '\x1b[>q'],
    ['XTVERSION 0', '\x1b[>0q'],
    ['kitty keyboard', '\x1b[?u'],
    ['text area in pixels', '\x1b[14t'],
    ['text area in cells', '\x1b[18t'],
    ['background colour, BEL', 'probing\r\n\x1b]11;?\x07'],
    ['background colour, ST', '\x1b]11;?\x1b\\'],
    ['foreground colour', '\x1b]10;?\x07'],
    ['palette colour 1', '\x1b]4;1;?\x07'],
    ['termenv: OSC 11 then DA1', '\x1b]11;?\x1b\\\x1b[c'],
    ['DECRQSS', '\x1bP$qm\x1b\\'],
    ['XTGETTCAP', '\x1bP+q544e\x1b\\'],
  ])('%s', (_, output) => {
    expect(ends(output)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['text', 'hello'],
    ['a query, then drawing', '\x1b[6n\x1b[2;1Hhello'],
    ['vim: CPR, then a move', '\x1b[6n\x1b[3;1H'],
    ['ptpython: CPR, then its prompt', '\x1b[6n>>> '],
    ['a cursor move', '\x1b[1;1H'],
    ['SGR', '\x1b[0m'],
    ['DECSET', '\x1b[?1049h'],
    ['setting the background colour', '\x1b]11;#000000\x07'],
    ['a title', '\x1b]2;Python REPL\x07'],
    ['window title report, not asked', '\x1b[8;24;80t'],
    ['modifyOtherKeys request', '\x1b[>4;1m'],
    ['kitty keyboard push', '\x1b[>1u'],
  ])('not: %s', (_, output) => {
    expect(ends(output)).toBe(false);
  });
});
