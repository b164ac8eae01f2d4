import { describe, expect, it } from 'vitest';
import { formatMs, stackFrames } from '../../src/report/format.js';

describe('formatMs', () => {
  it.each([
    [0, '0 ms'],
    [135.8771459999998, '136 ms'],
    [33.333333333333336, '33 ms'],
    [8063.529122666654, '8064 ms'],
    [9999.4, '9999 ms'],
    [9999.6, '10.0 s'],
    [10_000, '10.0 s'],
    [12_345.6, '12.3 s'],
    [600_000, '600.0 s'],
  ])('%d → %s', (ms, text) => {
    expect(formatMs(ms)).toBe(text);
  });
});

describe('stackFrames', () => {
  it.each([
    ['a V8 stack: from the first frame', 'Error', 'boom', 'Error: boom\n    at f (a.ts:1:2)\n    at g (b.ts:3:4)', '    at f (a.ts:1:2)\n    at g (b.ts:3:4)'],
    [
      'a multi-line message repeated in full',
      'Error',
      'expect(x)\n\nScreen:\n  0 │ a',
      'Error: expect(x)\n\nScreen:\n  0 │ a\n    at t.ts:5:1',
      '    at t.ts:5:1',
    ],
    ['a header that differs from the message still goes', 'Error', 'boom in 1 cell', 'Error: boom\n    at t.ts:1:1', '    at t.ts:1:1'],
    ['no frames: the rest after the header', 'Error', 'boom', 'Error: boom\nextra line', 'extra line'],
    ['no frames, only the header: nothing', 'TypeError', 'bad', 'TypeError: bad', ''],
    ['no frames and another header: all of it', 'Error', 'boom', 'something else', 'something else'],
  ])('%s', (_, name, message, stack, frames) => {
    expect(stackFrames(name, message, stack)).toBe(frames);
  });
});
