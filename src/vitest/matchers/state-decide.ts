/**
 * The decisions of the terminal-state matchers (src/vitest/matchers/state-matchers.ts), pure: the colour
 * forms they take, which cells of a match they check and how each compares, the cursor, title and
 * mode checks, and the lines their failures list.
 */
import { ConfigError, describeValue } from '../../errors.js';
import type { CellRect, Rgb } from '../../geometry.js';
import { closestNames } from '../../suggest.js';
import { resolveCellColors, resolveColor } from '../../render/index.js';
import type { Theme } from '../../render/index.js';
import type { Cell, Color, Cursor, CursorShape, ScreenSnapshot, TerminalMode, UnderlineStyle } from '../../snapshot.js';
import { DEFAULT_MODES, colorsEqual } from '../../snapshot.js';

/**
 * A colour as the colour matchers take it: a palette index 0–255, `'#rrggbb'` (either case),
 * `[r, g, b]` with channels 0–255, or `'default'` (the terminal's default colour).
 */
export type ColorInput = number | string | readonly [number, number, number];

/** The forms of {@link ColorInput}, for messages. */
const COLOR_FORMS = "a palette index 0–255, '#rrggbb', [r, g, b] with channels 0–255, or 'default'";

const isChannel = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 255;

/**
 * `input` as a stored {@link Color}: `'default'` → default, a number → palette, `'#rrggbb'` and
 * `[r, g, b]` → RGB.
 * @throws {ConfigError} naming `matcher` and the accepted forms for anything else (256, '#ff', 'red').
 */
