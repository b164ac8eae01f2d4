/**
 * `tmux-shot record`: run an app, drive it, write a GIF (or asciicast) of the session. Between the
 * app's start and the writing of the file lies the recording phase: the steps, then the wait for
 * the end; the first SIGINT or SIGTERM ends it early, and its waits end then without an error.
 */
import { extname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TmuxApp } from '../app/index.js';
import { WaitTimeoutError } from '../errors.js';
import { appCommand, checkKeySteps, intFlag, UsageError, type ParsedArgs } from './args.js';
import {
  GIF_OPTIONS,
  GIF_USAGE,
  gifFlags,
  INPUT_OPTIONS,
  INPUT_USAGE,
  SIZE_OPTIONS,
  SIZE_USAGE,
  sizeFlags,
  waitFlags,
  WAIT_OPTIONS,
  WAIT_USAGE,
} from './flags.js';
import { checkOutput, type CliIo, readInputFile, reportWritten, writeOutput } from './io.js';
import { recordReportPath, sessionReport } from './record-report.js';
import { parseScript, type ScriptStep } from './script.js';
import { type Stop, trapStopSignals } from './stop-signals.js';

/** Pause after each step, in ms, so the recording shows each one. */
const STEP_DELAY = 300;

/** Usage text of `tmux-shot record`. */
export const RECORD_USAGE = `Usage: tmux-shot record [options] -o demo.gif -- command [args…]

Runs the command in a private tmux server, plays the steps, and writes a GIF of the whole
session (or an asciicast v2 recording when the output ends in .cast, or with --format cast).
Prints the path and size (on stderr when the recording goes to stdout: -o /dev/stdout).
Stops when the app exits, when --duration has passed, or (without --duration) once the steps
are done and the screen has settled. Ctrl-C (SIGINT) or SIGTERM once the app has started stops
the recording early: what was recorded so far is written as usual, a line on stderr says so, and
the exit status is 0 (the file is complete). A signal while the file is written (a second
Ctrl-C) quits at once without writing it; one during start-up quits at once.

Options:
${SIZE_USAGE}
  --duration S       record for S seconds (a decimal number), unless the app exits first
${INPUT_USAGE}
  --script FILE      steps from a file, one per line: keys K…, type TEXT, wait-for TEXT,
                     pause MS; # starts a comment (instead of --keys/--type)
  --step-delay MS    pause after each step, in ms (default ${STEP_DELAY})
${WAIT_USAGE}
${GIF_USAGE}
  -o, --out FILE     where to write: .gif or .cast, its folders created if missing; /dev/stdout
                     and /dev/fd/N write to that descriptor (default tmux-shot.gif, replaced)
  --format F         gif or cast: what to write when -o ends in neither (-o /dev/null)
  --report           also write the session's report beside the recording (demo.gif →
                     demo.html): its frames and steps, to open in a browser; written too (and
                     saying failed) when the app fails to start or the recording fails
  -h, --help         show this help`;

/** util.parseArgs options of `tmux-shot record`. */
export const RECORD_OPTIONS = {
  ...SIZE_OPTIONS,
  duration: { type: 'string' },
  ...INPUT_OPTIONS,
  script: { type: 'string' },
  'step-delay': { type: 'string' },
  ...WAIT_OPTIONS,
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  report: { type: 'boolean' },
  ...GIF_OPTIONS,
} as const;

/** Runs `tmux-shot record`. @returns The exit status. */
export async function recordCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const v = args.values;
  const command = appCommand('record', args, 'tmux-shot record -o demo.gif -- vim');
  if (v.script !== undefined && args.steps.length > 0) throw new UsageError('use either --script or --keys/--type, not both', 'record');
  const durationMs = v.duration === undefined ? undefined : durationFlag(v.duration);
  const { quietMs, timeout, ready } = waitFlags('record', v);
  const stepDelay = intFlag('record', 'step-delay', v['step-delay'], STEP_DELAY, 0, 600_000);
  const gifOptions = gifFlags('record', v);
  const out = await checkOutput('record', v.out, 'tmux-shot.gif');
  const format = recordingFormat(out.path, v.format);
  const script = v.script === undefined ? undefined : String(v.script);
  const steps = script === undefined ? args.steps : parseScript(await readInputFile(script, `--script ${script}`));
  checkKeySteps('record', steps, script === undefined ? '--type' : "a 'type' line");

  const reportPath = v.report ? recordReportPath(out) : undefined;

  let app: TmuxApp | undefined;
  try {
    await using started = await TmuxApp.start({ command, ...sizeFlags('record', v), timeout, ready, theme: gifOptions.theme });
    app = started;
    const stop = await playRecording(app, { steps, stepDelay, timeout, durationMs, quietMs });
    if (stop) io.stderr(formatStopLine(stop, app.startedAt));
    const data = format === 'cast' ? app.asciicast() : await app.gif(gifOptions);
    await writeOutput(out, data);
    reportWritten(io, out, `${out.path} (${Buffer.byteLength(data)} bytes)`);
  } catch (error) {
    if (reportPath) await writeReport(io, reportPath, await sessionReport({ command, app, error }, gifOptions));
    throw error;
  }
  if (reportPath) await writeReport(io, reportPath, await sessionReport({ command, app, recording: out.path }, gifOptions));
  return 0;
}

