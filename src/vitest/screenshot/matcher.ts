/**
 * `expect(tmuxApp).toMatchScreenshot(name?, options?)`: Vitest's browser-mode `toMatchScreenshot`,
 * for terminals — names, update modes (`-u`, CI) and messages follow it (the README has each case).
 * One assertion reads top to bottom in {@link toMatchScreenshot}:
 *
 * 1. Gather: resolve the options, name the screenshot and place its files (`names.ts`), read the
 *    baseline and the update mode, and capture the actual screenshot (`capture.ts`). A live app is
 *    first given `timeout` ms to settle, and each distinct read is captured and decided as it
 *    comes, so the first read that passes ends the wait at once (see {@link settleAndDecide}).
 * 2. Decide: `decideOutcome` (diff/) compares the capture with the baseline under the update mode
 *    and says what to do — pass, write a baseline, fail — as a tagged union. All update-mode
 *    branching lives there.
 * 3. Write: `writeOutcomeFiles` (`files.ts`) performs exactly the writes the outcome calls for.
 * 4. Report: a written baseline is said on stderr, one line each; `formatScreenshotFailure` writes
 *    the one message; a failure is recorded as Vitest's visual-regression artifact, with the images,
 *    and kept with its PNG bytes, changed cells and accept command for the test's failure report
 *    (`evidence/report-kept.ts`).
 *
 * A screen that never settles has no outcome: its last two reads are written and reported instead.
 * The baselines no test used are reported once the test file ends (`baselines.ts`).
 */
import { basename, relative } from 'node:path';
import type { MatcherState, RunnerTestCase } from 'vitest';
import { VITEST_CONSTANTS } from '../../defaults.js';
import type { ScreenshotOutcome, UpdateMode } from '../../diff/index.js';
import { decideOutcome, diffCells, passesUnwritten } from '../../diff/index.js';
import { TmuxShotError } from '../../errors.js';
import type { CellPosition } from '../../geometry.js';
import type { ReportImage, ReportScreenshot } from '../../report/data.js';
import type { RenderOptions } from '../../render/index.js';
import { encodePng, inspectScreen, pngShowsImage, readPngText, RENDERER_TEXT_KEY } from '../../render/index.js';
import { decodeScreen, SCREEN_TEXT_KEY } from '../../screen/index.js';
import type { ScreenSnapshot } from '../../snapshot.js';
import type { WaitTimeout } from '../../wait.js';
import { attemptOf, recordRegression } from '../evidence/artifacts.js';
import type { RegressionImage } from '../evidence/artifacts.js';
import { describeChangedCells, describeReadChange } from '../matchers/cell-lines.js';
import { formatBadSubject, formatHeader, formatScreenshotFailure } from '../matchers/failure-message.js';
import type { ImagePaths, ScreenshotFailure, SyncExpectationResult } from '../matchers/failure-message.js';
import { resolveScreenshotOptions } from '../options.js';
import type { ResolvedScreenshotOptions, ScreenshotOptions } from '../options.js';
import { projectRoot, readIfExists } from '../paths.js';
import { acceptCommandOf, keepScreenshotFailure } from '../evidence/report-kept.js';
import { settleInTest } from '../matchers/settle.js';
import { classifySubject, describeReceived, subjectLabel, testOfAssertion } from '../matchers/subject.js';
import type { LiveScreen } from '../matchers/subject.js';
import { acceptedUpdateMode, markBaselineUsed, readUpdateMode } from './baselines.js';
import { captureScreen, capturePng } from './capture.js';
import type { Capture, CaptureOptions, ScreenCapture } from './capture.js';
import { pngSize, writeOutcomeFiles, writeUnsettledFiles } from './files.js';
import { attachmentPaths, baselinePath, screenshotNamesOf } from './names.js';
import type { AttachmentPaths } from './names.js';

type Task = Readonly<RunnerTestCase>;

/** A capture and what to do with it. */
interface Decided {
  capture: Capture;
  outcome: ScreenshotOutcome;
}

/** Compares a capture with the baseline, as the update mode says (`decideOutcome`). */
type Decide = (capture: Capture) => ScreenshotOutcome;

