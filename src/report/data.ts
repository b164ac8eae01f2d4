/**
 * The failure report's input: plain data, gathered by the shells (vitest/, cli/) from the app,
 * the screenshot matcher and the agent. `buildReport` (report/) turns it into one self-contained
 * HTML string; the shells write it.
 */
import type { AgentTranscript } from '../agent/transcript.js';
import type { AppStep } from '../app/steps.js';
import type { CellPosition } from '../geometry.js';
import type { RecordedFrames } from '../record/report-frames.js';
import type { InspectedScreen } from '../render/inspect.js';

/** An image with, when known, the cells it shows. */
export interface ReportImage {
  /** PNG bytes. */
  readonly png: Uint8Array;
  readonly widthPx: number;
  readonly heightPx: number;
  /** The screen it shows, for the cell inspector (absent for a diff image, or a PNG without tmux-shot's screen chunk). */
  readonly cells?: InspectedScreen;
}

/** A failed screenshot assertion. */
export interface ReportScreenshot {
  /** The screenshot's name (its baseline's file name without `.png`). */
  readonly name: string;
  /** The baseline's path, relative to the project root. */
  readonly baseline: string;
  /** What failed: the pixels differ, the baseline is missing in CI, a new baseline was written (and the test fails, as in CI), the screen never settled. */
  readonly kind: 'mismatch' | 'missing-baseline-ci' | 'new-baseline-written' | 'unsettled';
  /** The assertion's failure message, as Vitest prints it (no ANSI colours). */
  readonly message: string;
  /** The baseline (for `unsettled`: the read before the last). */
  readonly reference?: ReportImage;
  /** The screenshot taken (for `unsettled`: the last read). */
  readonly actual: ReportImage;
  /** The diff image, when pixels were compared. */
  readonly diff?: ReportImage;
  /** The cells whose pixels differ, row-major. */
  readonly changedCells: readonly CellPosition[];
  /** The shell command that accepts this one baseline (`TMUX_SHOT_ACCEPT=__screenshots__/menu.test.ts/menu-opens-1.png npx vitest run test/menu.test.ts -t '^menu opens$'`). */
  readonly acceptCommand?: string;
}

/** One app's session: its frames and the steps taken on it. */
export interface ReportRecording {
  /** The app's name (`tmuxApp`, `app2`, `shell`). */
  readonly name: string;
  readonly frames: RecordedFrames;
  readonly steps: readonly AppStep[];
  /** Steps left out because the app's log was full (`app.droppedSteps`, the oldest). @default 0 */
  readonly droppedSteps?: number;
  /** A sentence on what the recording holds, when it is not the session's end (`tmuxRecording is 'off': the last screen only, no recording.`). */
  readonly note?: string;
}

/** An error of the test, as Vitest serialized it (no ANSI colours). */
export interface ReportError {
  readonly name: string;
  readonly message: string;
  /** Its stack as V8 wrote it (starting with `Name: message`); the report shows its call frames only. */
  readonly stack?: string;
}

/** A file beside the report, linked from it. */
export interface ReportLink {
  readonly label: string;
  /** Relative to the report's own folder. */
  readonly href: string;
}

/** Everything one report shows. */
export interface ReportInput {
  /** The test's full name (`menu > opens`), or the CLI command. */
  readonly title: string;
  /** The test file and line (`test/menu.test.ts:12`), when a test. */
  readonly location?: string;
  readonly status: 'failed' | 'passed';
  /** Which run of the test this is, when Vitest retried it: 0 for the first, 1 for the first retry. @default 0 */
  readonly attempt?: number;
  readonly errors: readonly ReportError[];
  readonly screenshots: readonly ReportScreenshot[];
  readonly recordings: readonly ReportRecording[];
  readonly agent: readonly AgentTranscript[];
  readonly links: readonly ReportLink[];
}

/** One test in the run's index page. */
export interface IndexEntry {
  /** The test's full name. */
  readonly title: string;
  /** Its file, relative to the project root. */
  readonly file: string;
  /** `flaky`: it failed, then passed on a retry (its report is of the failed run). */
  readonly status: 'failed' | 'flaky' | 'passed';
  /** The first line of its first error, for a failure. */
  readonly reason?: string;
  /** Its report, relative to the index page's folder. */
  readonly href: string;
}
