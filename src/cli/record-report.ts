/**
 * `tmux-shot record --report`: the session's report, written beside the recording (`demo.gif` →
 * `demo.html`). It holds the session's frames (the GIF's frames, drawn with the same render
 * options: `reportFrames`) and the steps taken on the app (`app.steps`); it says failed, with the
 * error, when the app failed to start or the recording failed. `buildReport` (report/) makes the HTML.
 */
import { basename, extname } from 'node:path';
import type { TmuxApp } from '../app/index.js';
import { describeCommand } from '../host/index.js';
import { type RecordOptions, reportFrames } from '../record/index.js';
import { buildReport, type ReportError, type ReportInput } from '../report/index.js';
import { UsageError } from './args.js';
import type { CliOutput } from './io.js';

/**
 * Where `record --report` writes the report (pure): the recording's path with `.html` for its
 * extension (`demo.gif` → `demo.html`, `demo` → `demo.html`).
 * @throws {UsageError} when the recording does not go to a file (`-o /dev/stdout`, a FIFO,
 *   `/dev/null`): there is no "beside" it; or when it ends in `.html` itself.
 */
export function recordReportPath(out: CliOutput): string {
  if (!out.isFile) {
    throw new UsageError(
      `--report writes the report beside the recording, and -o ${out.path} is not a file: write the recording to a file (-o demo.gif).`,
      'record',
    );
  }
  const path = `${out.path.slice(0, out.path.length - extname(out.path).length)}.html`;
  if (path === out.path)
    throw new UsageError(`-o ${out.path} would be replaced by its own report (.html): name the recording demo.gif or demo.cast.`, 'record');
  return path;
}

/** How a record session ended, for its report. */
export interface SessionOutcome {
  /** The app's command (argv). */
  command: readonly string[];
  /** The app, once it started (undefined when it failed to start). */
  app: TmuxApp | undefined;
  /** What ended the session with a failure: the app failed to start, a step or the recording failed. */
  error?: unknown;
  /** The recording's path, when it was written (the report links it). */
  recording?: string;
}

/**
 * The HTML report of a record session: titled with the app's command line, passed unless
 * `outcome.error`, with the app's frames (drawn with the GIF's `options`) and steps.
 * @throws {ConfigError} when an option of `options` is invalid.
 */
export async function sessionReport(outcome: SessionOutcome, options: Partial<RecordOptions>): Promise<string> {
  const { command, app, error, recording } = outcome;
  const input: ReportInput = {
    title: describeCommand(command),
    status: error === undefined ? 'passed' : 'failed',
    errors: error === undefined ? [] : [reportError(error)],
    screenshots: [],
    recordings: app
      ? [
          {
            name: 'app',
            frames: await reportFrames(
              app.timeline,
              options,
              app.steps.map((step) => step.atMs),
            ),
            steps: app.steps,
          },
        ]
      : [],
    agent: [],
    links: recording ? [{ label: 'recording', href: encodeURIComponent(basename(recording)) }] : [],
  };
  return buildReport(input);
}

/** An error as the report shows it: its class name and message (no stack: the CLI prints none either). */
function reportError(error: unknown): ReportError {
  return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
}
