import { describe, expect, test } from 'vitest';
import { checkRegion, clipRect, describeSteps, formatMatches, resolveSteps, targetCell } from '../../src/app/locator-query.js';
import type { LocatorStep } from '../../src/app/locator-query.js';
import { ConfigError } from '../../src/errors.js';
import { E, modelAfter } from '../screen/helpers.js';

const text = (pattern: string | RegExp, exact = false, scrollback = false): LocatorStep => ({ kind: 'text', pattern, exact, scrollback });
const nth = (index: number, name: 'first' | 'last' | 'nth' = 'nth'): LocatorStep => ({ kind: 'nth', index, name });
const box = (row: number, col: number, rows: number, cols: number) => ({ row, col, rows, cols });

describe('formatMatches', () => {
  test('lists up to SCREEN.listedMatches (10) places, then counts the rest', () => {
    expect(formatMatches([box(0, 3, 1, 1), box(2, 0, 1, 1)])).toBe('row 0 col 3, row 2 col 0');
    const many = Array.from({ length: 623 }, (_, i) => box(i, 3, 1, 1));
    expect(formatMatches(many)).toBe(`${Array.from({ length: 10 }, (_, i) => `row ${i} col 3`).join(', ')}, and 613 more`);
  });
});

describe('resolveSteps', () => {
  // A menu bar, a panel with the same words, and a status line.
  const screen = `File  Edit  Options${E}[2;1H│ File     │ Edit${E}[3;1H│ 漢字.txt │${E}[6;1Hsaved: File`;

  test.each<[string, LocatorStep[], ReturnType<typeof box>[]]>([
    ['text: every match, rows then columns', [text('File')], [box(0, 0, 1, 4), box(1, 2, 1, 4), box(5, 7, 1, 4)]],
    ['a region: its rectangle, left-out parts to the edges', [{ kind: 'region', region: { rows: 1 } }], [box(0, 0, 1, 30)]],
    ['a region from a corner', [{ kind: 'region', region: { row: 4, col: 25 } }], [box(4, 25, 2, 5)]],
    ['a region clipped to the screen', [{ kind: 'region', region: { row: 5, col: 20, rows: 9, cols: 40 } }], [box(5, 20, 1, 10)]],
    ['a region wholly off the screen matches nothing', [{ kind: 'region', region: { row: 6 } }], []],
    ['text within a region', [{ kind: 'region', region: { rows: 1 } }, text('File')], [box(0, 0, 1, 4)]],
    ['text within each match of a parent (not strict)', [text(/│.*│/), text(/[^│ ]+/)], [box(1, 2, 1, 4), box(2, 2, 1, 8)]],
    ['first', [text('File'), nth(0, 'first')], [box(0, 0, 1, 4)]],
    ['last', [text('File'), nth(-1, 'last')], [box(5, 7, 1, 4)]],
    ['nth from the end', [text('File'), nth(-2)], [box(1, 2, 1, 4)]],
    ['nth past the end', [text('File'), nth(3)], []],
    ['wide characters as cells', [text('漢字.txt')], [box(2, 2, 1, 8)]],
  ])('%s', async (_, steps, expected) => {
    const model = await modelAfter(screen, 30, 6);
    expect(resolveSteps(steps, model.snapshot())).toEqual(expected);
  });
});

test('describeSteps writes a locator as the test wrote it', () => {
  expect(describeSteps([text('Save', true), nth(1)])).toBe("getByText('Save', { exact: true }).nth(1)");
  expect(describeSteps([{ kind: 'region', region: { rows: 1 } }, text('File'), nth(0, 'first')])).toBe("region({ rows: 1 }).getByText('File').first()");
  expect(describeSteps([{ kind: 'region', region: { row: 2, col: 3, rows: 4, cols: 5 } }, text(/it's/i), nth(-1, 'last')])).toBe(
    "region({ row: 2, col: 3, rows: 4, cols: 5 }).getByText(/it's/i).last()",
  );
  expect(describeSteps([{ kind: 'region', region: {} }])).toBe('region()');
  expect(describeSteps([text('$ make', false, true), text('make')])).toBe("getByText('$ make', { scrollback: true }).getByText('make')");
  expect(describeSteps([text('Save', true, true)])).toBe("getByText('Save', { exact: true, scrollback: true })");
});

test('clipRect keeps the overlap, or nothing', () => {
  expect(clipRect(box(-1, 78, 3, 5), box(0, 0, 24, 80))).toEqual(box(0, 78, 2, 2));
  expect(clipRect(box(24, 0, 1, 80), box(0, 0, 24, 80))).toBeUndefined();
});

describe('targetCell', () => {
  const screen = { cols: 80, rows: 24 };
  test.each<[string, ReturnType<typeof box>, { col: number; row: number } | undefined, { col: number; row: number }]>([
    ['one cell: itself', box(3, 7, 1, 1), undefined, { col: 7, row: 3 }],
    ['a wide character (2 cells): its first cell', box(3, 7, 1, 2), undefined, { col: 7, row: 3 }],
    ['an odd width: the middle cell', box(3, 7, 1, 5), undefined, { col: 9, row: 3 }],
    ['an even width: the left of the middle two', box(3, 7, 1, 4), undefined, { col: 8, row: 3 }],
    ['a rectangle: the middle row too (upper of two)', box(2, 0, 4, 80), undefined, { col: 39, row: 3 }],
    ['a position from the top-left cell', box(3, 7, 1, 4), { col: 0, row: 0 }, { col: 7, row: 3 }],
    ['a position outside the box', box(3, 7, 1, 4), { col: -2, row: 1 }, { col: 5, row: 4 }],
  ])('%s', (_, match, position, expected) => {
    expect(targetCell(match, screen, position)).toEqual(expected);
  });

  test('refuses a position off the screen or not whole cells', () => {
    expect(() => targetCell(box(3, 78, 1, 2), screen, { col: 2, row: 0 })).toThrow(
      new ConfigError('position { col: 2, row: 0 } from the match at row 3 col 78 is row 3 col 80, off the 80x24 screen.'),
    );
    expect(() => targetCell(box(3, 7, 1, 2), screen, { col: 0.5, row: 0 })).toThrow(
      new ConfigError("position must be whole cells { col, row } from the match's top-left cell; got { col: 0.5, row: 0 }."),
    );
  });
});

test('checkRegion takes whole cells and names what is wrong', () => {
  expect(checkRegion(undefined)).toEqual({});
  expect(checkRegion({ row: 0, rows: 1 })).toEqual({ row: 0, rows: 1 });
  expect(() => checkRegion({ rows: 0 })).toThrow(new ConfigError('region() rows must be a whole number of cells, 1 or more; got 0.'));
  expect(() => checkRegion({ col: -1 })).toThrow(new ConfigError('region() col must be a whole number of cells, 0 or more; got -1.'));
  expect(() => checkRegion({ width: 3 })).toThrow(new ConfigError("region() takes { row?, col?, rows?, cols? } in cells; 'width' is not one of them."));
  expect(() => checkRegion('top')).toThrow(new ConfigError("region() takes { row?, col?, rows?, cols? } in cells; got the string 'top'."));
});
