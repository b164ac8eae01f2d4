/**
 * What a locator is, as plain data, and what it matches on a screen: a chain of steps (a region,
 * a text search inside each match so far, a pick by position), its description for messages, and
 * the cell an action aims at. Pure: `Locator` (locator.ts) runs it against the live screen.
 */
import { SCREEN } from '../defaults.js';
import { ConfigError, describeValue } from '../errors.js';
import type { CellPosition, CellRect, Size } from '../geometry.js';
import { findAllText, formatPattern } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';

/** The rectangle of `TmuxApp.region`: a part left out reaches the screen's edge (`row`/`col` 0, `rows`/`cols` to the far edge). */
export interface RegionOptions {
  /** Top row, 0-based. @default 0 */
  row?: number;
  /** Left column, in cells, 0-based. @default 0 */
  col?: number;
  /** Height in cells. @default to the bottom of the screen */
  rows?: number;
  /** Width in cells. @default to the right edge of the screen */
  cols?: number;
}

/** Options of `getByText`. */
export interface GetByTextOptions {
  /**
   * A string matches only where it is bounded by a blank cell or the edge of the scope on both
   * sides (see `findAllText`); ignored for a RegExp. @default false
   */
  exact?: boolean;
  /**
   * Search the lines above the screen too (`screen({ scrollback: true })`), the first
   * `getByText` of a locator only: rows then count from the oldest line kept, as in that
   * snapshot (the screen starts at its `viewportTop`), and a mouse action refuses a match above
   * the screen. @default false
   */
  scrollback?: boolean;
}

/** One step of a locator's chain. */
export type LocatorStep =
  | { kind: 'region'; region: RegionOptions }
  | { kind: 'text'; pattern: string | RegExp; exact: boolean; scrollback: boolean }
  | { kind: 'nth'; index: number; name: 'first' | 'last' | 'nth' };

/**
 * Every place `steps` match on `snapshot`, rows top to bottom, then left to right. A region is its
 * rectangle clipped to the screen (none when wholly off it); a text step searches inside each match
 * of the steps before it (the whole screen for the first), so a parent that matches several places
 * is not strict; a pick keeps at most one.
 */
export function resolveSteps(steps: readonly LocatorStep[], snapshot: ScreenSnapshot): CellRect[] {
  let boxes: CellRect[] = [{ row: 0, col: 0, rows: snapshot.rows, cols: snapshot.cols }];
  for (const step of steps) {
    if (step.kind === 'region') boxes = boxes.flatMap((box) => clipRect(regionRect(step.region, snapshot), box) ?? []);
    else if (step.kind === 'nth') boxes = pick(boxes, step.index);
    else boxes = sortBoxes(boxes.flatMap((within) => findAllText(snapshot, step.pattern, { exact: step.exact, within }).map(boxOf)));
  }
  return boxes;
}

function boxOf(match: { row: number; col: number; cols: number }): CellRect {
  return { row: match.row, col: match.col, rows: 1, cols: match.cols };
}