export function parseColor(input: unknown, matcher: string): Color {
  if (input === 'default') return { kind: 'default' };
  if (isChannel(input)) return { kind: 'palette', index: input };
  if (typeof input === 'string' && /^#[0-9a-f]{6}$/i.test(input)) {
    const value = Number.parseInt(input.slice(1), 16);
    return { kind: 'rgb', r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
  }
  if (Array.isArray(input) && input.length === 3 && input.every(isChannel)) {
    const [r, g, b] = input as [number, number, number];
    return { kind: 'rgb', r, g, b };
  }
  const got = Array.isArray(input) ? `[${input.map((item) => describeValue(item)).join(', ')}]` : describeValue(input);
  throw new ConfigError(`${matcher}() takes a colour: ${COLOR_FORMS}; got ${got}.`);
}

function hex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** A stored colour in words: `default`, `palette 1`, `#00cd00`. */
export function formatColor(color: Color): string {
  return color.kind === 'default' ? 'default' : color.kind === 'palette' ? `palette ${color.index}` : hex(color);
}

/** A stored colour with what it resolves to when that says more: `palette 1 (#cd0000)`, `default (#e5e5e5)`, `#00cd00`. */
function formatResolved(color: Color, rgb: Rgb): string {
  return color.kind === 'rgb' ? hex(rgb) : `${formatColor(color)} (${hex(rgb)})`;
}

/** Which colour a colour matcher checks, and how. */
export interface ColorCheck {
  role: 'fg' | 'bg';
  expected: Color;
  /** Compare the stored colour (`{ raw: true }`) instead of the colour as drawn. */
  raw: boolean;
  /** The theme and `boldIsBright` the app's screenshots are drawn with. */
  theme: Theme;
  boldIsBright: boolean;
}

/** What a state matcher decided about one screen. */
export type CellsOutcome =
  /** Every checked cell holds the expectation. */
  | { kind: 'pass'; checked: number }
  /**
   * Some cells do not: one line each, rows then columns; `hint` when every one of them would pass
   * in the colour matchers' other mode (stored, or as drawn), saying how to ask for that.
   */
  | { kind: 'fail'; checked: number; lines: string[]; hint?: string }
  /** The match holds no cell the matcher checks (a foreground on blank cells only). */
  | { kind: 'empty' };

/** The cells of `rect` on `snapshot`, rows then columns, with their positions. */
function cellsOf(snapshot: ScreenSnapshot, rect: CellRect): { row: number; col: number; cell: Cell }[] {
  const cells: { row: number; col: number; cell: Cell }[] = [];
  for (let row = rect.row; row < rect.row + rect.rows; row++) {
    for (let col = rect.col; col < rect.col + rect.cols; col++) {
      const cell = snapshot.cells[row]?.[col];
      if (cell) cells.push({ row, col, cell });
    }
  }
  return cells;
}

/**
 * True when the cell holds a glyph: not blank, not whitespace, not the right half of a wide
 * character; as drawn (not `raw`), also not invisible (SGR 8), which the renderer leaves undrawn.
 */
function drawsGlyph(cell: Cell, raw: boolean): boolean {
  return cell.chars.trim() !== '' && (raw || !cell.invisible);
}

/**
 * Checks the colour of the cells of `rect`: the foreground on the cells that draw a glyph (see
 * {@link drawsGlyph}; a blank or, as drawn, invisible cell's foreground is never seen), the background on every cell. As
 * drawn, colours resolve through the theme as the renderer paints them (`resolveCellColors`:
 * `boldIsBright`, inverse swaps, dim blends half-way to the background) and compare as RGB, so
 * palette 208 equals '#ff8700' and 'default' is the theme's default foreground or background;
 * raw, the stored colour must be the same kind and value (`colorsEqual`).
 */
export function decideColor(snapshot: ScreenSnapshot, rect: CellRect, check: ColorCheck): CellsOutcome {
  const cells = cellsOf(snapshot, rect).filter(({ cell }) => check.role === 'bg' || drawsGlyph(cell, check.raw));
  if (cells.length === 0) return { kind: 'empty' };
  const role = check.role === 'fg' ? 'foreground' : 'background';
  const want = resolveColor(check.expected, check.theme, role);
  const expected = check.raw ? formatColor(check.expected) : formatResolved(check.expected, want);
  const lines: string[] = [];
  const failed: { stored: Color; drawn: Rgb; otherHolds: boolean }[] = [];
  for (const { row, col, cell } of cells) {
    const stored = cell[check.role];
    const drawn = resolveCellColors(cell, check.theme, check.boldIsBright)[check.role];
    const storedHolds = colorsEqual(stored, check.expected);
    const drawnHolds = drawn.r === want.r && drawn.g === want.g && drawn.b === want.b;
    if (check.raw ? storedHolds : drawnHolds) continue;
    lines.push(`row ${row} col ${col}: ${check.role} ${check.raw ? formatColor(stored) : formatDrawn(cell, check, drawn)}, expected ${expected}`);
    failed.push({ stored, drawn, otherHolds: check.raw ? drawnHolds : storedHolds });
  }
  if (lines.length === 0) return { kind: 'pass', checked: cells.length };
  const hint = failed.every((f) => f.otherHolds) ? otherModeHint(check, failed) : undefined;
  return hint ? { kind: 'fail', checked: cells.length, lines, hint } : { kind: 'fail', checked: cells.length, lines };
}

/** A colour as a colour matcher's argument: `4`, `'#729fcf'`, `'default'`. */
function colorArgument(color: Color): string {
  return color.kind === 'palette' ? String(color.index) : `'${formatColor(color)}'`;
}

/**
 * What to pass when the failing cells hold the expected colour in the other mode: stored but drawn
 * otherwise (bold as bright, inverse, dim), or drawn but stored otherwise (an RGB that is a
 * palette colour of the theme). Names the colour they have in this mode when they share one.
 */
function otherModeHint(check: ColorCheck, failed: readonly { stored: Color; drawn: Rgb }[]): string {
  const matcher = check.role === 'fg' ? 'toHaveFgColor' : 'toHaveBgColor';
  const role = check.role === 'fg' ? 'foreground' : 'background';
  if (check.raw) {
    const stored = failed.every((f) => colorsEqual(f.stored, failed[0]!.stored)) ? failed[0]!.stored : undefined;
    const instead = stored ? `, or expect the stored one: ${matcher}(${colorArgument(stored)}, { raw: true })` : '';
    return `As drawn, these cells are ${check.role} ${formatResolved(check.expected, resolveColor(check.expected, check.theme, role))} as expected, but they store another colour. Leave out { raw: true } to compare the drawn colour${instead}.`;
  }
  const first = hex(failed[0]!.drawn);
  const drawn = failed.every((f) => hex(f.drawn) === first) ? first : undefined;
  const instead = drawn ? `, or expect the drawn one: ${matcher}('${drawn}')` : '';
  return `Stored, these cells hold ${check.role} ${formatColor(check.expected)} as expected, but they are drawn in another colour (see above). Pass { raw: true } to compare the stored colour${instead}.`;
}

/** How a cell's colour came to be drawn: `palette 1 (#cd0000)`, or with inverse, dim or bright bold the drawn RGB and why. */
function formatDrawn(cell: Cell, check: ColorCheck, drawn: Rgb): string {
  const bright = check.boldIsBright && cell.bold && cell.fg.kind === 'palette' && cell.fg.index < 8;
  const why = [cell.inverse && 'inverse', cell.dim && check.role === 'fg' && 'dim', bright && 'bold as bright'].filter(Boolean);
  const stored = cell[check.role];
  if (why.length === 0) return formatResolved(stored, drawn);
  return `drawn ${hex(drawn)} (stored fg ${formatColor(cell.fg)}, bg ${formatColor(cell.bg)}; ${why.join(', ')})`;
}

/** The style keys of `toHaveStyle`, in the order messages list them. */
export const STYLE_KEYS = [
  'bold',
  'dim',
  'italic',
  'underline',
  'underlineColor',
  'inverse',
  'strikethrough',
  'overline',
  'blink',
  'invisible',
] as const satisfies readonly (keyof Cell)[];

/** What `toHaveStyle` takes: the keys given are checked, the others ignored. */
export interface StyleExpectation {
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  /** `true` any underline, `false` none, or one style (SGR 4:1–4:5; 21 is double). */
  underline?: boolean | Exclude<UnderlineStyle, 'none'>;
  /** The SGR 58 colour as stored (see {@link ColorInput}); `'default'` means it follows the foreground. */
  underlineColor?: ColorInput;
  inverse?: boolean;
  strikethrough?: boolean;
  overline?: boolean;
  blink?: boolean;
  invisible?: boolean;
}

/** {@link StyleExpectation} checked, its underline colour parsed. */
export type ResolvedStyle = Partial<Omit<StyleExpectation, 'underlineColor'> & { underlineColor: Color }>;

const UNDERLINES: readonly StyleExpectation['underline'][] = [true, false, 'single', 'double', 'curly', 'dotted', 'dashed'];

/**
 * `style` checked.
 * @throws {ConfigError} for a style that is not an object or has no key, an unknown key (with the
 *   closest name), a flag that is not a boolean, an underline outside `true | false | 'single' |
 *   'double' | 'curly' | 'dotted' | 'dashed'`, or a bad underline colour.
 */
export function checkStyle(style: unknown): ResolvedStyle {
  const keys = STYLE_KEYS.join(', ');
  if (typeof style !== 'object' || style === null || Array.isArray(style) || Object.keys(style).length === 0) {
    throw new ConfigError(`toHaveStyle() takes an object with one or more of { ${keys} }; got ${describeValue(style)}.`);
  }
  const resolved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(style)) {
    if (!(STYLE_KEYS as readonly string[]).includes(key)) {
      const [closest] = closestNames(key, STYLE_KEYS, 1);
      throw new ConfigError(`toHaveStyle(): unknown style '${key}'.${closest ? ` Did you mean '${closest}'?` : ''} Styles: ${keys}.`);
    }
    if (key === 'underlineColor') resolved[key] = parseColor(value, 'toHaveStyle({ underlineColor })');
    else if (key === 'underline' && !UNDERLINES.includes(value as never)) {
      throw new ConfigError(`toHaveStyle(): underline takes true, false, 'single', 'double', 'curly', 'dotted' or 'dashed'; got ${describeValue(value)}.`);
    } else if (key !== 'underline' && typeof value !== 'boolean')
      throw new ConfigError(`toHaveStyle(): ${key} takes true or false; got ${describeValue(value)}.`);
    else resolved[key] = value;
  }
  return resolved as ResolvedStyle;
}

