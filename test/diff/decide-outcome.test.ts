import { describe, expect, it } from 'vitest';
import { cellRectToPixelRect } from '../../src/diff/cell-pixels.js';
import type { CellPixelMetrics } from '../../src/diff/cell-pixels.js';
import { cropImage } from '../../src/diff/compare-pixels.js';
import { decideOutcome, passesUnwritten } from '../../src/diff/decide-outcome.js';
import type { ScreenshotOutcome } from '../../src/diff/decide-outcome.js';
import type { DecideOutcomeInput, UpdateMode } from '../../src/diff/decide-outcome.js';
import { ConfigError, TmuxShotError } from '../../src/errors.js';
import { paint, png, solid, thrown } from './build.js';

// 4 cols × 2 rows of 2×3 px cells with 1 px padding: 10×8 px screenshots
const METRICS: CellPixelMetrics = { cellWidthPx: 2, cellHeightPx: 3, paddingPx: 1 };
const WHITE = [255, 255, 255] as const;
const REFERENCE = solid(10, 8, [0, 0, 0]);
const REFERENCE_PNG = png(REFERENCE);
/** One pixel changed, in cell col 1 row 1. */
const ONE_PIXEL_PNG = png(paint(REFERENCE, [[3, 4]], WHITE));
/** Five pixels changed: two in cell col 1 row 1, three in cell col 2 row 1. */
const TWO_CELLS = paint(
  REFERENCE,
  [
    [3, 4],
    [4, 4],
    [5, 4],
    [6, 4],
    [6, 5],
  ],
  WHITE,
);
const NOT_A_PNG = new TextEncoder().encode('not a png');

function decide(updateMode: UpdateMode, rest: Omit<DecideOutcomeInput, 'updateMode' | 'actual'> & { actual?: Uint8Array }) {
  const { actual = ONE_PIXEL_PNG, ...input } = rest;
  return decideOutcome({ ...input, actual: { png: actual }, updateMode });
}

describe('decideOutcome: update mode × reference state', () => {
  const cases = {
    missing: { reference: undefined, actual: ONE_PIXEL_PNG },
    'byte-equal': { reference: { png: ONE_PIXEL_PNG }, actual: ONE_PIXEL_PNG },
    'within tolerance': { reference: { png: REFERENCE_PNG }, actual: ONE_PIXEL_PNG, comparatorOptions: { allowedMismatchedPixels: 1 } },
    mismatch: { reference: { png: REFERENCE_PNG }, actual: ONE_PIXEL_PNG },
  };
  const expected: Record<UpdateMode, Record<keyof typeof cases, string>> = {
    all: { missing: 'write-new-baseline', 'byte-equal': 'pass-byte-equal', 'within tolerance': 'pass', mismatch: 'update-baseline' },
    new: { missing: 'write-new-baseline-and-fail', 'byte-equal': 'pass-byte-equal', 'within tolerance': 'pass', mismatch: 'mismatch' },
    none: { missing: 'missing-baseline-ci', 'byte-equal': 'pass-byte-equal', 'within tolerance': 'pass', mismatch: 'mismatch' },
  };
  const table = (['all', 'new', 'none'] as const).flatMap((mode) =>
    (Object.keys(cases) as (keyof typeof cases)[]).map((state) => ({ mode, state, kind: expected[mode][state] })),
  );

  it.each(table)('$mode, $state → $kind', ({ mode, state, kind }) => {
    expect(decide(mode, cases[state]).kind).toBe(kind);
  });
});

