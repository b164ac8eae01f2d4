/** `tmux-shot render`: re-render an asciicast recording as a GIF with other settings. */
import { encodeGif, parseAsciicast } from '../record/index.js';
import { lstat } from 'node:fs/promises';
import { UsageError, type ParsedArgs } from './args.js';
import { GIF_OPTIONS, GIF_USAGE, gifFlags } from './flags.js';
import { checkOutput, type CliIo, type CliOutput, readInputFile, reportWritten, writeOutput } from './io.js';

/** Usage text of `tmux-shot render`. */
export const RENDER_COMMAND_USAGE = `Usage: tmux-shot render [options] in.cast -o out.gif

Draws an asciicast v2 (or v3) recording — from \`tmux-shot record -o x.cast\`, asciinema, or any
other recorder — as a GIF, with the same fonts and themes as the screenshots. Prints the path
and size (on stderr when the GIF goes to stdout: -o /dev/stdout). Without -o it writes the input's
name with .gif, and refuses to replace a file that is there: name it with -o to replace it.

Options:
${GIF_USAGE}
  -o, --out FILE     where to write the GIF, its folders created if missing; /dev/stdout and
                     /dev/fd/N write to that descriptor (default: the input with .gif, if new)
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
  const text = await readInputFile(input);
  const out = args.values.out === undefined ? await defaultOutput(input) : await checkOutput('render', args.values.out, '');
  const gif = await encodeGif(parseAsciicast(text), options);
  await writeOutput(out, gif);
  reportWritten(io, out, `${out.path} (${gif.byteLength} bytes)`);
  return 0;
}

/**
 * The output when -o is not given: the input's name with `.gif`, if nothing is there. It borrows
 * the user's name, so a file there may be a GIF made otherwise: as ffmpeg (without -y) and
 * asciinema (without --overwrite) do, only a name the user gave replaces a file.
 * @throws {UsageError} when something is at that path.
 */
async function defaultOutput(input: string): Promise<CliOutput> {
  const out = await checkOutput('render', undefined, input.replace(/(\.cast)?$/, '.gif'));
  const there = await lstat(out.path).catch(() => undefined);
  if (there)
    throw new UsageError(
      `render writes ${out.path} when -o is not given, and that file exists: name it with -o to replace it, or choose another name.`,
      'render',
    );
  return out;
}
