import { describe, expect, it } from 'vitest';
import { ControlParser, decodeOutput } from '../../src/host/control-protocol.js';
import type { ControlEvent } from '../../src/host/control-protocol.js';

function parseAll(...chunks: (string | Buffer)[]): ControlEvent[] {
  const parser = new ControlParser();
  return chunks.flatMap((chunk) => parser.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
}

describe('ControlParser', () => {
  it('reads a reply block of our own command (flags 1)', () => {
    expect(parseAll('%begin 1700000000 12 1\n80x24\nline two\n%end 1700000000 12 1\n')).toEqual([
      { kind: 'reply', ok: true, own: true, lines: ['80x24', 'line two'] },
    ]);
  });

  it('reads %error blocks and the attach command block (flags 0)', () => {
    expect(parseAll("%begin 5 270 0\ncan't find session: $9\n%error 5 270 0\n%begin 5 271 1\n%end 5 271 1\n")).toEqual([
      { kind: 'reply', ok: false, own: false, lines: ["can't find session: $9"] },
      { kind: 'reply', ok: true, own: true, lines: [] },
    ]);
  });

  it('ends a block only on the %end with its own time, number and flags', () => {
    expect(parseAll('%begin 5 7 1\n%end 5 6 1\n%end\n%output %1 x\n%end 5 7 1\n')).toEqual([
      { kind: 'reply', ok: true, own: true, lines: ['%end 5 6 1', '%end', '%output %1 x'] },
    ]);
  });

  it('reads %session-changed, %output, %layout-change and %exit, ignores other notifications', () => {
    expect(
      parseAll(
        '%session-changed $3 my session\n%window-renamed @1 x\n%output %1 hi\n%layout-change @2 b25f,80x24,0,0,2 b25f,80x24,0,0,2 *\n%exit\n%exit too far behind\n',
      ),
    ).toEqual([
      { kind: 'session-changed', sessionId: '$3', name: 'my session' },
      { kind: 'output', pane: '%1', bytes: Buffer.from('hi') },
      { kind: 'layout-change', window: '@2' },
      { kind: 'exit', reason: '' },
      { kind: 'exit', reason: 'too far behind' },
    ]);
  });

  it('joins lines split across chunks, as bytes, so UTF-8 split mid-character stays intact', () => {
    const line = Buffer.from('%begin 1 1 1\nnaïve 日本\n%end 1 1 1\n');
    const cut = line.indexOf(Buffer.from('本')) + 1; // inside the 3-byte character
    expect(parseAll(line.subarray(0, 3), line.subarray(3, cut), line.subarray(cut))).toEqual([{ kind: 'reply', ok: true, own: true, lines: ['naïve 日本'] }]);
  });

  it('keeps an unfinished line until its newline arrives', () => {
    const parser = new ControlParser();
    expect(parser.push(Buffer.from('%session-changed $1 a'))).toEqual([]);
    expect(parser.push(Buffer.from('b\n'))).toEqual([{ kind: 'session-changed', sessionId: '$1', name: 'ab' }]);
  });
});

describe('decodeOutput', () => {
  it.each([
    ['plain text', 'hello', 'hello'],
    ['control bytes as octal', 'a\\015\\012b', 'a\r\nb'],
    ['ESC, so colours survive', '\\033[31mred', '\x1b[31mred'],
    ['the backslash itself', 'C:\\134x', 'C:\\x'],
    ['a backslash not followed by three octal digits, as is', 'a\\9b\\01', 'a\\9b\\01'],
    ['UTF-8 bytes untouched', 'naïve 日本', 'naïve 日本'],
  ])('%s', (_, data, expected) => {
    expect(decodeOutput(Buffer.from(data)).toString('utf8')).toBe(expected);
  });

  it('decodes a split multi-byte character as bytes (the screen model joins them)', () => {
    const [event] = parseAll(Buffer.concat([Buffer.from('%output %7 '), Buffer.from('日').subarray(0, 2), Buffer.from('\\015\n')]));
    expect(event).toEqual({ kind: 'output', pane: '%7', bytes: Buffer.concat([Buffer.from('日').subarray(0, 2), Buffer.from([13])]) });
  });
});
