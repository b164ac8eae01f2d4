import { describe, expect, it } from 'vitest';
import { snapshotText } from '../../../src/screen/index.js';
import { MASK_COLOR, paintMask } from '../../../src/vitest/screenshot/capture.js';
import { screen } from '../build-snapshot.js';

describe('paintMask', () => {
  it('blanks the masked cells in #ff00ff and leaves the rest', () => {
    const painted = paintMask(screen(['12:34:56 ok', 'second'], 11), [
      { col: 0, row: 0, cols: 8, rows: 1 },
      { col: 10, row: 1, cols: 5, rows: 5 },
    ]);
    expect(snapshotText(painted)).toBe('         ok\nsecond');
    expect(painted.cells[0]![7]!.bg).toEqual(MASK_COLOR);
    expect(painted.cells[0]![8]!.bg).toEqual({ kind: 'default' });
    expect(painted.cells[1]![10]!.bg).toEqual(MASK_COLOR);
  });

  it('returns the same snapshot when nothing is masked', () => {
    const original = screen(['x'], 2);
    expect(paintMask(original, [])).toBe(original);
  });
});
