/** `tmux-shot shot`: run an app, drive it, write a PNG of its screen. */
import { resolve } from 'node:path';
import { TERMINAL, WAIT } from '../defaults.js';
import { TmuxApp } from '../app/index.js';
import { checkKeySteps, intFlag, parseCommandArgs, readyFlag, rejectStrayArguments, type InputStep } from './args.js';
import { checkOutputPath, type CliIo, writeOutput } from './io.js';
import { renderFlags, RENDER_OPTIONS, RENDER_USAGE } from './render-flags.js';
import { UsageError } from './usage-error.js';

/** Usage text of `tmux-shot shot`. */
export const SHOT_USAGE = `Usage: tmux-shot shot [options] -- command [args…]

Runs the command in a private tmux server, presses keys / types text in the order given,
waits for the screen to settle, and writes a PNG of it. Prints the PNG's path.

Options:
  --cols N           terminal columns (default ${TERMINAL.cols})
  --rows N           terminal rows (default ${TERMINAL.rows})
  --keys "K …"       press tmux key names, space-separated: "Down Down Enter", "C-c", "F1"
  --type TEXT        type literal text; "\\n" is not special here (use --keys Enter);
                     text starting with "-" is written --type=-n
  --wait-for TEXT    wait until TEXT is on the screen (after all keys and text)
  --settle MS        output silence that counts as settled, in ms (default ${WAIT.quietMs})
  --timeout MS       longest wait for start-up, --wait-for and settling, in ms (default ${WAIT.timeout})
  --ready MODE       output: start once the app has printed and gone quiet (default);
                     none: at once, for apps that wait silently (cat, a blank prompt)
${RENDER_USAGE}
  -o, --out FILE     where to write the PNG (default tmux-shot.png)
  -h, --help         show this help

Exit status: 0 written; 1 the app failed (could not start, exited non-zero, text never
appeared) — the message shows its screen; 2 wrong usage.`;

const OPTIONS = {
  cols: { type: 'string' },
  rows: { type: 'string' },
  keys: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  'wait-for': { type: 'string' },
  settle: { type: 'string' },
  timeout: { type: 'string' },
  ready: { type: 'string' },
  out: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
  ...RENDER_OPTIONS,
} as const;

/** Runs `tmux-shot shot`. @returns The exit status. */
export async function shotCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseCommandArgs('shot', argv, OPTIONS);
  if (args.values.help) {
    io.stdout(SHOT_USAGE);
    return 0;
  }
  if (args.command.length === 0) throw new UsageError('shot needs a command after --, e.g. tmux-shot shot -- vim', 'shot');
  rejectStrayArguments('shot', args.positionals);
  const timeout = intFlag('shot', 'timeout', args.values.timeout, WAIT.timeout, 1, 3_600_000);
  const render = renderFlags('shot', args.values);
  const out = resolve(String(args.values.out ?? 'tmux-shot.png'));
  checkOutputPath('shot', out);
  checkKeySteps('shot', args.steps);
  await using app = await TmuxApp.start({
    command: args.command,
    cols: intFlag('shot', 'cols', args.values.cols, TERMINAL.cols, TERMINAL.minCols, TERMINAL.maxCols),
    rows: intFlag('shot', 'rows', args.values.rows, TERMINAL.rows, TERMINAL.minRows, TERMINAL.maxRows),
    timeout,
    ready: readyFlag('shot', args.values.ready),
  });
  await runSteps(app, args.steps);
  const waitFor = args.values['wait-for'];
  if (typeof waitFor === 'string') await app.waitForText(waitFor, { timeout });
  await app.waitForStable({ quietMs: intFlag('shot', 'settle', args.values.settle, WAIT.quietMs, 0, 600_000), timeout });
  await writeOutput(out, await app.screenshot(render));
  io.stdout(out);
  const exit = await app.exitStatus();
  if (exit && exit.exitCode !== 0) {
    const how = exit.signal ?? `exit status ${exit.exitCode}`;
    io.stderr(`tmux-shot shot: '${args.command.join(' ')}' failed (${how}). Screen:\n${app.text().trimEnd()}`);
    return 1;
  }
  return 0;
}

async function runSteps(app: TmuxApp, steps: readonly InputStep[]): Promise<void> {
  for (const step of steps) {
    if (step.kind === 'keys') await app.press(...step.keys);
    else await app.type(step.text);
  }
}
