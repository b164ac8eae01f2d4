import { describe, expect, it } from 'vitest';
import type { InspectedCell, InspectedScreen, InspectedStyle } from '../../src/render/inspect.js';
import { describeCellChange, formatChars } from '../../src/report/cell-changes.js';

describe('formatChars', () => {
  it.each([
    ['', 'blank'],
    ['a', "'a' U+0061"],
    ['é', "'é' U+00E9"],
    ['👍🏽', "'👍🏽' U+1F44D U+1F3FD"],
  ])('%j → %s', (chars, text) => {
    expect(formatChars(chars)).toBe(text);
  });
});

const PLAIN: InspectedStyle = { fg: 'default', bg: 'default', underlineColor: 'default', fgDrawn: '#ffffff', bgDrawn: '#000000', attributes: [] };
const RED_BOLD: InspectedStyle = { ...PLAIN, fg: 'palette 1', fgDrawn: '#cc0000', attributes: ['bold'] };

function screen(cells: InspectedCell[], cursorCol = 9): InspectedScreen {
  return {
    cols: cells.length,
    rows: 1,
    grid: { xPx: 0, yPx: 0, cellWidthPx: 9, cellHeightPx: 18 },
    cursor: { col: cursorCol, row: 0, visible: true },
    styles: [PLAIN, RED_BOLD],
    cells: [cells],
  };
}

describe('describeCellChange', () => {
  it.each<[string, InspectedScreen | undefined, InspectedScreen | undefined, number, string]>([
    ['characters', screen([['e', 1, 0]]), screen([['é', 1, 0]]), 0, "'e' U+0065 → 'é' U+00E9"],
    ['colours and attributes', screen([['a', 1, 0]]), screen([['a', 1, 1]]), 0, 'fg default → palette 1; fg drawn #ffffff → #cc0000; +bold'],
    ['attributes removed', screen([['a', 1, 1]]), screen([['a', 1, 0]]), 0, 'fg palette 1 → default; fg drawn #cc0000 → #ffffff; -bold'],
    [
      'width',
      screen([
        ['日', 2, 0],
        ['', 0, 0],
      ]),
      screen([
        ['a', 1, 0],
        ['b', 1, 0],
      ]),
      1,
      "blank → 'b' U+0062; width 0 → 1",
    ],
    ['the cursor', screen([['a', 1, 0]], 1), screen([['a', 1, 0]], 0), 0, 'cursor moved here'],
    ['nothing in the cells', screen([['a', 1, 0]]), screen([['a', 1, 0]]), 0, 'same cell; pixels differ (a neighbouring glyph)'],
    [
      'a cell the reference lacks',
      screen([['a', 1, 0]]),
      screen([
        ['a', 1, 0],
        ['b', 1, 0],
      ]),
      1,
      "not on the reference screen (1×1); actual 'b' U+0062",
    ],
    [
      'a cell the actual screen lacks',
      screen([
        ['a', 1, 0],
        ['b', 1, 0],
      ]),
      screen([['a', 1, 0]]),
      1,
      "not on the actual screen (1×1); reference 'b' U+0062",
    ],
    ['no cell data', undefined, screen([['a', 1, 0]]), 0, 'pixels differ (no cell data for both screens)'],
  ])('%s', (_, reference, actual, col, text) => {
    expect(describeCellChange(reference, actual, 0, col)).toBe(text);
  });
});
