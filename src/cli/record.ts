/** `tmux-shot record`: run an app, drive it, write a GIF (or asciicast) of the session. */
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TERMINAL, WAIT } from '../defaults.js';
import { WaitTimeoutError } from '../errors.js';
import { TmuxApp } from '../tmux-app.js';
import { checkKeySteps, intFlag, parseCommandArgs, readyFlag } from './args.js';
import { GIF_OPTIONS, GIF_USAGE, gifFlags } from './gif-flags.js';
import { checkOutputPath, type CliIo, writeOutput } from './io.js';
import { parseScript, type ScriptStep } from './script.js';
import { UsageError } from './usage-error.js';

/** Pause after each step, in ms, so the recording shows each one. */
const STEP_DELAY = 300;

/** Usage text of `tmux-shot record`. */
export const RECORD_USAGE = `Usage: tmux-shot record [options] -o demo.gif -- command [args…]

Runs the command in a private tmux server, plays the steps, and writes a GIF of the whole
session (or an asciicast v2 recording when the output ends in .cast). Prints the path and size.
Stops when the app exits, when --duration has passed, or (without --duration) once the steps
are done and the screen has settled.

Options:
  --cols N           terminal columns (default ${TERMINAL.cols})
  --rows N           terminal rows (default ${TERMINAL.rows})
  --duration S       record for S seconds (a decimal number), unless the app exits first
  --keys "K …"       press tmux key names, space-separated ("Down Down Enter")
  --type TEXT        type literal text (text starting with "-" is written --type=-n)
  --script FILE      steps from a file, one per line: keys K…, type TEXT, wait-for TEXT,
                     pause MS; # starts a comment (instead of --keys/--type)
  --step-delay MS    pause after each step, in ms (default ${STEP_DELAY})
  --settle MS        output silence that counts as settled, in ms (default ${WAIT.quietMs})
  --timeout MS       longest wait for start-up, wait-for and settling, in ms (default ${WAIT.timeout})
  --ready MODE       output (default: start once the app has printed and gone quiet) or none
${GIF_USAGE}
  -o, --out FILE     where to write: .gif or .cast (default tmux-shot.gif)
  -h, --help         show this help`;

const OPTIONS = {
  cols: { type: 'string' },
  rows: { type: 'string' },
  duration: { type: 'string' },
  keys: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  script: { type: 'string' },
  'step-delay': { type: 'string' },
  settle: { type: 'string' },
  timeout: { type: 'string' },
  ready: { type: 'string' },
  out: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
  ...GIF_OPTIONS,
} as const;

/** Runs `tmux-shot record`. @returns The exit status. */
export async function recordCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseCommandArgs('record', argv, OPTIONS);
  const v = args.values;
  if (v.help) {
    io.stdout(RECORD_USAGE);
    return 0;
  }
  if (args.command.length === 0) throw new UsageError('record needs a command after --, e.g. tmux-shot record -o demo.gif -- vim', 'record');
  if (v.script !== undefined && args.steps.length > 0) throw new UsageError('use either --script or --keys/--type, not both', 'record');
  const durationMs = v.duration === undefined ? undefined : seconds(v.duration);
  const timeout = intFlag('record', 'timeout', v.timeout, WAIT.timeout, 1, 3_600_000);
  const stepDelay = intFlag('record', 'step-delay', v['step-delay'], STEP_DELAY, 0, 600_000);
  const quietMs = intFlag('record', 'settle', v.settle, WAIT.quietMs, 0, 600_000);
  const gifOptions = gifFlags('record', v);
  const out = resolve(String(v.out ?? 'tmux-shot.gif'));
  const steps: ScriptStep[] = v.script === undefined ? args.steps : parseScript(await readScript(String(v.script)));
  if (!['.gif', '.cast'].includes(extname(out))) throw new UsageError(`-o must end in .gif or .cast, not '${basename(out)}'`, 'record');
  checkOutputPath('record', out);
  checkKeySteps('record', steps);

  await using app = await TmuxApp.start({
    command: args.command,
    cols: intFlag('record', 'cols', v.cols, TERMINAL.cols, TERMINAL.minCols, TERMINAL.maxCols),
    rows: intFlag('record', 'rows', v.rows, TERMINAL.rows, TERMINAL.minRows, TERMINAL.maxRows),
    timeout,
    ready: readyFlag('record', v.ready),
  });
  for (const step of steps) {
    await runStep(app, step, timeout);
    await sleep(stepDelay);
  }
  if (durationMs !== undefined) await exitOrTimeout(app, app.startedAt + durationMs - performance.now());
  else await app.waitForStable({ quietMs, timeout }); // an app that exits goes quiet too

  const data = extname(out) === '.cast' ? app.asciicast() : await app.gif(gifOptions);
  await writeOutput(out, data);
  io.stdout(`${out} (${Buffer.byteLength(data)} bytes)`);
  return 0;
}

async function runStep(app: TmuxApp, step: ScriptStep, timeout: number): Promise<void> {
  if (step.kind === 'keys') await app.press(...step.keys);
  else if (step.kind === 'type') await app.type(step.text);
  else if (step.kind === 'wait-for') await app.waitForText(step.text, { timeout });
  else await sleep(step.ms);
}

/** Waits up to `ms` for the app to exit; returning at the deadline is not an error. */
async function exitOrTimeout(app: TmuxApp, ms: number): Promise<void> {
  try {
    await app.waitForExit({ timeout: Math.max(0, ms) });
  } catch (error) {
    if (!(error instanceof WaitTimeoutError)) throw error;
  }
}

function seconds(value: unknown): number {
  const s = Number(value);
  if (!Number.isFinite(s) || s <= 0 || s > 86_400) {
    throw new UsageError(`--duration takes a number of seconds above 0 and at most 86400 (a day), not '${String(value)}'`, 'record');
  }
  return s * 1000;
}

async function readScript(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --script ${path}: ${(error as Error).message}`, 'record');
  }
}
