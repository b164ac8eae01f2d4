/** `tmux-shot render`: re-render an asciicast recording as a GIF with other settings. */
import { encodeGif, parseAsciicast } from '../record/index.js';
import { UsageError, type ParsedArgs } from './args.js';
import { GIF_OPTIONS, GIF_USAGE, gifFlags } from './flags.js';
import { type CliIo, outputPath, readInputFile, writeOutput } from './io.js';

/** Usage text of `tmux-shot render`. */
export const RENDER_COMMAND_USAGE = `Usage: tmux-shot render [options] in.cast -o out.gif

Draws an asciicast v2 (or v3) recording — from \`tmux-shot record -o x.cast\`, asciinema, or any
other recorder — as a GIF, with the same fonts and themes as the screenshots. Prints the path
and size.

Options:
${GIF_USAGE}
  -o, --out FILE     where to write the GIF (default: the input with .gif)
  -h, --help         show this help`;

/** util.parseArgs options of `tmux-shot render`. */
export const RENDER_COMMAND_OPTIONS = {
  out: { type: 'string', short: 'o' },
  ...GIF_OPTIONS,
} as const;

/** Runs `tmux-shot render`. @returns The exit status. */
export async function renderCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [input, ...extra] = args.positionals;
  if (input === undefined || extra.length > 0) throw new UsageError('render takes exactly one .cast file', 'render');
  const options = gifFlags('render', args.values);
  const text = await readInputFile('render', input);
  const out = outputPath('render', args.values.out, input.replace(/(\.cast)?$/, '.gif'));
  const gif = await encodeGif(parseAsciicast(text), options);
  await writeOutput(out, gif);
  io.stdout(`${out} (${gif.byteLength} bytes)`);
  return 0;
}
