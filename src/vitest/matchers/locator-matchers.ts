/**
 * The locator matchers — `toBeVisible`, `toHaveText`, `toHaveCount` — Playwright's, over a
 * `Locator`: each re-resolves the locator on the live screen after every output of its app (and at
 * least every `WAIT_CONSTANTS.pollMs`) until the expectation holds or `timeout` passes; `.not` waits
 * for it not to hold. Gather (the app's wait), decide (`decideLocator`, pure), format
 * (`formatLocatorFailure`).
 */
import type { MatcherState } from 'vitest';
import { AppExitedError, ConfigError, TmuxShotError, WaitTimeoutError, describeValue } from '../../errors.js';
import type { CellRect } from '../../geometry.js';
import { checkPattern, formatMatches, locatorInternals } from '../../app/index.js';
import type { AppPort, ExitStatus, LocatorInternals } from '../../app/index.js';
import { describeExit } from '../../host/index.js';
import { formatPattern, rectText, snapshotText } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import { formatTimeout } from '../../wait.js';
import type { WaitTimeout } from '../../wait.js';
import { formatLocatorOf } from '../fixtures/app-handle.js';
import { formatBadSubject, formatHeader, formatLocatorFailure } from './failure-message.js';
import type { SyncExpectationResult } from './failure-message.js';
import { resolveShowTextOptions } from '../options.js';
import { testOfAssertion } from './subject.js';
import { attemptSignal, trackWait } from '../test-timeout.js';

/** Options of the locator matchers. */
export interface LocatorAssertionOptions {
  /** Longest wait, in ms. @default 5000 (WAIT.timeout), or what is left of the test's own timeout less 1000 ms (VITEST_CONSTANTS.timeoutMargin) */
  timeout?: number;
}

/** What a locator matcher expects. */
export type LocatorExpectation = { matcher: 'toBeVisible' } | { matcher: 'toHaveText'; expected: string | RegExp } | { matcher: 'toHaveCount'; count: number };

/**
 * Whether `matches` meet `expectation`: 'strict' when it needs one match (`toBeVisible`,
 * `toHaveText`, as Playwright's) and there are several — a failure with or without `.not`.
 * @param textOf The text of a match (the locator's `text()`).
 */
export function decideLocator(expectation: LocatorExpectation, matches: readonly CellRect[], textOf: (match: CellRect) => string): 'pass' | 'fail' | 'strict' {
  if (expectation.matcher === 'toHaveCount') return matches.length === expectation.count ? 'pass' : 'fail';
  if (matches.length > 1) return 'strict';
  const [match] = matches;
  if (!match) return 'fail';
  if (expectation.matcher === 'toBeVisible') return 'pass';
  const { expected } = expectation;
  const text = textOf(match);
  const holds = typeof expected === 'string' ? text === expected : new RegExp(expected.source, expected.flags.replace(/[gy]/g, '')).test(text);
  return holds ? 'pass' : 'fail';
}

/** How long a matcher on an app's port looked: its timeout, until the app exited, or once (the app is closed). */
export type Until = WaitTimeout | { exited: ExitStatus } | { closed: true };

/** `within 5000 ms`, `before the app exited (exit status 0)`, or `on the closed app's last screen`. */
export function formatUntil(until: Until): string {
  if ('closed' in until) return "on the closed app's last screen";
  return 'exited' in until ? `before the app exited (${describeExit(until.exited)})` : `within ${formatTimeout(until)}`;
}

/**
 * Runs a matcher's `probe` on its app through `port` as a pending wait of `task` (see
 * `trackWait`): until it returns a value, the app exits with it unmet, or the timeout. A closed
 * app's screen is final: `probe` reads it once, at once.
 * @returns How long it looked (the probe keeps what it saw).
 * @throws whatever the wait throws but the timeout and the app's exit.
 */
export async function waitOnPort(
  task: Parameters<typeof trackWait>[0],
  port: AppPort,
  probe: () => unknown,
  wait: { header: string; timeout: WaitTimeout; screenText: () => string | undefined },
  caller: Function,
): Promise<Until> {
  if (port.isClosed()) {
    probe();
    return { closed: true };
  }
  const { header, timeout, screenText } = wait;
  let until: Until = timeout;
  await trackWait(task, { what: header, timeout, screenText }, () =>
    port.waitUntil(probe, { timeout: timeout.ms, signal: attemptSignal(task) }, () => header, caller),
  ).catch((error: unknown) => {
    if (error instanceof AppExitedError) until = { exited: { exitCode: error.exitCode, signal: error.signal } };
    else if (!(error instanceof WaitTimeoutError)) throw error;
  });
  return until;
}

/** The last screen a matcher read, its matches there, and what it decided. */
interface Seen {
  snapshot: ScreenSnapshot;
  matches: CellRect[];
  outcome: 'pass' | 'fail' | 'strict';
}

/**
 * What the locator's last matches say against the expectation, in words: `Expected … within 5000 ms, but …`.
 * Pure; `text` is the text of the one match, if there is one.
 */