describe('decideOutcome: details', () => {
  /** An actual whose PNG must not be read, with `showsSamePixels` answering `same`. */
  const unread = (same: boolean) => ({
    get png(): Uint8Array {
      throw new Error('png read');
    },
    showsSamePixels: (reference: Uint8Array) => same && reference === REFERENCE_PNG,
  });

  it.each(['all', 'new', 'none'] as const)('passes pixels the caller says are the same without reading the actual PNG (%s)', (updateMode) => {
    expect(decideOutcome({ reference: { png: REFERENCE_PNG }, actual: unread(true), updateMode })).toEqual({ kind: 'pass-pixel-equal' });
  });

  it('reads the actual PNG when the caller says the pixels are not the same', () => {
    const actual = { png: ONE_PIXEL_PNG, showsSamePixels: () => false };
    expect(decideOutcome({ reference: { png: ONE_PIXEL_PNG }, actual, updateMode: 'none' })).toEqual({ kind: 'pass-byte-equal' });
    expect(decideOutcome({ reference: { png: REFERENCE_PNG }, actual, updateMode: 'none' }).kind).toBe('mismatch');
  });

  it('checks the options before the same pixels pass', () => {
    const input = { reference: { png: REFERENCE_PNG }, actual: unread(true), updateMode: 'none' as const };
    expect(() => decideOutcome({ ...input, mask: [{ col: 0, row: 0, cols: 1, rows: 1 }] })).toThrow(ConfigError);
    expect(() => decideOutcome({ ...input, comparatorOptions: { allowedMismatchedPixels: -1 } })).toThrow(ConfigError);
  });

  it('passes equal bytes without decoding them', () => {
    expect(decide('none', { reference: { png: NOT_A_PNG }, actual: NOT_A_PNG.slice() })).toEqual({ kind: 'pass-byte-equal' });
  });

  it('passes identical pixels in differently encoded PNGs after comparing them', () => {
    const uncompressed = png(REFERENCE, { deflateLevel: 0 });
    expect(uncompressed).not.toEqual(REFERENCE_PNG);
    const outcome = decide('all', { reference: { png: REFERENCE_PNG }, actual: uncompressed });
    expect(outcome.kind).toBe('pass');
    expect(outcome.kind === 'pass' && outcome.comparison.mismatchedPixels).toBe(0);
  });

  it('explains a mismatch in Vitest-style sentences', () => {
    const outcome = decide('new', { reference: { png: REFERENCE_PNG } });
    expect(outcome.kind).toBe('mismatch');
    if (outcome.kind !== 'mismatch') return;
    expect(outcome.message).toBe('1 pixel differs, more than the 0 allowed (allowedMismatchedPixels).');
    expect(outcome.comparison.mismatchedPixels).toBe(1);
    expect(outcome.comparison.mismatchedCells).toBeUndefined();
    expect(outcome.comparison.violations).toEqual([{ tolerance: 'allowedMismatchedPixels', limit: 0, actual: 1 }]);
  });

  it('rewrites a failing reference under -u and carries the comparison', () => {
    const outcome = decide('all', { reference: { png: REFERENCE_PNG } });
    expect(outcome.kind === 'update-baseline' && outcome.comparison?.mismatchedPixels).toBe(1);
  });

  it('fails a size change whatever the tolerances, and rewrites it under -u', () => {
    const input = { reference: { png: REFERENCE_PNG }, actual: png(solid(12, 8, [0, 0, 0])), comparatorOptions: { allowedMismatchedPixels: 1000 } };
    const outcome = decide('none', input);
    expect(outcome.kind === 'mismatch' && outcome.message).toBe('Expected image dimensions to be 10×8px, but received 12×8px.');
    expect(outcome.kind === 'mismatch' && outcome.comparison.mismatchedPixels).toBe(16);
    expect(decide('all', input).kind).toBe('update-baseline');
  });

  it.each([
    { allowedMismatchedCells: 2, kind: 'pass', message: undefined },
    { allowedMismatchedCells: 1, kind: 'mismatch', message: '2 cells differ, more than the 1 allowed (allowedMismatchedCells).' },
  ])('counts cells: 5 pixels in 2 cells with allowedMismatchedCells $allowedMismatchedCells → $kind', ({ allowedMismatchedCells, kind, message }) => {
    const outcome = decide('new', {
      reference: { png: REFERENCE_PNG },
      actual: png(TWO_CELLS),
      metrics: METRICS,
      comparatorOptions: { allowedMismatchedCells },
    });
    expect(outcome.kind).toBe(kind);
    if (outcome.kind !== 'pass' && outcome.kind !== 'mismatch') return;
    expect(outcome.comparison.mismatchedPixels).toBe(5);
    expect(outcome.comparison.mismatchedCells).toEqual([
      { col: 1, row: 1 },
      { col: 2, row: 1 },
    ]);
    expect(outcome.kind === 'mismatch' ? outcome.message : undefined).toBe(message);
  });

  it.each([
    { ratio: 0.0125, kind: 'pass' },
    { ratio: 0.01, kind: 'mismatch' },
  ])('applies only the ratio when only a ratio is given (1 of 80 px, allowed $ratio → $kind)', ({ ratio, kind }) => {
    const outcome = decide('new', { reference: { png: REFERENCE_PNG }, comparatorOptions: { allowedMismatchedPixelRatio: ratio } });
    expect(outcome.kind).toBe(kind);
    if (outcome.kind === 'mismatch') {
      expect(outcome.message).toBe('A ratio of 0.012500 of the pixels differs, more than the 0.01 allowed (allowedMismatchedPixelRatio).');
    }
  });

  it.each([
    { mask: [{ col: 1, row: 1, cols: 1, rows: 1 }], kind: 'pass' },
    {
      mask: [
        { col: 0, row: 0, cols: 4, rows: 1 },
        { col: 2, row: 1, cols: 2, rows: 1 },
      ],
      kind: 'mismatch',
    },
  ])('a cell mask hides only the changes under it ($kind)', ({ mask, kind }) => {
    expect(decide('new', { reference: { png: REFERENCE_PNG }, metrics: METRICS, mask }).kind).toBe(kind);
  });

  it('compares a region screenshot in screen cells: mask and cell counts use screen coordinates', () => {
    const region = { col: 1, row: 1, cols: 2, rows: 1 };
    const rect = cellRectToPixelRect(region, METRICS);
    const outcome = decide('new', {
      reference: { png: png(cropImage(REFERENCE, rect)) },
      actual: png(cropImage(TWO_CELLS, rect)),
      metrics: METRICS,
      region,
      mask: [{ col: 2, row: 1, cols: 1, rows: 1 }],
    });
    expect(outcome.kind).toBe('mismatch');
    if (outcome.kind !== 'mismatch') return;
    expect([outcome.comparison.diff.widthPx, outcome.comparison.diff.heightPx]).toEqual([4, 3]);
    expect(outcome.comparison.mismatchedPixels).toBe(2);
    expect(outcome.comparison.mismatchedCells).toEqual([{ col: 1, row: 1 }]);
  });

  it('asks to delete or rewrite a reference that is not a PNG, and rewrites it under -u', () => {
    const error = thrown(() => decide('new', { reference: { png: NOT_A_PNG } }));
    expect(error).toBeInstanceOf(TmuxShotError);
    expect(error.message).toBe(
      'The reference screenshot is not a valid PNG: its 9 bytes do not start with the PNG signature. Delete it, or run with -u to write it again.',
    );
    expect(decide('all', { reference: { png: NOT_A_PNG } })).toEqual({ kind: 'update-baseline', comparison: undefined });
  });

  it('throws when the actual bytes are not a PNG', () => {
    const error = thrown(() => decide('all', { reference: { png: REFERENCE_PNG }, actual: NOT_A_PNG }));
    expect(error).toBeInstanceOf(TmuxShotError);
    expect(error.message).toBe('The actual screenshot is not a valid PNG: its 9 bytes do not start with the PNG signature.');
  });

  it.each([
    {
      name: 'allowedMismatchedCells',
      input: { comparatorOptions: { allowedMismatchedCells: 1 } },
      message: 'allowedMismatchedCells needs the cell metrics of the renderer (metrics).',
    },
    { name: 'a mask', input: { mask: [{ col: 0, row: 0, cols: 1, rows: 1 }] }, message: 'A screenshot mask needs the cell metrics of the renderer (metrics).' },
    { name: 'a threshold above 1', input: { comparatorOptions: { threshold: 2 } }, message: 'threshold must be a number from 0 to 1, got 2.' },
  ])('rejects $name without metrics even when the bytes are equal', ({ input, message }) => {
    const error = thrown(() => decide('new', { reference: { png: ONE_PIXEL_PNG }, ...input }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(message);
  });
});

describe('passesUnwritten', () => {
  it.each([
    ['pass-byte-equal', true],
    ['pass-pixel-equal', true],
    ['pass', true],
    ['write-new-baseline', false],
    ['update-baseline', false],
    ['write-new-baseline-and-fail', false],
    ['missing-baseline-ci', false],
    ['mismatch', false],
  ] as const)('%s → %s', (kind, passes) => {
    expect(passesUnwritten({ kind } as ScreenshotOutcome)).toBe(passes);
  });
});
