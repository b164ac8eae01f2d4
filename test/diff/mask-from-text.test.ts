import { describe, expect, it } from 'vitest';
import { maskFromText } from '../../src/diff/mask-from-text.js';
import { snapshot, withCell } from './build.js';

describe('maskFromText', () => {
  it.each([
    {
      name: 'a clock after wide characters starts at its cell column',
      lines: ['时间 12:34:56 ok'],
      patterns: [/\d\d:\d\d:\d\d/],
      rects: [{ col: 5, row: 0, cols: 8, rows: 1 }],
    },
    {
      name: 'a wide character itself covers two cells',
      lines: ['a时间b'],
      patterns: [/间/],
      rects: [{ col: 3, row: 0, cols: 2, rows: 1 }],
    },
    {
      name: 'a match ending on a wide character includes its right half',
      lines: ['id 中文'],
      patterns: [/id 中文/],
      rects: [{ col: 0, row: 0, cols: 7, rows: 1 }],
    },
    {
      name: 'a CJK character and an emoji shift later columns by their cells, not code units',
      lines: ['a中🙂b'],
      patterns: [/b/, /🙂/],
      rects: [
        { col: 5, row: 0, cols: 1, rows: 1 },
        { col: 3, row: 0, cols: 2, rows: 1 },
      ],
    },
    {
      name: 'every match of a non-global pattern, in pattern then row order',
      lines: ['pid 12 pid 345', 'x', 'pid 6'],
      patterns: [/\d+/, /x/],
      rects: [
        { col: 4, row: 0, cols: 2, rows: 1 },
        { col: 11, row: 0, cols: 3, rows: 1 },
        { col: 4, row: 2, cols: 1, rows: 1 },
        { col: 0, row: 1, cols: 1, rows: 1 },
      ],
    },
    {
      name: 'blank cells read as spaces; empty matches are skipped',
      lines: ['a  b'],
      patterns: [/a {2}b/, /z*/],
      rects: [{ col: 0, row: 0, cols: 4, rows: 1 }],
    },
    {
      name: 'a sticky flag does not stop the search',
      lines: ['xx 42'],
      patterns: [/\d+/y],
      rects: [{ col: 3, row: 0, cols: 2, rows: 1 }],
    },
  ])('$name', ({ lines, patterns, rects }) => {
    expect(maskFromText(snapshot(lines, 20), patterns)).toEqual(rects);
  });

  it('counts a base letter with a combining mark as the one cell that holds both', () => {
    const snap = withCell(snapshot(['aeb'], 5), 0, 1, { chars: 'e\u0301' });
    expect(maskFromText(snap, [/b/, /e\u0301/])).toEqual([
      { col: 2, row: 0, cols: 1, rows: 1 },
      { col: 1, row: 0, cols: 1, rows: 1 },
    ]);
  });
});