/** What gathering ends with: a decided capture, or why there is none (the screen kept changing). */
type Gathered = ({ kind: 'decided' } & Decided) | { kind: 'unsettled'; previous: ScreenCapture; last: ScreenCapture; timeout: WaitTimeout };

/** Where one assertion's files go. */
interface Located {
  baseline: string;
  attachments: AttachmentPaths;
}

/**
 * Compares the subject's screenshot with its baseline `<test dir>/__screenshots__/<test file>/<name>.png`,
 * in the four steps above.
 * @throws {TmuxShotError} under `.not`, outside a test, or for a subject that is not a screen;
 *   {@link ConfigError} for a duplicate explicit name or options of the wrong type or shape.
 */
export async function toMatchScreenshot(
  this: MatcherState,
  received: unknown,
  nameOrOptions?: string | ScreenshotOptions,
  maybeOptions: ScreenshotOptions = {},
): Promise<SyncExpectationResult> {
  // 1. Gather.
  const explicit = typeof nameOrOptions === 'string' ? nameOrOptions : undefined;
  const task = testOfAssertion(this, received);
  const options = resolveScreenshotOptions(typeof nameOrOptions === 'object' ? nameOrOptions : maybeOptions, task);
  const subject = classifySubject(received);
  const header = formatHeader('toMatchScreenshot', this.isNot, explicit === undefined ? [] : [`'${explicit}'`], subjectLabel(subject));
  if (this.isNot) throw new TmuxShotError(`${header}\n\ntoMatchScreenshot cannot be used with .not.`);
  if (!task) throw new TmuxShotError(`${header}\n\ntoMatchScreenshot can only be used inside a test.`);
  if (!subject) throw new TmuxShotError(formatBadSubject(header, 'a tmuxApp, a TmuxApp, a screen snapshot or PNG bytes', describeReceived(received)));
  const files = locate(task, task.fullTestName, explicit);
  const reference = readIfExists(files.baseline);
  // 2. Decide: each read of a live screen as it settles, else the one capture.
  const baseline = relative(projectRoot(task.file), files.baseline);
  const decide = decider(reference, options, acceptedUpdateMode(readUpdateMode(this), baseline, process.env[VITEST_CONSTANTS.acceptEnv]));
  const capture: CaptureOptions = { mask: options.mask, region: options.region, cursor: options.cursor, render: renderOptionsOf(received) };
  const gathered =
    subject.kind === 'live'
      ? await settleAndDecide(subject.live, capture, decide, task, header, options.timeout)
      : decided(subject.kind === 'png' ? capturePng(subject.png, capture) : captureScreen(subject.snapshot, capture), decide);
  if (gathered.kind === 'unsettled') return reportUnsettled(task, header, gathered, files, capture);
  // 3. Write.
  const actual = gathered.capture;
  const written = await writeOutcomeFiles(gathered.outcome, {
    ...files,
    get actual() {
      return actual.png;
    },
    encodePng: (image) => encodePng(image),
  });
  // 4. Report.
  reportBaselineWrite(gathered.outcome, files.baseline, task);
  const failure = failureOf(gathered, reference, written.paths);
  if (!failure) return { pass: true, message: () => `${header}\n\nThe screenshot matches ${files.baseline}.` };
  const message = formatScreenshotFailure(header, failure);
  const { outcome } = gathered;
  const diff = outcome.kind === 'mismatch' ? written.diffPng : undefined;
  keepScreenshotFailure(task, {
    ...reportBase(task, files.baseline, failure.kind, message),
    reference: failure.kind === 'mismatch' && reference ? referenceImage(reference, capture) : undefined,
    actual: reportImage(actual.png, actual.snapshot, capture),
    diff: diff && reportImage(diff),
    changedCells: outcome.kind === 'mismatch' ? (outcome.comparison.mismatchedCells ?? []) : [],
    acceptCommand: failure.kind === 'new-baseline-written' ? undefined : acceptCommandOf(task, baseline),
  });
  return fail(task, message, written.images);
}

