/** `tmux-shot shot`: run an app, drive it, write a PNG of its screen. */
import { TmuxApp } from '../app/index.js';
import { describeExit, formatCommand } from '../host/index.js';
import { formatWithScreen } from '../screen/index.js';
import { appCommand, checkKeySteps, type InputStep, type ParsedArgs } from './args.js';
import {
  INPUT_OPTIONS,
  INPUT_USAGE,
  renderFlags,
  RENDER_OPTIONS,
  RENDER_USAGE,
  SIZE_OPTIONS,
  SIZE_USAGE,
  sizeFlags,
  waitFlags,
  WAIT_OPTIONS,
  WAIT_USAGE,
} from './flags.js';
import { checkOutput, type CliIo, reportWritten, writeOutput } from './io.js';

/** Usage text of `tmux-shot shot`. */
export const SHOT_USAGE = `Usage: tmux-shot shot [options] -- command [args…]

Runs the command in a private tmux server, presses keys / types text in the order given,
waits for the screen to settle, and writes a PNG of it. Prints the PNG's path (on stderr when
the PNG goes to stdout: -o /dev/stdout).

Options:
${SIZE_USAGE}
${INPUT_USAGE}
  --wait-for TEXT    wait until TEXT is on the screen (after all keys and text)
${WAIT_USAGE}
${RENDER_USAGE}
  -o, --out FILE     where to write the PNG, its folders created if missing; /dev/stdout and
                     /dev/fd/N write to that descriptor (default tmux-shot.png, replaced)
  -h, --help         show this help

Exit status: 0 written; 1 the app failed (could not start, exited non-zero, text never
appeared) — the message shows its screen; 2 wrong usage.`;

/** util.parseArgs options of `tmux-shot shot`. */
export const SHOT_OPTIONS = {
  ...SIZE_OPTIONS,
  ...INPUT_OPTIONS,
  'wait-for': { type: 'string' },
  ...WAIT_OPTIONS,
  out: { type: 'string', short: 'o' },
  ...RENDER_OPTIONS,
} as const;

/** Runs `tmux-shot shot`. @returns The exit status. */
export async function shotCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const v = args.values;
  const command = appCommand('shot', args, 'tmux-shot shot -- vim');
  const { quietMs, timeout, ready } = waitFlags('shot', v);
  const render = renderFlags('shot', v);
  const out = await checkOutput('shot', v.out, 'tmux-shot.png');
  checkKeySteps('shot', args.steps);
  await using app = await TmuxApp.start({ command, ...sizeFlags('shot', v), timeout, ready, theme: render.theme });
  await runSteps(app, args.steps);
  if (typeof v['wait-for'] === 'string') await app.waitForText(v['wait-for'], { timeout });
  await app.waitForStable({ quietMs, timeout });
  await writeOutput(out, await app.screenshot(render));
  reportWritten(io, out, out.path);
  const exit = await app.exitStatus();
  if (exit && exit.exitCode !== 0) {
    const how = describeExit(exit);
    io.stderr(formatWithScreen(`tmux-shot shot: ${formatCommand(command)} failed (${how}).`, app.text()));
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
