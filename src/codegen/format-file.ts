/**
 * Formats a written test file with the project's own formatter, as a person would before
 * committing it: Biome or Prettier from the nearest `node_modules/.bin` above the file (through
 * host/'s `runProcess`, the one place processes start). No formatter: the file stays as written.
 */
import { access, constants } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CODEGEN } from '../defaults.js';
import { runProcess } from '../host/index.js';

/** The formatters tried, in order, each with its arguments before the file's path. */
const FORMATTERS = [
  { name: 'biome', args: ['format', '--write'] },
  { name: 'prettier', args: ['--write'] },
] as const;

/** How {@link formatFile} went. */
export interface FormatResult {
  /** The formatter that ran; undefined when none was found. */
  formatter?: 'biome' | 'prettier';
  /** The project folder it ran in (the one holding `node_modules`). */
  dir?: string;
  /** Why it failed (its exit status and first line of output), when it did: the file is then as written. */
  error?: string;
}

/**
 * Runs the first formatter found on `file`: in the nearest folder at or above the file's that
 * holds `node_modules/.bin/biome` (`biome format --write`) or else `node_modules/.bin/prettier`
 * (`prettier --write`), with that folder as the working directory so the project's configuration
 * applies. Never throws: a formatter that fails or runs past `CODEGEN.formatTimeout` ms leaves the
 * file as written and says why in `error`.
 */
export async function formatFile(file: string): Promise<FormatResult> {
  const found = await findFormatter(dirname(file));
  if (!found) return {};
  const { formatter, dir, bin } = found;
  const result = await runProcess(bin, [...formatter.args, file], { cwd: dir, timeout: CODEGEN.formatTimeout });
  if (result.exitCode === 0) return { formatter: formatter.name, dir };
  const why = result.spawnError?.message ?? (result.timedOut ? `ran past ${CODEGEN.formatTimeout} ms` : `exit status ${result.exitCode}`);
  const said = firstComplaint(`${result.stderr}\n${result.stdout}`);
  return { formatter: formatter.name, dir, error: said ? `${why}: ${said}` : why };
}

/** The line of a formatter's output that says what went wrong: Biome's `× …` line, else the first line that says error, else the first line. */
function firstComplaint(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const line = lines.find((l) => /^[×✖]/.test(l)) ?? lines.find((l) => /error/i.test(l)) ?? lines[0];
  return line?.replace(/^[×✖]\s*/, '');
}

async function findFormatter(start: string): Promise<{ formatter: (typeof FORMATTERS)[number]; dir: string; bin: string } | undefined> {
  for (let dir = start; ; dir = dirname(dir)) {
    for (const formatter of FORMATTERS) {
      const bin = join(dir, 'node_modules', '.bin', formatter.name);
      if (
        await access(bin, constants.X_OK).then(
          () => true,
          () => false,
        )
      )
        return { formatter, dir, bin };
    }
    if (dirname(dir) === dir) return undefined;
  }
}
