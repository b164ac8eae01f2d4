/** `tmux-shot record`: run an app, drive it, write a GIF (or asciicast) of the session. */
import { readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { TERMINAL, WAIT } from '../defaults.js';
import { TmuxApp } from '../app/index.js';
import { checkKeySteps, intFlag, parseCommandArgs, readyFlag, rejectStrayArguments } from './args.js';
import { GIF_OPTIONS, GIF_USAGE, gifFlags } from './gif-flags.js';
import { checkOutputPath, type CliIo, writeOutput } from './io.js';
import { formatStopLine, playRecording } from './record-play.js';
import { parseScript, type ScriptStep } from './script.js';
import { UsageError } from './usage-error.js';

/** Pause after each step, in ms, so the recording shows each one. */
const STEP_DELAY = 300;

/** Usage text of `tmux-shot record`. */
export const RECORD_USAGE = `Usage: tmux-shot record [options] -o demo.gif -- command [args…]

Runs the command in a private tmux server, plays the steps, and writes a GIF of the whole
session (or an asciicast v2 recording when the output ends in .cast). Prints the path and size.
Stops when the app exits, when --duration has passed, or (without --duration) once the steps
are done and the screen has settled. Ctrl-C (SIGINT) or SIGTERM once the app has started stops
the recording early: what was recorded so far is written as usual, a line on stderr says so, and
the exit status is 0 (the file is complete). A signal while the file is written (a second
Ctrl-C) quits at once without writing it; one during start-up quits at once.

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
  rejectStrayArguments('record', args.positionals);
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
  checkKeySteps('record', steps, v.script === undefined ? '--type' : "a 'type' line");

  await using app = await TmuxApp.start({
    command: args.command,
    cols: intFlag('record', 'cols', v.cols, TERMINAL.cols, TERMINAL.minCols, TERMINAL.maxCols),
    rows: intFlag('record', 'rows', v.rows, TERMINAL.rows, TERMINAL.minRows, TERMINAL.maxRows),
    timeout,
    ready: readyFlag('record', v.ready),
  });
  const stop = await playRecording(app, { steps, stepDelay, timeout, durationMs, quietMs });
  if (stop) io.stderr(formatStopLine(stop, app.startedAt));
  const data = extname(out) === '.cast' ? app.asciicast() : await app.gif(gifOptions);
  await writeOutput(out, data);
  io.stdout(`${out} (${Buffer.byteLength(data)} bytes)`);
  return 0;
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
