/**
 * The terminal-state matchers: colours, styles and links of a locator's one match (`toHaveFgColor`,
 * `toHaveBgColor`, `toHaveStyle`, `toHaveLink`), and the cursor, title and modes of an app or snapshot
 * (`toHaveCursorAt`, `toHaveCursor`, `toHaveTitle`, `toBeInMode`). Over a live app each re-reads
 * the screen after every output (and at least every `WAIT_CONSTANTS.pollMs`) until the
 * expectation holds or `timeout` passes; `.not` waits for it not to hold. Gather (the waits
 * below), decide (src/vitest/matchers/state-decide.ts, pure), format (the messages below).
 */
import type { MatcherState } from 'vitest';
import { VITEST_CONSTANTS, WAIT_CONSTANTS } from '../../defaults.js';
import { TmuxShotError, WaitTimeoutError, describeValue } from '../../errors.js';
import type { CellRect } from '../../geometry.js';
import { checkPattern, formatMatches, locatorInternals } from '../../app/index.js';
import type { LocatorInternals } from '../../app/index.js';
import { resolveRenderOptions } from '../../render/index.js';
import { formatPattern, formatScreenBlock, snapshotText } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { poll } from '../../wait.js';
import type { WaitTimeout } from '../../wait.js';
import { formatLocatorOf, renderOptionsOfApp } from '../fixtures/app-handle.js';
import { formatBadSubject, formatHeader } from './failure-message.js';
import type { SyncExpectationResult } from './failure-message.js';
import { resolveColorOptions, resolveShowTextOptions } from '../options.js';
import type { ColorAssertionOptions } from '../options.js';
import {
  checkCursor,
  checkCursorAt,
  checkMode,
  checkStyle,
  cursorHolds,
  decideColor,
  decideLink,
  decideStyle,
  formatColor,
  formatCursor,
  parseColor,
  titleHolds,
} from './state-decide.js';
import type { CellsOutcome, ColorInput, CursorExpectation, ResolvedStyle, StyleExpectation } from './state-decide.js';
import { classifySubject, subjectLabel, testOfAssertion } from './subject.js';
import { attemptSignal, trackWait } from '../test-timeout.js';
import { formatUntil, waitOnPort } from './locator-matchers.js';
import type { Until } from './locator-matchers.js';
import { sourceOf } from './text-matchers.js';

/** Options of the cursor, title and mode matchers and of `toHaveStyle`. */
export interface StateAssertionOptions {
  /** Longest wait, in ms. @default 5000 (WAIT.timeout), or what is left of the test's own timeout less 1000 ms (VITEST_CONSTANTS.timeoutMargin) */
  timeout?: number;
}

/** What a cell matcher saw on one screen: the locator's matches and, for one match, the decision. */
type CellsSeen = { snapshot: ScreenSnapshot | undefined; matches: CellRect[]; outcome: CellsOutcome | { kind: 'strict' } | { kind: 'none' } };

/** How a cell matcher names what it checks, for its sentences. */
interface CellsWording {
  /** `fg '#00cd00'`, `style { bold: true }`. */
  expectation: string;
  /** The cells it checks: `glyph cells` or `cells`. */
  cells: string;
}

/** The locator `received` is, or a failure saying what the matcher takes (pointing a whole app at its locators). */
function locatorOf(received: unknown, matcher: string, isNot: boolean, args: readonly string[]): LocatorInternals {
  const locator = locatorInternals(received);
  if (locator) return locator;
  const subject = classifySubject(received);
  const header = formatHeader(matcher, isNot, args, subject ? subjectLabel(subject) : 'locator');
  const accepts = "a Locator: tmuxApp.getByText('…'), or tmuxApp.region({ row, col, rows: 1, cols: 1 }) for one cell";
  const got = subject
    ? `${subject.kind === 'snapshot' ? 'a screen snapshot' : 'a whole app'}; say which cells, e.g. expect(tmuxApp.getByText('Save'))`
    : describeValue(received);
  throw new TmuxShotError(formatBadSubject(header, accepts, got));
}

/**
 * Runs a cell matcher: waits on the locator's app until its one match passes `decide` (or under
 * `.not` fails it), then reports what it saw last. Several matches fail at once (strict); none, or
 * a match without the cells it checks, fail either way.
 */