export function describeLocatorShortfall(
  expectation: LocatorExpectation,
  isNot: boolean,
  until: Until,
  matches: readonly CellRect[],
  text: string | undefined,
): string {
  const within = formatUntil(until);
  const found = matches.length === 0 ? 'none' : `${matches.length} (${formatMatches(matches)})`;
  if (matches.length > 1 && expectation.matcher !== 'toHaveCount') {
    return `Strict mode violation: it matches ${matches.length} places (${formatMatches(matches)}); ${expectation.matcher} needs one. Choose with .first(), .last() or .nth(i), or narrow it.`;
  }
  if (expectation.matcher === 'toHaveCount') {
    const places = `${expectation.count} ${expectation.count === 1 ? 'place' : 'places'}`;
    return isNot
      ? `Expected it not to match ${places} ${within}, but it still does: ${formatMatches(matches)}.`
      : `Expected it to match ${places} ${within}, but it matches ${found}.`;
  }
  if (expectation.matcher === 'toBeVisible') {
    return isNot
      ? `Expected it to match nothing ${within}, but it still matches at ${formatMatches(matches)}.`
      : `Expected it to match one place ${within}, but it matches none.`;
  }
  const expected = `${typeof expectation.expected === 'string' ? 'be' : 'match'} ${formatPattern(expectation.expected)}`;
  if (isNot) return `Expected its text not to ${expected} ${within}, but it is ${formatPattern(text ?? '')}.`;
  return text === undefined
    ? `Expected its text to ${expected} ${within}, but it matches nothing.`
    : `Expected its text to ${expected} ${within}, but it is ${formatPattern(text)}.`;
}

/** The locator `received` is, or a failure saying what the matcher takes. */
function locatorOf(received: unknown, header: string): LocatorInternals {
  const locator = locatorInternals(received);
  if (locator) return locator;
  throw new TmuxShotError(formatBadSubject(header, "a Locator (tmuxApp.getByText('…'), tmuxApp.region({ … }))", describeValue(received)));
}

/** Runs one locator matcher: waits on the app for the expectation (or under `.not` its failure), then reports what it saw last. */
async function assertLocator(
  state: MatcherState,
  received: unknown,
  expectation: LocatorExpectation,
  args: readonly string[],
  options: unknown,
): Promise<SyncExpectationResult> {
  const isNot = state.isNot === true; // Vitest leaves it undefined when not negated
  const header = formatHeader(expectation.matcher, isNot, args, 'locator');
  const locator = locatorOf(received, header);
  const task = testOfAssertion(state, locator.app);
  const { timeout } = resolveShowTextOptions(options, task, expectation.matcher);
  const { port } = locator;
  let seen: Seen | undefined;
  const probe = (): Seen | undefined => {
    const snapshot = port.readScreen();
    if (!snapshot) return undefined;
    const matches = locator.resolve(snapshot);
    seen = { snapshot, matches, outcome: decideLocator(expectation, matches, (match) => rectText(snapshot, match)) };
    return seen.outcome === 'strict' || (seen.outcome === 'pass') !== isNot ? seen : undefined;
  };
  const screenText = () => {
    const snapshot = port.readScreen() ?? seen?.snapshot;
    return snapshot && snapshotText(snapshot);
  };
  // An app that exited or was closed has its final screen: the last probe's outcome is the answer.
  const until = await waitOnPort(task, port, probe, { header, timeout, screenText }, assertLocator);
  const last = seen ?? { snapshot: undefined, matches: [], outcome: 'fail' as const };
  const pass = last.outcome === 'strict' ? isNot : last.outcome === 'pass';
  return { pass, message: () => message(header, locator, expectation, isNot, until, last) };
}

function message(
  header: string,
  locator: LocatorInternals,
  expectation: LocatorExpectation,
  isNot: boolean,
  until: Until,
  last: { snapshot: ScreenSnapshot | undefined; matches: CellRect[] },
): string {
  const { snapshot, matches } = last;
  const text = snapshot && matches.length === 1 ? rectText(snapshot, matches[0]!) : undefined;
  return formatLocatorFailure(header, {
    locator: formatLocatorOf(locator),
    sentence: describeLocatorShortfall(expectation, isNot, until, matches, text),
    matches,
    scope: snapshot ? locator.scope(snapshot) : [],
    searched: locator.scopeDescription,
    screenText: snapshot ? snapshotText(snapshot) : '',
  });
}

/**
 * Passes when the locator matches exactly one place (Playwright's `toBeVisible`), waiting for it;
 * `.not` waits until it matches none. Several matches fail at once either way (strict).
 * @throws {TmuxShotError} when `received` is not a Locator; {@link ConfigError} for bad options.
 */
export function toBeVisible(this: MatcherState, received: unknown, options?: LocatorAssertionOptions): Promise<SyncExpectationResult> {
  return assertLocator(this, received, { matcher: 'toBeVisible' }, [], options);
}

/**
 * Passes when the locator's one match has this text (see `Locator.text()`): a string equals it
 * exactly, a RegExp matches it (its `g`/`y` flags ignored). Waits for it; `.not` waits until the
 * text differs. Several matches fail at once (strict).
 * @throws {TmuxShotError} when `received` is not a Locator; {@link ConfigError} for an `expected`
 *   that is not a string or RegExp, or bad options.
 */
export function toHaveText(
  this: MatcherState,
  received: unknown,
  expected: string | RegExp,
  options?: LocatorAssertionOptions,
): Promise<SyncExpectationResult> {
  checkPattern(expected, 'toHaveText');
  return assertLocator(this, received, { matcher: 'toHaveText', expected }, [formatPattern(expected)], options);
}

/**
 * Passes when the locator matches exactly `count` places (not strict), waiting for it; `.not`
 * waits until the count differs.
 * @throws {TmuxShotError} when `received` is not a Locator; {@link ConfigError} for a `count`
 *   that is not a whole number ≥ 0, or bad options.
 */
export function toHaveCount(this: MatcherState, received: unknown, count: number, options?: LocatorAssertionOptions): Promise<SyncExpectationResult> {
  if (!Number.isInteger(count) || count < 0) throw new ConfigError(`toHaveCount() takes a whole number of matches, 0 or more; got ${describeValue(count)}.`);
  return assertLocator(this, received, { matcher: 'toHaveCount', count }, [String(count)], options);
}
