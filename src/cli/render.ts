/** `tmux-shot render`: re-render an asciicast recording as a GIF with other settings. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { encodeGif, parseAsciicast } from '../record/index.js';
import { parseCommandArgs } from './args.js';
import { GIF_OPTIONS, GIF_USAGE, gifFlags } from './gif-flags.js';
import { checkOutputPath, type CliIo, writeOutput } from './io.js';
import { UsageError } from './usage-error.js';

/** Usage text of `tmux-shot render`. */
export const RENDER_COMMAND_USAGE = `Usage: tmux-shot render [options] in.cast -o out.gif

Draws an asciicast v2 (or v3) recording — from \`tmux-shot record -o x.cast\`, asciinema, or any
other recorder — as a GIF, with the same fonts and themes as the screenshots. Prints the path
and size.

Options:
${GIF_USAGE}
  -o, --out FILE     where to write the GIF (default: the input with .gif)
  -h, --help         show this help`;

const OPTIONS = {
  out: { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
  ...GIF_OPTIONS,
} as const;

/** Runs `tmux-shot render`. @returns The exit status. */
export async function renderCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseCommandArgs('render', argv, OPTIONS);
  if (args.values.help) {
    io.stdout(RENDER_COMMAND_USAGE);
    return 0;
  }
  const [input, ...extra] = args.positionals;
  if (input === undefined || extra.length > 0) throw new UsageError('render takes exactly one .cast file', 'render');
  const options = gifFlags('render', args.values);
  let text: string;
  try {
    text = await readFile(input, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${input}: ${(error as Error).message}`, 'render');
  }
  const out = resolve(String(args.values.out ?? input.replace(/(\.cast)?$/, '.gif')));
  checkOutputPath('render', out);
  const gif = await encodeGif(parseAsciicast(text), options);
  await writeOutput(out, gif);
  io.stdout(`${out} (${gif.byteLength} bytes)`);
  return 0;
}