async function assertCells(
  state: MatcherState,
  received: unknown,
  matcher: string,
  args: readonly string[],
  timeout: WaitTimeout,
  wording: CellsWording,
  decide: (snapshot: ScreenSnapshot, match: CellRect) => CellsOutcome,
): Promise<SyncExpectationResult> {
  const isNot = state.isNot === true; // Vitest leaves it undefined when not negated
  const locator = locatorOf(received, matcher, isNot, args);
  const header = formatHeader(matcher, isNot, args, 'locator');
  const task = testOfAssertion(state, locator.app);
  const { port } = locator;
  let seen: CellsSeen | undefined;
  const probe = (): CellsSeen | undefined => {
    const snapshot = port.readScreen();
    if (!snapshot) return undefined;
    const matches = locator.resolve(snapshot);
    const outcome = matches.length > 1 ? { kind: 'strict' as const } : matches[0] ? decide(snapshot, matches[0]) : { kind: 'none' as const };
    seen = { snapshot, matches, outcome };
    const settled = outcome.kind === 'strict' || (outcome.kind === 'pass' && !isNot) || (outcome.kind === 'fail' && isNot);
    return settled ? seen : undefined;
  };
  const screenText = () => {
    const snapshot = port.readScreen() ?? seen?.snapshot;
    return snapshot && snapshotText(snapshot);
  };
  const until = await waitOnPort(task, port, probe, { header, timeout, screenText }, assertCells);
  const last: CellsSeen = seen ?? { snapshot: undefined, matches: [], outcome: { kind: 'none' } };
  // Strict, no match, or no cell to check: a failure with or without `.not`.
  const { kind } = last.outcome;
  const pass = kind === 'pass' ? true : kind === 'fail' ? false : isNot;
  return { pass, message: () => cellsMessage(header, locator, wording, until, last) };
}

/** The listed lines, at most `VITEST_CONSTANTS.listedCells`, then how many more. */
function listLines(lines: readonly string[]): string[] {
  const max = VITEST_CONSTANTS.listedCells;
  const more = lines.length - max;
  return more > 0 ? [...lines.slice(0, max), `...and ${more} more ${more === 1 ? 'cell' : 'cells'}`] : [...lines];
}

/** What a cell matcher saw, in words: the sentence, then the cells that differ. Pure. */
function describeCellsShortfall(wording: CellsWording, until: Until, matches: readonly CellRect[], outcome: CellsSeen['outcome']): string[] {
  const within = formatUntil(until);
  const where = matches.length === 1 ? `its match at ${formatMatches(matches)}` : 'its match';
  switch (outcome.kind) {
    case 'strict':
      return [
        `Strict mode violation: it matches ${matches.length} places (${formatMatches(matches)}); one is needed. Choose with .first(), .last() or .nth(i), or narrow it.`,
      ];
    case 'none':
      return [`Expected it to match one place ${within}, but it matches none.`];
    case 'empty':
      return [
        `Expected ${where} to have ${wording.expectation} ${within}, but it has no ${wording.cells}: blank cells, spaces and invisible text (SGR 8) draw no foreground. Check the background, a locator on the text, or { raw: true } for the stored colour.`,
      ];
    case 'pass':
      return [`Expected ${where} not to have ${wording.expectation} on all its ${wording.cells} ${within}, but all ${outcome.checked} do.`];
    case 'fail':
      return [
        `Expected ${where} to have ${wording.expectation} on all its ${wording.cells} ${within}, but ${outcome.lines.length} of ${outcome.checked} do not:`,
        ...listLines(outcome.lines),
        ...(outcome.hint ? [outcome.hint] : []),
      ];
  }
}

function cellsMessage(header: string, locator: LocatorInternals, wording: CellsWording, until: Until, last: CellsSeen): string {
  const { snapshot, matches, outcome } = last;
  const legend = matches.length > 0 ? ['^ marks its matches.'] : [];
  return [
    header,
    '',
    `Locator: ${formatLocatorOf(locator)}`,
    ...describeCellsShortfall(wording, until, matches, outcome),
    ...legend,
    '',
    'Screen:',
    formatScreenBlock(snapshot ? snapshotText(snapshot) : '', matches),
  ].join('\n');
}