/** The fields of a kept failure that do not depend on its images. */
function reportBase(task: Task, baseline: string, kind: ReportScreenshot['kind'], message: string) {
  return { name: basename(baseline, '.png'), baseline: relative(projectRoot(task.file), baseline), kind, message };
}

/**
 * PNG bytes with their size and, when the screen they show is known and whole (no `region`), its
 * cells as the report's inspector reads them, drawn with the capture's options.
 */
function reportImage(png: Uint8Array, screen?: ScreenSnapshot, capture?: CaptureOptions): ReportImage {
  const cells = screen && capture && !capture.region ? inspectScreen(screen, { ...capture.render, cursor: capture.cursor }) : undefined;
  return { png, ...pngSize(png), ...(cells ? { cells } : {}) };
}

/**
 * The baseline as the report shows it: with its cells only when the screen stored in it, drawn
 * with this assertion's options, gives the baseline's very bytes — the cells' drawn colours and
 * grid are then the baseline's own. A baseline drawn with other options (theme, font size, scale,
 * cursor) or another renderer, or without a stored screen, is shown without cells (no inspector).
 */
export function referenceImage(reference: Uint8Array, capture: CaptureOptions): ReportImage {
  const screen = storedScreen(reference);
  const same = screen !== undefined && !capture.region && Buffer.from(captureScreen(screen, { ...capture, mask: [] }).png).equals(reference);
  return same ? reportImage(reference, screen, capture) : reportImage(reference);
}

/** The screen stored in a baseline's PNG text chunk, when it has one (tmux-shot's own baselines do). */
function storedScreen(png: Uint8Array): ScreenSnapshot | undefined {
  return decodeScreen(readPngText(png)[SCREEN_TEXT_KEY]);
}

/** Names the screenshot (explicit, or the test's full name and a counter), places its files and marks its baseline used. */
function locate(task: Task, fullName: string, explicit: string | undefined): Located {
  const name = screenshotNamesOf(task.file).next({ id: task.id, fullName, attempt: attemptOf(task) }, explicit);
  const baseline = baselinePath(task.file, name);
  markBaselineUsed(task.file, baseline);
  return { baseline, attachments: attachmentPaths(task.file, name) };
}

/** Render options a subject carries (the `tmuxApp` fixture exposes its theme, font size…). */
function renderOptionsOf(received: unknown): Partial<RenderOptions> {
  const carried = (received as { renderOptions?: Partial<RenderOptions> }).renderOptions;
  return typeof carried === 'object' && carried !== null ? carried : {};
}

/** The decision for one capture against `reference`. */
function decider(reference: Uint8Array | undefined, options: ResolvedScreenshotOptions, updateMode: UpdateMode): Decide {
  return (capture) => {
    const { image } = capture;
    return decideOutcome({
      reference: reference && { png: reference },
      // The PNG is encoded only when the pixels alone do not settle it (see Capture.png).
      actual: {
        get png() {
          return capture.png;
        },
        showsSamePixels: image && ((png) => pngShowsImage(png, image)),
      },
      updateMode,
      comparatorOptions: options.comparator,
      metrics: capture.metrics,
      mask: capture.mask,
      region: options.region,
    });
  };
}

/** A capture of a subject that cannot change (a snapshot, PNG bytes), decided. */
function decided(capture: Capture, decide: Decide): Gathered {
  return { kind: 'decided', capture, outcome: decide(capture) };
}

/**
 * Settles a live screen and decides on it. Each distinct read is captured and decided once, as it
 * is read, so rendering (the first one loads the fonts) happens within the timeout and the reads
 * the result needs are drawn already. With a baseline, the first read that passes ends the wait at
 * once — the first read right after the app's answer, when the screen is as expected (the cheap
 * path: no pause at all). A screen that is stable but different fails at once, as Playwright's
 * `toHaveScreenshot` does; without a baseline only a stable screen is taken.
 */
