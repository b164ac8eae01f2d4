/**
 * `expect(tmuxApp).toMatchScreenshot(name?, options?)`: Vitest's `toMatchScreenshot` for
 * terminals. Gather (settle, render), decide (`decideOutcome`), act (`writeOutcomeFiles`), report
 * (`formatScreenshotFailure` and a visual-regression artifact).
 */
import { readFile } from 'node:fs/promises';
import type { MatcherState, RunnerTestCase } from 'vitest';
import { VITEST } from '../defaults.js';
import type { ComparatorOptions, ScreenshotOutcome, UpdateMode } from '../diff/index.js';
import { decideOutcome } from '../diff/index.js';
import { ConfigError, TmuxShotError } from '../errors.js';
import type { CellRect } from '../geometry.js';
import type { RenderOptions } from '../render/index.js';
import { encodePng, readPngText, RENDERER_TEXT_KEY } from '../render/index.js';
import { snapshotText } from '../screen/index.js';
import type { ScreenSnapshot } from '../snapshot.js';
import { resolveTimeout, systemClock } from '../wait.js';
import type { WaitTimeout } from '../wait.js';
import { attemptOf, recordRegression } from './artifacts.js';
import { markBaselineUsed } from './baseline-report.js';
import { describeChangedCells } from './cell-lines.js';
import { formatBadSubject, formatHeader, formatScreenshotFailure } from './failure-message.js';
import type { ImagePaths, ScreenshotFailure } from './failure-message.js';
import { attachmentPaths, baselinePath, sanitizeScreenshotName } from './paths.js';
import type { AttachmentPaths } from './paths.js';
import { decodeScreen, SCREEN_TEXT_KEY } from './screen-codec.js';
import { writeOutcomeFiles } from './screenshot-files.js';
import { ScreenshotNames } from './screenshot-names.js';
import { checkScreenshotOptions } from './matcher-options.js';
import { settleLive } from './settle.js';
import { takeShot } from './shot.js';
import type { ScreenShot, Shot, ShotOptions } from './shot.js';
import { classifySubject, describeReceived, subjectLabel } from './subject.js';
import type { LiveScreen, Subject } from './subject.js';
import { attemptSignal, testDeadline, trackWait } from './test-timeout.js';
import type { SyncExpectationResult } from './text-matchers.js';
import { unsettledFiles } from './unsettled-files.js';
import { readUpdateMode } from './update-mode.js';

/**
 * Options of `toMatchScreenshot`: Vitest's comparator options (`threshold`,
 * `allowedMismatchedPixels`, `allowedMismatchedPixelRatio`) plus terminal ones.
 */
export interface ScreenshotOptions extends ComparatorOptions {
  /**
   * Longest wait for the screen to settle (two identical reads), in ms; 0 waits without limit.
   * @default 5000 (VITEST.settleTimeout), or what is left of the test's own timeout less 500 ms (VITEST.timeoutMargin)
   */
  timeout?: number;
  /**
   * Cells left out of the comparison and painted #ff00ff in the image: cell rects (0-based), or
   * RegExps matched on each row of the screen text (a clock: `/\d\d:\d\d:\d\d/`).
   */
  mask?: readonly (CellRect | RegExp)[];
  /** Compare only this cell rect of the screen. @default the whole screen */
  region?: CellRect;
  /** Draw the cursor, or not (Vitest's `caret: 'hide'`). @default 'hide' */
  cursor?: 'hide' | 'show';
}

/** A screenshot and what to do with it. */
interface Judged {
  shot: Shot;
  outcome: ScreenshotOutcome;
}

/** The judged screenshot, or why there is none (the screen kept changing). */
type Gathered = ({ kind: 'shot' } & Judged) | { kind: 'unsettled'; previous: ScreenShot; last: ScreenShot; timeout: WaitTimeout };

/** Compares a screenshot with the baseline, as the update mode says (`decideOutcome`). */
type Decide = (shot: Shot) => ScreenshotOutcome;

/** A screenshot of a subject that cannot change (a snapshot, PNG bytes), judged. */
function fixedShot(shot: Shot, decide: Decide): Gathered {
  return { kind: 'shot', shot, outcome: decide(shot) };
}

/** Names per run of a test file (a new file task each run, so watch-mode reruns start at 1). */
const namesByFile = new WeakMap<Readonly<RunnerTestCase['file']>, ScreenshotNames>();

