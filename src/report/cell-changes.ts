/**
 * What changed in one cell between a screenshot's reference and actual screens (pure), in words
 * for the report's list of changed cells and its cell inspector: from the cell data, never pixels.
 */
import type { InspectedScreen } from '../render/inspect.js';
import { formatCodePoint } from '../snapshot.js';

/** A cell's characters as the report shows them: `'é' U+00E9`, or `blank`. */
export function formatChars(chars: string): string {
  if (chars === '') return 'blank';
  const points = [...chars].map((ch) => formatCodePoint(ch.codePointAt(0)!)).join(' ');
  return `'${chars}' ${points}`;
}

interface CellFacts {
  chars: string;
  width: number;
  fg: string;
  bg: string;
  underlineColor: string;
  fgDrawn: string;
  bgDrawn: string;
  attributes: readonly string[];
  cursor: boolean;
}

function factsAt(screen: InspectedScreen, row: number, col: number): CellFacts | undefined {
  const cell = screen.cells[row]?.[col];
  if (!cell) return undefined;
  const style = screen.styles[cell[2]];
  if (!style) return undefined;
  const { col: cursorCol, row: cursorRow, visible } = screen.cursor;
  return { ...style, chars: cell[0], width: cell[1], cursor: visible && cursorCol === col && cursorRow === row };
}

const COLOUR_FIELDS = [
  ['fg', 'fg'],
  ['bg', 'bg'],
  ['underlineColor', 'underline colour'],
  ['fgDrawn', 'fg drawn'],
  ['bgDrawn', 'bg drawn'],
] as const;

/**
 * What differs at (`row`, `col`): characters, width, each stored and drawn colour, attributes
 * added (`+bold`) and removed (`-bold`), the cursor; joined with `; `. Says so when a screen has
 * no cells there, when no screen data is known, and when the cells are the same (the pixels then
 * differ through a neighbour: a wide glyph or one drawn past its cell).
 */
export function describeCellChange(reference: InspectedScreen | undefined, actual: InspectedScreen | undefined, row: number, col: number): string {
  if (!reference || !actual) return 'pixels differ (no cell data for both screens)';
  const before = factsAt(reference, row, col);
  const after = factsAt(actual, row, col);
  if (!before) return `not on the reference screen (${reference.cols}×${reference.rows}); actual ${after ? formatChars(after.chars) : 'none'}`;
  if (!after) return `not on the actual screen (${actual.cols}×${actual.rows}); reference ${formatChars(before.chars)}`;
  const parts: string[] = [];
  if (before.chars !== after.chars) parts.push(`${formatChars(before.chars)} → ${formatChars(after.chars)}`);
  if (before.width !== after.width) parts.push(`width ${before.width} → ${after.width}`);
  for (const [field, label] of COLOUR_FIELDS) {
    if (before[field] !== after[field]) parts.push(`${label} ${before[field]} → ${after[field]}`);
  }
  const added = after.attributes.filter((a) => !before.attributes.includes(a)).map((a) => `+${a}`);
  const removed = before.attributes.filter((a) => !after.attributes.includes(a)).map((a) => `-${a}`);
  if (added.length + removed.length > 0) parts.push([...added, ...removed].join(' '));
  if (before.cursor !== after.cursor) parts.push(after.cursor ? 'cursor moved here' : 'cursor moved away');
  return parts.length > 0 ? parts.join('; ') : 'same cell; pixels differ (a neighbouring glyph)';
}
