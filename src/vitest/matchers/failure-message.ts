/**
 * The one formatter of tmux-shot's assertion messages, and the result they go in. Every matcher
 * gathers facts, decides, writes files, then hands plain data here. Wording follows Vitest's
 * `toMatchScreenshot` where it has one ("No existing reference screenshot found…", "Screenshot does
 * not match the stored reference.").
 */
import type { MatcherResult } from 'vitest';
import type { ExitStatus } from '../../app/index.js';
import type { CellRect } from '../../geometry.js';
import { describeExit } from '../../host/index.js';
import { formatPattern, formatScreenBlock } from '../../screen/index.js';
import { formatTimeout } from '../../wait.js';
import type { WaitTimeout } from '../../wait.js';

/** A matcher's `{ pass, message }` (Vitest's synchronous `MatcherResult`). */
export type SyncExpectationResult = Exclude<MatcherResult, PromiseLike<unknown>>;

/** Image files a screenshot assertion left behind, absolute paths. */
export interface ImagePaths {
  reference?: string | undefined;
  actual?: string | undefined;
  diff?: string | undefined;
}

/** Why `toMatchScreenshot` failed, with everything its message shows. */
export type ScreenshotFailure =
  | {
      kind: 'unsettled';
      /** The settle timeout. */
      timeout: WaitTimeout;
      /** `formatCellDiff` lines between the last two reads. */
      cellLines: readonly string[];
      /** The last two screens, rendered. */
      previous: string | undefined;
      last: string | undefined;
    }
  | { kind: 'new-baseline-written'; paths: ImagePaths }
  | { kind: 'missing-baseline-ci'; paths: ImagePaths }
  | {
      kind: 'mismatch';
      /** The comparator's sentences (size change, limits exceeded). */
      comparison: string;
      /** Cell-level lines: summary, then `row R col C: 'a' -> 'b'`… */
      cellLines: readonly string[];
      /** Set when the reference was drawn by another renderer: both fingerprints. */
      rendererChange?: { reference: string; actual: string } | undefined;
      paths: ImagePaths;
    };

function pathLines(paths: ImagePaths): string[] {
  const lines: string[] = [];
  if (paths.reference) lines.push('', 'Reference screenshot:', `  ${paths.reference}`);
  if (paths.actual) lines.push('', 'Actual screenshot:', `  ${paths.actual}`);
  if (paths.diff) lines.push('', 'Diff screenshot:', `  ${paths.diff}`);
  return lines;
}

function rendererLines(change: { reference: string; actual: string } | undefined): string[] {
  if (!change) return [];
  return [
    '',
    'The reference was drawn by a different renderer (fonts, theme, cell size or tmux-shot version):',
    `  reference: ${change.reference}`,
    `  actual:    ${change.actual}`,
    'If the screens look the same, refresh the baselines: run the tests with -u (vitest run -u).',
  ];
}

/** The message of a `toMatchScreenshot` failure (Vitest adds nothing; this is the whole message). */
export function formatScreenshotFailure(header: string, failure: ScreenshotFailure): string {
  return [header, '', ...screenshotFailureLines(failure)].join('\n');
}

function screenshotFailureLines(failure: ScreenshotFailure): string[] {
  switch (failure.kind) {
    case 'unsettled':
      return [
        `The screen did not settle within ${formatTimeout(failure.timeout)}: two consecutive reads still differed.`,
        ...failure.cellLines,
        'Wait for the app first (waitForText, waitForStable), mask the moving area, or raise `timeout`.',
        ...pathLines({ reference: failure.previous, actual: failure.last }).map((line) =>
          line.replace('Reference screenshot:', 'Second to last screen:').replace('Actual screenshot:', 'Last screen:'),
        ),
      ];
    case 'new-baseline-written':
      return ['No existing reference screenshot found; a new one was created. Review it before running tests again.', ...pathLines(failure.paths)];
    case 'missing-baseline-ci':
      return [
        "No existing reference screenshot found. Nothing was written under __screenshots__ (update mode 'none', as in CI): " +
          'create it locally or with -u, and commit it.',
        ...pathLines(failure.paths),
      ];
    case 'mismatch':
      return [
        'Screenshot does not match the stored reference.',
        ...(failure.comparison ? [failure.comparison] : []),
        ...failure.cellLines,
        ...rendererLines(failure.rendererChange),
        ...pathLines(failure.paths),
      ];
  }
}