/** Writes the session's report and prints its path and size. */
async function writeReport(io: CliIo, path: string, html: string): Promise<void> {
  await writeOutput(path, html);
  io.stdout(`${path} (${Buffer.byteLength(html)} bytes)`);
}

/** What `record` writes. */
export type RecordingFormat = 'gif' | 'cast';

/**
 * The format of the recording at `path` (pure): `--format` when given, else the path's extension,
 * as ffmpeg's `-f` forces a format and its output's extension names one otherwise.
 * @throws {UsageError} when `--format` is another, contradicts a `.gif` or `.cast` path, or neither
 *   says (`-o /dev/null`).
 */
export function recordingFormat(path: string, flag: unknown): RecordingFormat {
  const extension = extname(path);
  const named = extension === '.gif' ? 'gif' : extension === '.cast' ? 'cast' : undefined;
  if (flag === undefined) {
    if (named) return named;
    throw new UsageError(`record writes a GIF or an asciicast, and -o ${path} ends in neither .gif nor .cast: add --format gif or --format cast.`, 'record');
  }
  if (flag !== 'gif' && flag !== 'cast') throw new UsageError(`--format takes gif or cast, not '${String(flag)}'`, 'record');
  if (named && named !== flag) throw new UsageError(`-o ${path} ends in ${extension} but --format is ${flag}: drop one of them.`, 'record');
  return flag;
}

/** `--duration` in ms. @throws {UsageError} when it is not a number of seconds above 0, at most a day. */
function durationFlag(value: unknown): number {
  const s = Number(value);
  if (!Number.isFinite(s) || s <= 0 || s > 86_400) {
    throw new UsageError(`--duration takes a number of seconds above 0 and at most 86400 (a day), not '${String(value)}'`, 'record');
  }
  return s * 1000;
}

/** What happens between the start and the end of a recording; durations in ms. */
interface RecordPlan {
  steps: readonly ScriptStep[];
  stepDelay: number;
  timeout: number;
  /** How long to record, from the app's start; undefined: until the screen settles after the steps. */
  durationMs: number | undefined;
  quietMs: number;
}

/**
 * Plays the steps, then waits for the end of the recording. The first SIGINT or SIGTERM ends it
 * early; the signal listeners live exactly as long as this phase.
 * @returns The stop signal, when one ended the recording.
 */
async function playRecording(app: TmuxApp, plan: RecordPlan): Promise<Stop | undefined> {
  using trap = trapStopSignals();
  const { signal } = trap;
  for (const step of plan.steps) {
    if (signal.aborted) return trap.stop;
    await runStep(app, step, plan.timeout, signal);
    await pause(plan.stepDelay, signal);
  }
  if (signal.aborted) return trap.stop;
  const end: Promise<unknown> =
    plan.durationMs === undefined
      ? app.waitForStable({ quietMs: plan.quietMs, timeout: plan.timeout }) // an app that exits goes quiet too
      : exitOrTimeout(app, app.startedAt + plan.durationMs - performance.now());
  await untilAborted(end, signal);
  return trap.stop;
}

async function runStep(app: TmuxApp, step: ScriptStep, timeout: number, signal: AbortSignal): Promise<void> {
  if (step.kind === 'keys') await app.press(...step.keys);
  else if (step.kind === 'type') await app.type(step.text);
  else if (step.kind === 'wait-for') await untilAborted(app.waitForText(step.text, { timeout }), signal);
  else await pause(step.ms, signal);
}

/** The stderr line of a recording ended by a signal, with its length in s (one decimal). */
export function formatStopLine(stop: Stop, startedAt: number): string {
  const seconds = ((stop.at - startedAt) / 1000).toFixed(1);
  return `tmux-shot record: recording stopped by ${stop.signal} after ${seconds} s; saving it (a second ${stop.signal} quits without saving)`;
}

/** Waits up to `ms` for the app to exit; returning at the deadline is not an error. */
async function exitOrTimeout(app: TmuxApp, ms: number): Promise<void> {
  try {
    await app.waitForExit({ timeout: Math.max(0, ms) });
  } catch (error) {
    if (!(error instanceof WaitTimeoutError)) throw error;
  }
}

/**
 * Resolves with `promise`'s value, or with undefined as soon as `signal` aborts (a recording
 * stopped by Ctrl-C). The abandoned promise keeps running (TmuxApp's waits end when the app is
 * closed); its later rejection is swallowed, since nobody waits for it any more.
 * @throws {Error} when `promise` rejects before the abort: its error.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.resolve(undefined);
  }
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (!signal.aborted) reject(error);
      },
    );
  });
}

/**
 * Waits `ms` milliseconds, or less when `signal` aborts (then it resolves too): a one-shot timer.
 * Unlike racing a timer, the timer is cleared on abort, so it does not hold the process open
 * afterwards.
 */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
