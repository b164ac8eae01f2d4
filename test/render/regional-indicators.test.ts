import { describe, expect, it } from 'vitest';
import { regionalIndicatorPairs } from '../../src/render/regional-indicators.js';
import type { Cell } from '../../src/snapshot.js';

/** One row as the grid holds it: each regional indicator in a cell of its own, one column wide. */
function row(...cells: (string | [string, Cell['width']])[]): Pick<Cell, 'chars' | 'width'>[] {
  return cells.map((c) => (typeof c === 'string' ? { chars: c, width: 1 } : { chars: c[0], width: c[1] }));
}

describe('regionalIndicatorPairs', () => {
  it.each<[string, ReturnType<typeof row>, number[]]>([
    ['a pair is one flag', row('🇩', '🇪'), [0]],
    ['two flags in a run pair from the left', row('🇯', '🇵', '🇺', '🇸'), [0, 2]],
    ['a run of three leaves the third alone', row('🇩', '🇪', '🇫'), [0]],
    ['a lone indicator stays alone', row('a', '🇩', 'b'), []],
    ['a non-indicator breaks the run', row('🇩', 'x', '🇪', '🇫'), [2]],
    ['pairs start at any column', row(' ', '|', '🇫', '🇷', '|'), [2]],
    ['an empty cell breaks the run', row('🇩', '', '🇪'), []],
    ['a wide cell is not an indicator cell', row(['🇩🇪', 2], ['', 0], '🇫', '🇷'), [2]],
    ['a cell holding more than one code point is not one', row('🇩\u200d', '🇪'), []],
    ['the last column has no partner', row('x', '🇩'), []],
    ['U+1F1E6 and U+1F1FF are the ends of the range', row('\u{1f1e6}', '\u{1f1ff}', '\u{1f1e5}', '\u{1f200}'), [0]],
  ])('%s', (_name, cells, starts) => {
    expect([...regionalIndicatorPairs(cells)]).toEqual(starts);
  });
});