/** The colour matchers' shared part: check the colour and options, resolve the app's theme, run. */
function assertColor(state: MatcherState, received: unknown, role: 'fg' | 'bg', color: unknown, options: unknown): Promise<SyncExpectationResult> {
  const matcher = role === 'fg' ? 'toHaveFgColor' : 'toHaveBgColor';
  const expected = parseColor(color, matcher);
  const locator = locatorInternals(received);
  const { timeout, raw } = resolveColorOptions(options, testOfAssertion(state, locator?.app ?? received), matcher);
  const { theme, boldIsBright } = resolveRenderOptions(renderOptionsOfApp(locator?.app));
  const args = [typeof color === 'string' ? `'${color}'` : Array.isArray(color) ? `[${color.join(', ')}]` : String(color), ...(raw ? ['{ raw: true }'] : [])];
  const wording = { expectation: `${role} ${formatColor(expected)}${raw ? ' (stored)' : ''}`, cells: role === 'fg' ? 'glyph cells' : 'cells' };
  return assertCells(state, received, matcher, args, timeout, wording, (snapshot, match) =>
    decideColor(snapshot, match, { role, expected, raw, theme, boldIsBright }),
  );
}

/**
 * Passes when every cell of the locator's one match that draws a glyph (not blank, not a space, not invisible text unless `raw`)
 * has this foreground colour: as drawn through the app's theme (palette 208 equals '#ff8700',
 * 'default' is the theme's foreground; inverse, dim and `boldIsBright` as the renderer paints
 * them), or with `{ raw: true }` as stored. Waits for it; `.not` waits until a glyph cell differs.
 * Several matches fail at once (strict); a match with no glyph fails either way.
 * @throws {TmuxShotError} when `received` is not a Locator (a whole app: use `tmuxApp.getByText('…')`
 *   or `tmuxApp.region({ row, col, rows: 1, cols: 1 })`); {@link ConfigError} for a colour outside the forms of
 *   `ColorInput` or bad options.
 */
export function toHaveFgColor(this: MatcherState, received: unknown, color: ColorInput, options?: ColorAssertionOptions): Promise<SyncExpectationResult> {
  return assertColor(this, received, 'fg', color, options);
}

/**
 * Passes when every cell of the locator's one match has this background colour, blank cells
 * included, compared as `toHaveFgColor` compares ('default' is the theme's background; inverse
 * swaps). Waits for it; `.not` waits until a cell differs.
 * @throws as {@link toHaveFgColor}.
 */
export function toHaveBgColor(this: MatcherState, received: unknown, color: ColorInput, options?: ColorAssertionOptions): Promise<SyncExpectationResult> {
  return assertColor(this, received, 'bg', color, options);
}

/** `{ bold: true, underline: 'curly' }` as given, for headers and sentences. */
function formatStyle(style: ResolvedStyle): string {
  const entries = Object.entries(style).map(
    ([key, value]) => `${key}: ${typeof value === 'object' ? formatColor(value) : typeof value === 'string' ? `'${value}'` : value}`,
  );
  return `{ ${entries.join(', ')} }`;
}

/**
 * Passes when every cell of the locator's one match, blank cells included, has the styles given
 * (only the keys given are checked; `underline: true` is any underline, `underlineColor` the SGR 58
 * colour as stored). Waits for it; `.not` waits until a cell differs. Several matches fail at once.
 * @throws {TmuxShotError} when `received` is not a Locator; {@link ConfigError} for an unknown
 *   style key, a value of the wrong kind, or bad options.
 */
export function toHaveStyle(this: MatcherState, received: unknown, style: StyleExpectation, options?: StateAssertionOptions): Promise<SyncExpectationResult> {
  const expected = checkStyle(style);
  const locator = locatorInternals(received);
  const { timeout } = resolveShowTextOptions(options, testOfAssertion(this, locator?.app ?? received), 'toHaveStyle');
  const text = formatStyle(expected);
  return assertCells(this, received, 'toHaveStyle', [text], timeout, { expectation: `style ${text}`, cells: 'cells' }, (snapshot, match) =>
    decideStyle(snapshot, match, expected),
  );
}