/** A style value in messages: `true`, `'curly'`, `palette 9`. */
function formatStyleValue(value: boolean | string | Color): string {
  return typeof value === 'object' ? formatColor(value) : typeof value === 'string' ? `'${value}'` : String(value);
}

/** The differences of one cell from `style`: `bold false, expected true`. */
function styleDifferences(cell: Cell, style: ResolvedStyle): string[] {
  const differences: string[] = [];
  for (const key of STYLE_KEYS) {
    const expected = style[key];
    if (expected === undefined) continue;
    const actual = cell[key];
    const holds =
      key === 'underline'
        ? expected === true
          ? actual !== 'none'
          : expected === false
            ? actual === 'none'
            : actual === expected
        : key === 'underlineColor'
          ? colorsEqual(actual as Color, expected as Color)
          : actual === expected;
    if (!holds) differences.push(`${key} ${formatStyleValue(actual)}, expected ${formatStyleValue(expected)}`);
  }
  return differences;
}

/** Checks the keys of `style` on every cell of `rect` (blank cells too: an underline or inverse shows on them). */
export function decideStyle(snapshot: ScreenSnapshot, rect: CellRect, style: ResolvedStyle): CellsOutcome {
  const cells = cellsOf(snapshot, rect);
  if (cells.length === 0) return { kind: 'empty' };
  const lines = cells.flatMap(({ row, col, cell }) => {
    const differences = styleDifferences(cell, style);
    return differences.length === 0 ? [] : [`row ${row} col ${col}: ${differences.join('; ')}`];
  });
  return lines.length === 0 ? { kind: 'pass', checked: cells.length } : { kind: 'fail', checked: cells.length, lines };
}