async function settleAndDecide(live: LiveScreen, options: CaptureOptions, decide: Decide, task: Task, header: string, timeout: WaitTimeout): Promise<Gathered> {
  const seen = new WeakMap<ScreenSnapshot, Decided & { capture: ScreenCapture }>();
  let latest: ScreenSnapshot | undefined;
  const accept = (snapshot: ScreenSnapshot) => {
    const capture = captureScreen(snapshot, options);
    const verdict = { capture, outcome: decide(capture) };
    seen.set((latest = snapshot), verdict);
    return passesUnwritten(verdict.outcome) ? verdict : undefined;
  };
  const settled = await settleInTest(live, task, header, timeout, accept);
  if (!settled.settled) return { kind: 'unsettled', previous: seen.get(settled.previous)!.capture, last: seen.get(settled.last)!.capture, timeout };
  // Stable: the read before the last is the same screen, decided already.
  return { kind: 'decided', ...(settled.accepted ?? seen.get(latest!)!) };
}

/** How the line of a baseline write begins, by outcome; outcomes that write none are absent. */
const BASELINE_WRITES: Partial<Record<ScreenshotOutcome['kind'], string>> = {
  'write-new-baseline': 'wrote new',
  'write-new-baseline-and-fail': 'wrote new',
  'update-baseline': 'updated',
};

/**
 * Says on stderr (under the test, in Vitest's output) that a baseline was written, one line each —
 * `tmux-shot: updated screenshot baseline __screenshots__/menu.test.ts/after-down.png` — as Vitest
 * counts written and updated snapshots, so a run with `-u` says what it changed.
 */
function reportBaselineWrite(outcome: ScreenshotOutcome, baseline: string, task: Task): void {
  const verb = BASELINE_WRITES[outcome.kind];
  if (verb !== undefined) console.warn(`tmux-shot: ${verb} screenshot baseline ${relative(projectRoot(task.file), baseline)}`);
}

/** The failure to report for a decided capture, or undefined when its outcome passes. */
function failureOf({ outcome, capture }: Decided, reference: Uint8Array | undefined, paths: ImagePaths): ScreenshotFailure | undefined {
  switch (outcome.kind) {
    case 'write-new-baseline-and-fail':
      return { kind: 'new-baseline-written', paths };
    case 'missing-baseline-ci':
      return { kind: 'missing-baseline-ci', paths };
    case 'mismatch': {
      const stored = reference ? readPngText(reference) : {};
      const referenceScreen = decodeScreen(stored[SCREEN_TEXT_KEY]);
      const cellLines = describeChangedCells(referenceScreen, capture.snapshot, outcome.comparison.mismatchedCells, VITEST_CONSTANTS.listedCells);
      const before = stored[RENDERER_TEXT_KEY];
      const rendererChange =
        before !== undefined && capture.fingerprint !== undefined && before !== capture.fingerprint
          ? { reference: before, actual: capture.fingerprint }
          : undefined;
      return { kind: 'mismatch', comparison: outcome.message, cellLines, rendererChange, paths };
    }
    default:
      return undefined;
  }
}

/** Writes, keeps and reports the last two reads of a screen that did not settle within `timeout`. */
async function reportUnsettled(
  task: Task,
  header: string,
  { previous, last, timeout }: Gathered & { kind: 'unsettled' },
  files: Located,
  capture: CaptureOptions,
): Promise<SyncExpectationResult> {
  const written = await writeUnsettledFiles(previous.png, last.png, files.attachments);
  const cellLines = describeReadChange(previous.snapshot, last.snapshot, VITEST_CONSTANTS.listedCells);
  const message = formatScreenshotFailure(header, { kind: 'unsettled', timeout, cellLines, previous: written.previous, last: written.last });
  const changedCells = diffCells(previous.snapshot, last.snapshot).map(({ col, row }): CellPosition => ({ col, row }));
  keepScreenshotFailure(task, {
    ...reportBase(task, files.baseline, 'unsettled', message),
    reference: reportImage(previous.png, previous.snapshot, capture),
    actual: reportImage(last.png, last.snapshot, capture),
    changedCells,
  });
  return fail(task, message, written.images);
}

/** Fails with `message` after recording the images as a visual-regression artifact. */
async function fail(task: Task, message: string, images: readonly RegressionImage[]): Promise<SyncExpectationResult> {
  await recordRegression(task, message, images);
  return { pass: false, message: () => message };
}