function sortBoxes(boxes: CellRect[]): CellRect[] {
  return boxes.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The match at `index` (negative: from the end, as Playwright's `nth(-1)`), or none. */
function pick(boxes: readonly CellRect[], index: number): CellRect[] {
  const box = boxes.at(index);
  return box ? [box] : [];
}

/** A region's rectangle on a screen of `size`: left-out parts reach the edges. */
function regionRect(region: RegionOptions, size: Size): CellRect {
  const row = region.row ?? 0;
  const col = region.col ?? 0;
  return { row, col, rows: region.rows ?? Math.max(0, size.rows - row), cols: region.cols ?? Math.max(0, size.cols - col) };
}

/** The part of `rect` inside `bounds`, or undefined when they do not overlap. */
export function clipRect(rect: CellRect, bounds: CellRect): CellRect | undefined {
  const row = Math.max(rect.row, bounds.row);
  const col = Math.max(rect.col, bounds.col);
  const rows = Math.min(rect.row + rect.rows, bounds.row + bounds.rows) - row;
  const cols = Math.min(rect.col + rect.cols, bounds.col + bounds.cols) - col;
  return rows > 0 && cols > 0 ? { row, col, rows, cols } : undefined;
}

/**
 * How messages name a locator, as it was written: `getByText('Save', { exact: true }).nth(1)`,
 * `region({ rows: 1 }).getByText('File')`.
 */
export function describeSteps(steps: readonly LocatorStep[]): string {
  return steps.map(describeStep).join('.') || 'screen';
}

function describeStep(step: LocatorStep): string {
  if (step.kind === 'nth') return step.name === 'nth' ? `nth(${step.index})` : `${step.name}()`;
  if (step.kind === 'text') {
    const options = [step.exact && 'exact: true', step.scrollback && 'scrollback: true'].filter(Boolean);
    return `getByText(${formatPattern(step.pattern)}${options.length ? `, { ${options.join(', ')} }` : ''})`;
  }
  const parts = (['row', 'col', 'rows', 'cols'] as const).filter((key) => step.region[key] !== undefined).map((key) => `${key}: ${step.region[key]}`);
  return `region(${parts.length ? `{ ${parts.join(', ')} }` : ''})`;
}

/**
 * Matches as messages list them: `row 0 col 0, row 3 col 12`; past `SCREEN.listedMatches`, the
 * rest counted (`…, and 613 more`).
 */
export function formatMatches(boxes: readonly CellRect[]): string {
  const listed = boxes.slice(0, SCREEN.listedMatches).map((box) => `row ${box.row} col ${box.col}`);
  const more = boxes.length - listed.length;
  return more > 0 ? `${listed.join(', ')}, and ${more} more` : listed.join(', ');
}

/**
 * The cell an action on `box` aims at: `position` from its top-left cell when given, else its
 * centre cell — the middle one of an odd count, the left (upper) of the middle two of an even
 * count, so a lone wide character is aimed at its own first cell. Playwright aims at the centre
 * point of the box, which for an even count is the border between the middle two cells.
 * @throws {ConfigError} when `position` is not whole cells, or lands off the screen of `size`.
 */
export function targetCell(box: CellRect, size: Size, position?: CellPosition): CellPosition {
  const offset = position ?? { col: Math.floor((box.cols - 1) / 2), row: Math.floor((box.rows - 1) / 2) };
  if (!Number.isInteger(offset.col) || !Number.isInteger(offset.row)) {
    throw new ConfigError(
      `position must be whole cells { col, row } from the match's top-left cell; got { col: ${describeValue(offset.col)}, row: ${describeValue(offset.row)} }.`,
    );
  }
  const target = { col: box.col + offset.col, row: box.row + offset.row };
  if (target.col < 0 || target.row < 0 || target.col >= size.cols || target.row >= size.rows) {
    throw new ConfigError(
      `position { col: ${offset.col}, row: ${offset.row} } from the match at row ${box.row} col ${box.col} is row ${target.row} col ${target.col}, off the ${size.cols}x${size.rows} screen.`,
    );
  }
  return target;
}

/** `region`'s options checked: whole cells, `row`/`col` ≥ 0, `rows`/`cols` ≥ 1. @throws {ConfigError} naming the bad part. */
export function checkRegion(region: unknown): RegionOptions {
  if (region === undefined) return {};
  if (typeof region !== 'object' || region === null || Array.isArray(region)) {
    throw new ConfigError(`region() takes { row?, col?, rows?, cols? } in cells; got ${describeValue(region)}.`);
  }
  const given = region as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!['row', 'col', 'rows', 'cols'].includes(key))
      throw new ConfigError(`region() takes { row?, col?, rows?, cols? } in cells; '${key}' is not one of them.`);
    const value = given[key];
    const min = key === 'row' || key === 'col' ? 0 : 1;
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min)) {
      throw new ConfigError(`region() ${key} must be a whole number of cells, ${min} or more; got ${describeValue(value)}.`);
    }
  }
  return { ...given } as RegionOptions;
}