function namesOf(file: Readonly<RunnerTestCase['file']>): ScreenshotNames {
  let names = namesByFile.get(file);
  if (!names) namesByFile.set(file, (names = new ScreenshotNames(sanitizeScreenshotName)));
  return names;
}

function comparatorOptionsOf(options: ScreenshotOptions): ComparatorOptions {
  const { threshold, includeAA, allowedMismatchedPixels, allowedMismatchedPixelRatio, allowedMismatchedCells } = options;
  return { threshold, includeAA, allowedMismatchedPixels, allowedMismatchedPixelRatio, allowedMismatchedCells };
}

/** Render options a subject carries (the `tmuxApp` fixture exposes its theme, font size…). */
function renderOptionsOf(received: unknown): Partial<RenderOptions> {
  const carried = (received as { renderOptions?: Partial<RenderOptions> }).renderOptions;
  return typeof carried === 'object' && carried !== null ? carried : {};
}

/** A PNG given as the subject: compared as is; its fingerprint is whatever it carries. */
function pngShot(png: Uint8Array, options: ScreenshotOptions): Shot {
  if (options.mask?.length || options.region) {
    throw new ConfigError('toMatchScreenshot: mask and region need a screen (a tmuxApp or a snapshot), not PNG bytes.');
  }
  return { png, snapshot: undefined, metrics: undefined, mask: [], fingerprint: readPngText(png)[RENDERER_TEXT_KEY] };
}

/**
 * Settles a live screen and judges it. Each distinct read is rendered and judged once, as it is
 * read, so rendering (the first one loads the fonts) happens within the timeout and the reads the
 * result needs are drawn already. With a baseline, the first read that passes ends the wait at
 * once — the first read right after the app's answer, when the screen is as expected (the cheap
 * path: no pause at all). A screen that is stable but different fails at once, as Playwright's
 * `toHaveScreenshot` does; without a baseline only a stable screen is taken.
 */
async function gatherLive(live: LiveScreen, options: ScreenshotOptions, shotOptions: ShotOptions, decide: Decide, task: Readonly<RunnerTestCase>, header: string): Promise<Gathered> {
  const timeout = resolveTimeout(options.timeout, VITEST.settleTimeout, testDeadline(task), systemClock.now());
  const judged = new WeakMap<ScreenSnapshot, Judged & { shot: ScreenShot }>();
  let latest: ScreenSnapshot | undefined;
  const accept = (snapshot: ScreenSnapshot) => {
    const shot = takeShot(snapshot, shotOptions);
    const verdict = { shot, outcome: decide(shot) };
    judged.set((latest = snapshot), verdict);
    return verdict.outcome.kind === 'pass' || verdict.outcome.kind === 'pass-byte-equal' ? verdict : undefined;
  };
  const wait = { what: header, timeout, screenText: () => snapshotText(live.screen()) };
  const settled = await trackWait(task, wait, () => settleLive(live, { timeout: timeout.ms, signal: attemptSignal(task), accept }));
  if (!settled.settled) return { kind: 'unsettled', previous: judged.get(settled.previous)!.shot, last: judged.get(settled.last)!.shot, timeout };
  // Stable: the read before the last is the same screen, judged already.
  return { kind: 'shot', ...(settled.accepted ?? judged.get(latest!)!) };
}

/** The failure to report for a failing outcome, or undefined when the outcome passes. */
function failureOf(outcome: ScreenshotOutcome, shot: Shot, reference: Uint8Array | undefined, paths: ImagePaths): ScreenshotFailure | undefined {
  switch (outcome.kind) {
    case 'write-new-baseline-and-fail':
      return { kind: 'new-baseline-written', paths };
    case 'missing-baseline-ci':
      return { kind: 'missing-baseline-ci', paths };
    case 'mismatch': {
      const stored = reference ? readPngText(reference) : {};
      const referenceScreen: ScreenSnapshot | undefined = decodeScreen(stored[SCREEN_TEXT_KEY]);
      const mismatched = outcome.comparison.mismatchedCells;
      const cellLines = describeChangedCells(referenceScreen, shot.snapshot, mismatched, VITEST.listedCells);
      const before = stored[RENDERER_TEXT_KEY];
      const rendererChange = before !== undefined && shot.fingerprint !== undefined && before !== shot.fingerprint ? { reference: before, actual: shot.fingerprint } : undefined;
      return { kind: 'mismatch', comparison: outcome.message, cellLines, rendererChange, paths };
    }
    default:
      return undefined;
  }
}