/**
 * Checks that every cell of `rect` is in an OSC 8 link whose URI is `expected` (a string, exactly)
 * or matches it (a RegExp, `g`/`y` ignored); the failing cells are listed with their link or none.
 */
export function decideLink(snapshot: ScreenSnapshot, rect: CellRect, expected: string | RegExp): CellsOutcome {
  const cells = cellsOf(snapshot, rect);
  if (cells.length === 0) return { kind: 'empty' };
  const lines = cells.flatMap(({ row, col, cell }) => {
    if (cell.link !== undefined && titleHolds(cell.link, expected)) return [];
    return [`row ${row} col ${col}: ${cell.link === undefined ? 'no link' : `link ${JSON.stringify(cell.link)}`}`];
  });
  return lines.length === 0 ? { kind: 'pass', checked: cells.length } : { kind: 'fail', checked: cells.length, lines };
}

/** What `toHaveCursor` takes: the keys given are checked. */
export interface CursorExpectation {
  visible?: boolean;
  shape?: CursorShape;
  blinking?: boolean;
}

const CURSOR_SHAPES: readonly CursorShape[] = ['block', 'bar', 'underline'];

/** @throws {ConfigError} unless `expected` is `{ col, row }` with whole cells ≥ 0. */
export function checkCursorAt(expected: unknown): { col: number; row: number } {
  const given = expected as Partial<Record<string, unknown>> | null;
  const keys = typeof given === 'object' && given !== null ? Object.keys(given) : [];
  const whole = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
  if (keys.length !== 2 || !whole(given?.col) || !whole(given?.row)) {
    throw new ConfigError(`toHaveCursorAt() takes { col, row }, whole cells from 0; got ${describeValue(expected)}.`);
  }
  return { col: given!.col as number, row: given!.row as number };
}

/** @throws {ConfigError} unless `expected` has one or more of `visible` (boolean), `shape` ('block' | 'bar' | 'underline'), `blinking` (boolean), and nothing else. */
export function checkCursor(expected: unknown): CursorExpectation {
  const shape = "{ visible?: boolean, shape?: 'block' | 'bar' | 'underline', blinking?: boolean }";
  if (typeof expected !== 'object' || expected === null || Object.keys(expected).length === 0) {
    throw new ConfigError(`toHaveCursor() takes ${shape} with one key or more; got ${describeValue(expected)}.`);
  }
  for (const [key, value] of Object.entries(expected)) {
    const ok = key === 'shape' ? CURSOR_SHAPES.includes(value as CursorShape) : (key === 'visible' || key === 'blinking') && typeof value === 'boolean';
    if (!ok) throw new ConfigError(`toHaveCursor() takes ${shape}; got ${key}: ${describeValue(value)}.`);
  }
  return expected as CursorExpectation;
}

/** The cursor in words: `row 2 col 4, visible, steady bar`. */
export function formatCursor(cursor: Cursor): string {
  return `row ${cursor.row} col ${cursor.col}, ${cursor.visible ? 'visible' : 'hidden'}, ${cursor.blinking ? 'blinking' : 'steady'} ${cursor.shape}`;
}

/** True when `cursor` has every key of `expected`. */
export function cursorHolds(cursor: Cursor, expected: CursorExpectation): boolean {
  return (Object.keys(expected) as (keyof CursorExpectation)[]).every((key) => cursor[key] === expected[key]);
}

/** The mode names of `toBeInMode`, as the snapshot's `modes` has them. */
export const MODE_NAMES = Object.keys(DEFAULT_MODES) as TerminalMode[];

/** @throws {ConfigError} unless `mode` is one of {@link MODE_NAMES} (with the closest name). */
export function checkMode(mode: unknown): TerminalMode {
  if (typeof mode === 'string' && (MODE_NAMES as string[]).includes(mode)) return mode as TerminalMode;
  const [closest] = typeof mode === 'string' ? closestNames(mode, MODE_NAMES, 1) : [];
  throw new ConfigError(
    `toBeInMode(): unknown mode ${typeof mode === 'string' ? `'${mode}'` : describeValue(mode)}.${closest ? ` Did you mean '${closest}'?` : ''} Modes: ${MODE_NAMES.join(', ')}.`,
  );
}

/** True when `title` is `expected` (a string, exactly) or matches it (a RegExp, its `g`/`y` flags ignored). */
export function titleHolds(title: string, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? title === expected : new RegExp(expected.source, expected.flags.replace(/[gy]/g, '')).test(title);
}