/** What `toShowText` saw. */
export type TextFailure =
  /** The pattern never appeared. */
  | { kind: 'not-shown'; pattern: string | RegExp; timeout: WaitTimeout; screenText: string }
  /** `.not`: the pattern was still there; `at` is where, 0-based, `cols` wide (marked on the screen). */
  | { kind: 'still-shown'; pattern: string | RegExp; timeout: WaitTimeout; screenText: string; at: { row: number; col: number; cols: number } }
  /** The app exited, and its last screen lacks the pattern: it will never appear. */
  | { kind: 'exited'; pattern: string | RegExp; screenText: string; exit: ExitStatus };

/** The message of a `toShowText` failure, with the screen at the moment the wait gave up. */
export function formatTextFailure(header: string, failure: TextFailure): string {
  const pattern = formatPattern(failure.pattern);
  const sentence =
    failure.kind === 'not-shown'
      ? `Expected the screen to show ${pattern} within ${formatTimeout(failure.timeout)}, but it did not.`
      : failure.kind === 'exited'
        ? `Expected the screen to show ${pattern}, but the app exited (${describeExit(failure.exit)}) without showing it.`
        : `Expected the screen to stop showing ${pattern} within ${formatTimeout(failure.timeout)}, but it still shows it ` +
          `at row ${failure.at.row} col ${failure.at.col}.`;
  const marks = failure.kind === 'still-shown' ? [{ ...failure.at, rows: 1, cols: Math.max(1, failure.at.cols) }] : [];
  return [header, '', sentence, '', 'Screen:', formatScreenBlock(failure.screenText, marks)].join('\n');
}

/** The message when a matcher got something it cannot read. */
export function formatBadSubject(header: string, accepts: string, received: string): string {
  return [header, '', `Expected ${accepts}, but received ${received}.`].join('\n');
}

/**
 * The first line of every message, without colours: `expect(tmuxApp).not.toShowText('Open')`.
 * @param args - the matcher's arguments, already formatted.
 * @param subject - what `expect` was given: `tmuxApp`, `screen` (a snapshot) or `png`.
 */
export function formatHeader(matcher: string, isNot: boolean, args: readonly string[] = [], subject = 'tmuxApp'): string {
  return `expect(${subject})${isNot ? '.not' : ''}.${matcher}(${args.join(', ')})`;
}

/** What a locator matcher (`toBeVisible`, `toHaveText`, `toHaveCount`) saw last, for its message. */
export interface LocatorFailure {
  /** The locator as written: `region({ rows: 1 }).getByText('File')`. */
  locator: string;
  /** How the locator's matches fell short, in words (see `describeLocatorShortfall`). */
  sentence: string;
  /** Its matches on the last screen, rows then columns. */
  matches: readonly CellRect[];
  /** Where its last step searched (its parent's matches), marked when it matched nothing; `searched` names it. */
  scope: readonly CellRect[];
  searched: string | undefined;
  screenText: string;
}

/**
 * The message of a locator matcher's failure: the header, the locator, what it saw, then the
 * screen with its matches marked `^` (or, when it matched nothing, the scope it searched).
 */
export function formatLocatorFailure(header: string, failure: LocatorFailure): string {
  const marked = failure.matches.length > 0 ? failure.matches : failure.scope;
  const legend = failure.matches.length > 0 ? ' ^ marks its matches.' : failure.scope.length > 0 ? ` ^ marks where it searched: ${failure.searched}.` : '';
  return [header, '', `Locator: ${failure.locator}`, `${failure.sentence}${legend}`, '', 'Screen:', formatScreenBlock(failure.screenText, marked)].join('\n');
}
