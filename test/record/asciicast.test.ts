import { describe, expect, it } from 'vitest';
import { formatAsciicast, parseAsciicast, Timeline } from '../../src/record/index.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (chunks: Uint8Array[]): Uint8Array => new Uint8Array(chunks.flatMap((c) => [...c]));

describe('formatAsciicast', () => {
  it('writes a v2 header and one line per event, times in seconds', () => {
    const timeline = new Timeline({ cols: 80, rows: 24 });
    timeline.appendOutput(bytes('$ \x1b[1mls\x1b[0m\r\n'), 12.5);
    timeline.appendResize({ cols: 100, rows: 30 }, 1500);
    timeline.appendOutput(bytes('"quoted" \\ done'), 2000.25);
    timeline.markEnd(3000);
    expect(formatAsciicast(timeline).split('\n')).toEqual([
      '{"version":2,"width":80,"height":24,"duration":3,"env":{"TERM":"tmux-256color"}}',
      '[0.0125,"o","$ \\u001b[1mls\\u001b[0m\\r\\n"]',
      '[1.5,"r","100x30"]',
      '[2.00025,"o","\\"quoted\\" \\\\ done"]',
      '',
    ]);
  });

  it('writes a character split across two events whole, with the second event', () => {
    const euro = bytes('€'); // e2 82 ac
    const timeline = new Timeline({ cols: 80, rows: 24 });
    timeline.appendOutput(concat([bytes('price: '), euro.subarray(0, 2)]), 100);
    timeline.appendOutput(concat([euro.subarray(2), bytes('5')]), 200);
    timeline.appendOutput(euro.subarray(0, 1), 300); // a lone first byte: nothing to write yet
    timeline.appendOutput(euro.subarray(1), 400);
    expect(formatAsciicast(timeline).split('\n').slice(1)).toEqual(['[0.1,"o","price: "]', '[0.2,"o","€5"]', '[0.4,"o","€"]', '']);
  });

  it('writes a dangling incomplete character at the end as U+FFFD', () => {
    const timeline = new Timeline({ cols: 80, rows: 24 });
    timeline.appendOutput(bytes('ok'), 100);
    timeline.appendOutput(new Uint8Array([0xe2, 0x82]), 200);
    expect(formatAsciicast(timeline).split('\n').slice(1)).toEqual(['[0.1,"o","ok"]', '[0.2,"o","\ufffd"]', '']);
  });

  it('counts times from the start of a truncated timeline and adds the wall-clock timestamp when known', () => {
    const timeline = new Timeline({ cols: 80, rows: 24 }, { budgetBytes: 400, startedAt: 1_700_000_000_000 });
    timeline.appendOutput(new Uint8Array(100), 1000);
    timeline.appendOutput(bytes('kept'), 4000);
    const [header, event] = formatAsciicast(timeline, { term: 'xterm-256color' }).split('\n');
    expect(JSON.parse(header!)).toEqual({
      version: 2,
      width: 80,
      height: 24,
      timestamp: 1_700_000_004,
      duration: 0,
      env: { TERM: 'xterm-256color' },
    });
    expect(event).toBe('[0,"o","kept"]');
  });
});

describe('parseAsciicast', () => {
  it('round-trips a timeline with a split character and a resize to the same bytes, size and times', () => {
    const euro = bytes('€');
    const timeline = new Timeline({ cols: 80, rows: 24 });
    timeline.appendOutput(concat([bytes('a'), euro.subarray(0, 1)]), 10);
    timeline.appendOutput(concat([euro.subarray(1), bytes('\x1b[31mb')]), 20.5);
    timeline.appendResize({ cols: 120, rows: 40 }, 30);
    timeline.appendOutput(bytes('\u{1F600}'), 40.001);
    timeline.markEnd(1234.5);
    const parsed = parseAsciicast(formatAsciicast(timeline));
    const outputs = (t: Timeline): Uint8Array[] => t.events.flatMap((e) => (e.kind === 'output' ? [e.bytes] : []));
    expect(concat(outputs(parsed))).toEqual(concat(outputs(timeline)));
    expect(parsed.events.map((e) => [e.kind, e.atMs])).toEqual([
      ['output', 10],
      ['output', 20.5],
      ['resize', 30],
      ['output', 40.001],
    ]);
    expect(parsed.events[2]).toEqual({ kind: 'resize', atMs: 30, cols: 120, rows: 40 });
    expect(parsed.size).toEqual({ cols: 80, rows: 24 });
    expect(parsed.endMs).toBe(1234.5);
    expect(formatAsciicast(parsed)).toBe(formatAsciicast(timeline));
  });

  it('reads asciicast v3: a term object, intervals between events, comments; skips input, marker and exit events', () => {
    const text = [
      '{"version": 3, "term": {"cols": 40, "rows": 10, "type": "xterm-256color"}, "timestamp": 1700000000}',
      '# a comment',
      '[0.5, "o", "hello"]',
      '[0.25, "i", "x"]',
      '[0.25, "m", "chapter"]',
      '',
      '[1.0, "r", "50x12"]',
      '[0.5, "o", " world"]',
      '[0.1, "x", "0"]',
    ].join('\n');
    const timeline = parseAsciicast(text);
    expect(timeline.size).toEqual({ cols: 40, rows: 10 });
    expect(timeline.startedAt).toBe(1_700_000_000_000);
    expect(timeline.events).toEqual([
      { kind: 'output', atMs: 500, bytes: bytes('hello') },
      { kind: 'resize', atMs: 2000, cols: 50, rows: 12 },
      { kind: 'output', atMs: 2500, bytes: bytes(' world') },
    ]);
  });

  it.each([
    ['', 'Not a valid asciicast file: line 1 is not JSON'],
    ['[1, 2]', 'line 1 is not a JSON object header'],
    ['{"version": 1, "width": 80, "height": 24}', 'line 1 has version 1, not 2 or 3'],
    ['{"version": 2, "width": 80}', 'line 1 has no terminal width and height'],
    ['{"version": 2, "width": 0, "height": 24}', 'line 1 has size 0x24, but columns and rows must be whole numbers from 1 to 1000x1000'],
    ['{"version": 2, "width": 80, "height": 24}\n[0.1, "o", "ok"]\n{"x": 1}', 'line 3 is not an event [time, code, data]'],
    ['{"version": 2, "width": 80, "height": 24}\n[-1, "o", "x"]', 'line 2 is not an event [time, code, data] with a time of 0 or more seconds'],
    ['{"version": 2, "width": 80, "height": 24}\n[1, "o", 5]', "line 2 has 'o' data that is not a string"],
    ['{"version": 2, "width": 80, "height": 24}\n[1, "r", "80 by 24"]', "line 2 has a resize to '80 by 24', not COLSxROWS"],
    ['{"version": 2, "width": 80, "height": 24}\n[1, "o", "x"', 'line 2 is not JSON'],
  ])('rejects %j with a message naming the line', (text, message) => {
    expect(() => parseAsciicast(text)).toThrow(message);
  });
});