async function readReference(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Fails with `message` after recording the images as a visual-regression artifact. */
async function fail(task: Readonly<RunnerTestCase>, message: string, images: Parameters<typeof recordRegression>[2]): Promise<SyncExpectationResult> {
  await recordRegression(task, message, images);
  return { pass: false, message: () => message };
}

/** Where one assertion's files go. */
interface Located {
  baseline: string;
  attachments: AttachmentPaths;
}

/** Names the screenshot (explicit, or the test's full name and a counter) and places its files. */
function locate(task: Readonly<RunnerTestCase>, fullName: string, explicit: string | undefined): Located {
  const name = namesOf(task.file).next({ id: task.id, fullName, attempt: attemptOf(task) }, explicit);
  const baseline = baselinePath(task.file, name);
  markBaselineUsed(task.file, baseline);
  return { baseline, attachments: attachmentPaths(task.file, name) };
}

/** The decision for one screenshot against `reference`. */
function decider(reference: Uint8Array | undefined, options: ScreenshotOptions, updateMode: UpdateMode): Decide {
  return (shot) =>
    decideOutcome({
      reference: reference && { png: reference },
      actual: { png: shot.png },
      updateMode,
      comparatorOptions: comparatorOptionsOf(options),
      metrics: shot.metrics,
      mask: shot.mask,
      region: options.region,
    });
}

/** Act, report: writes what the decided outcome calls for and says how it went. */
async function report(task: Readonly<RunnerTestCase>, header: string, { shot, outcome }: Judged, reference: Uint8Array | undefined, files: Located): Promise<SyncExpectationResult> {
  const written = await writeOutcomeFiles(outcome, { ...files, actual: shot.png, encodePng: (image) => encodePng(image) });
  const failure = failureOf(outcome, shot, reference, written.paths);
  if (!failure) return { pass: true, message: () => `${header}\n\nThe screenshot matches ${files.baseline}.` };
  return fail(task, formatScreenshotFailure(header, failure), written.images);
}

/**
 * Compares the subject's screenshot with its baseline `<test dir>/__screenshots__/<test file>/<name>.png`.
 * A live subject is first given `timeout` ms to settle (see `gatherLive`). Names, update modes
 * (`-u`, CI) and messages follow Vitest's `toMatchScreenshot`; see the README for each case.
 * @throws {TmuxShotError} under `.not`, outside a test, or for a subject that is not a screen;
 *   {@link ConfigError} for a duplicate explicit name or options of the wrong type or shape.
 */
export async function toMatchScreenshot(
  this: MatcherState,
  received: unknown,
  nameOrOptions?: string | ScreenshotOptions,
  maybeOptions: ScreenshotOptions = {},
): Promise<SyncExpectationResult> {
  const explicit = typeof nameOrOptions === 'string' ? nameOrOptions : undefined;
  const options = checkScreenshotOptions(typeof nameOrOptions === 'object' ? nameOrOptions : maybeOptions);
  const subject = classifySubject(received);
  const header = formatHeader('toMatchScreenshot', this.isNot, explicit === undefined ? [] : [`'${explicit}'`], subjectLabel(subject));
  if (this.isNot) throw new TmuxShotError(`${header}\n\ntoMatchScreenshot cannot be used with .not.`);
  const { task, testPath } = this;
  if (!task || !testPath) throw new TmuxShotError(`${header}\n\ntoMatchScreenshot can only be used inside a test.`);
  if (!subject) throw new TmuxShotError(formatBadSubject(header, 'a tmuxApp, a TmuxApp, a screen snapshot or PNG bytes', describeReceived(received)));

  const files = locate(task, this.currentTestName ?? task.name, explicit);
  const shotOptions: ShotOptions = { mask: options.mask ?? [], region: options.region, cursor: options.cursor ?? VITEST.cursor, render: renderOptionsOf(received) };
  const reference = await readReference(files.baseline);
  const decide = decider(reference, options, readUpdateMode(this));
  const gathered =
    subject.kind === 'live'
      ? await gatherLive(subject.live, options, shotOptions, decide, task, header)
      : fixedShot(subject.kind === 'png' ? pngShot(subject.png, options) : takeShot(subject.snapshot, shotOptions), decide);
  if (gathered.kind === 'shot') return report(task, header, gathered, reference, files);
  const { failure, images } = await unsettledFiles(gathered.previous, gathered.last, files.attachments, gathered.timeout);
  return fail(task, formatScreenshotFailure(header, failure), images);
}