/**
 * Passes when every cell of the locator's one match is in an OSC 8 hyperlink (`ESC ] 8 ; ; URI ST`)
 * whose URI is `expected` (a string, exactly) or matches it (a RegExp) — Playwright's
 * `toHaveAttribute('href', …)` for terminal cells. Waits for it; `.not` waits until a cell differs.
 * Several matches fail at once (strict).
 * @throws {TmuxShotError} when `received` is not a Locator; {@link ConfigError} for an `expected`
 *   that is not a string or RegExp, or bad options.
 */
export function toHaveLink(this: MatcherState, received: unknown, expected: string | RegExp, options?: StateAssertionOptions): Promise<SyncExpectationResult> {
  checkPattern(expected, 'toHaveLink');
  const locator = locatorInternals(received);
  const { timeout } = resolveShowTextOptions(options, testOfAssertion(this, locator?.app ?? received), 'toHaveLink');
  const text = formatPattern(expected);
  return assertCells(this, received, 'toHaveLink', [text], timeout, { expectation: `link ${text}`, cells: 'cells' }, (snapshot, match) =>
    decideLink(snapshot, match, expected),
  );
}

/**
 * Runs a screen-state matcher: on a running app, re-reads the screen until `holds` answers as
 * expected (see {@link waitOnPort}); on a snapshot or a closed app, whose screen is final, checks
 * once and returns at once, not a Promise, so a missing `await` still fails its own test. Then
 * reports the last screen with `sentence`.
 */
function assertScreenState(
  state: MatcherState,
  received: unknown,
  matcher: string,
  args: readonly string[],
  options: unknown,
  holds: (snapshot: ScreenSnapshot) => boolean,
  sentence: (snapshot: ScreenSnapshot, isNot: boolean, within: string) => string,
): SyncExpectationResult | Promise<SyncExpectationResult> {
  const isNot = state.isNot === true; // Vitest leaves it undefined when not negated
  const source = sourceOf(matcher, isNot, received);
  const task = testOfAssertion(state, received);
  const { timeout } = resolveShowTextOptions(options, task, matcher);
  const header = formatHeader(matcher, isNot, args, source.label);
  const result = (snapshot: ScreenSnapshot, within: string): SyncExpectationResult => {
    const marks = [{ col: snapshot.cursor.col, row: snapshot.cursor.row, cols: 1, rows: 1 }];
    return {
      pass: holds(snapshot),
      message: () =>
        [header, '', sentence(snapshot, isNot, within), '^ marks the cursor.', '', 'Screen:', formatScreenBlock(snapshotText(snapshot), marks)].join('\n'),
    };
  };
  if (!source.live) return result(source.read(), '');
  const port = locatorInternals((source.live as { region?: () => unknown }).region?.())?.port;
  if (port?.isClosed()) return result(source.read(), ` ${formatUntil({ closed: true })}`);
  let snapshot!: ScreenSnapshot; // the wait reads at least once
  const done = () => (holds((snapshot = source.read())) !== isNot ? true : undefined);
  const screenText = () => snapshotText(source.read());
  // An app's own wait; another live screen (no app behind it) is polled, woken by its output.
  const waited = port
    ? waitOnPort(task, port, done, { header, timeout, screenText }, assertScreenState)
    : trackWait(task, { what: header, timeout, screenText }, () =>
        poll(done, { timeout: timeout.ms, interval: WAIT_CONSTANTS.pollMs, wake: source.wake, signal: attemptSignal(task) }),
      ).then(
        () => timeout,
        (error: unknown) => {
          if (error instanceof WaitTimeoutError) return timeout;
          throw error;
        },
      );
  return waited.then((until) => result(snapshot, ` ${formatUntil(until)}`));
}

/**
 * Passes when the cursor is at `{ col, row }` (0-based cells). Waits for it on a live app; `.not`
 * waits until it is elsewhere.
 * @throws {TmuxShotError} when `received` is not a tmuxApp, TmuxApp or snapshot; {@link ConfigError}
 *   for a position that is not `{ col, row }` in whole cells, or bad options.
 */
export function toHaveCursorAt(
  this: MatcherState,
  received: unknown,
  position: { col: number; row: number },
  options?: StateAssertionOptions,
): SyncExpectationResult | Promise<SyncExpectationResult> {
  const { col, row } = checkCursorAt(position);
  const at = `row ${row} col ${col}`;
  return assertScreenState(
    this,
    received,
    'toHaveCursorAt',
    [`{ col: ${col}, row: ${row} }`],
    options,
    ({ cursor }) => cursor.col === col && cursor.row === row,
    ({ cursor }, isNot, within) =>
      isNot
        ? `Expected the cursor to leave ${at}${within}, but it is still there.`
        : `Expected the cursor at ${at}${within}, but it is at row ${cursor.row} col ${cursor.col}.`,
  );
}

/**
 * Passes when the cursor has the keys given of `{ visible, shape, blinking }` (DECTCEM; DECSCUSR
 * shape 'block' | 'bar' | 'underline' and blinking; see `Cursor`). Waits for it on a live app;
 * `.not` waits until one differs.
 * @throws {TmuxShotError} for a subject as {@link toHaveCursorAt}; {@link ConfigError} for an
 *   unknown key, a value of the wrong kind, or bad options.
 */
export function toHaveCursor(
  this: MatcherState,
  received: unknown,
  expected: CursorExpectation,
  options?: StateAssertionOptions,
): SyncExpectationResult | Promise<SyncExpectationResult> {
  const checked = checkCursor(expected);
  const text = `{ ${Object.entries(checked)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? `'${value}'` : value}`)
    .join(', ')} }`;
  return assertScreenState(
    this,
    received,
    'toHaveCursor',
    [text],
    options,
    ({ cursor }) => cursorHolds(cursor, checked),
    ({ cursor }, isNot, within) => `Expected the cursor ${isNot ? 'not ' : ''}to be ${text}${within}, but it is ${formatCursor(cursor)}.`,
  );
}

/**
 * Passes when the window title the app set last (OSC 0 or 2; '' when none) is `expected` (a
 * string, exactly) or matches it (a RegExp, `g`/`y` ignored). Waits for it on a live app; `.not`
 * waits until it differs.
 * @throws {TmuxShotError} for a subject as {@link toHaveCursorAt}; {@link ConfigError} for an
 *   `expected` that is not a string or RegExp, or bad options.
 */
export function toHaveTitle(
  this: MatcherState,
  received: unknown,
  expected: string | RegExp,
  options?: StateAssertionOptions,
): SyncExpectationResult | Promise<SyncExpectationResult> {
  checkPattern(expected, 'toHaveTitle');
  const verb = typeof expected === 'string' ? 'be' : 'match';
  return assertScreenState(
    this,
    received,
    'toHaveTitle',
    [formatPattern(expected)],
    options,
    ({ title }) => titleHolds(title, expected),
    ({ title }, isNot, within) =>
      `Expected the title ${isNot ? 'not ' : ''}to ${verb} ${formatPattern(expected)}${within}, but it is ${title === '' ? "'' (the app set none)" : formatPattern(title)}.`,
  );
}

/**
 * Passes when the terminal is in `mode` (see `TerminalModes`: 'alternateScreen', 'mouseTracking',
 * 'bracketedPaste', 'applicationCursorKeys', 'applicationKeypad', 'focusEvents',
 * 'synchronizedOutput', 'autoWrap', 'originMode', 'insertMode'). Waits for it on a live app;
 * `.not` waits until the app leaves it.
 * @throws {TmuxShotError} for a subject as {@link toHaveCursorAt}; {@link ConfigError} for an
 *   unknown mode (with the closest name) or bad options.
 */
export function toBeInMode(
  this: MatcherState,
  received: unknown,
  mode: string,
  options?: StateAssertionOptions,
): SyncExpectationResult | Promise<SyncExpectationResult> {
  const name = checkMode(mode);
  return assertScreenState(
    this,
    received,
    'toBeInMode',
    [`'${name}'`],
    options,
    ({ modes }) => modes[name],
    ({ modes }, isNot, within) => {
      const on = Object.entries(modes)
        .filter(([, value]) => value)
        .map(([key]) => key);
      const now = `Modes on: ${on.length ? on.join(', ') : 'none'}.`;
      return isNot
        ? `Expected the terminal to leave ${name}${within}, but it is still in it. ${now}`
        : `Expected the terminal in ${name}${within}, but it is not. ${now}`;
    },
  );
}
