/**
 * Formats a written test file with the project's own formatter, as a person would before
 * committing it: Biome or Prettier from the nearest `node_modules/.bin` between the file and its
 * project's root (through host/'s `runProcess`, the one place processes start), with none of the
 * caller's secrets. No formatter: the file stays as written.
 */
import { access, constants } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CODEGEN } from '../defaults.js';
import { runProcess } from '../host/index.js';

/** The formatters tried, in order, each with its arguments before the file's path. */
const FORMATTERS = [
  { name: 'biome', args: ['format', '--write'] },
  { name: 'prettier', args: ['--write'] },
] as const;

/**
 * The variables a formatter gets from the caller's environment, by name: what finding and running
 * it needs (`PATH`: the `.bin` entries are `#!/usr/bin/env node` scripts), where it may write
 * (`TMPDIR`), its user's folder and locale. Not `NODE_OPTIONS` (it can load code into the
 * formatter), and nothing else: an environment holds API keys and tokens a formatter never needs.
 */
const FORMATTER_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'LC_CTYPE'] as const;

/** The formatters' own variables (`BIOME_CONFIG_PATH`, `BIOME_BINARY`, `PRETTIER_DEBUG`…), passed on too. */
const FORMATTER_PREFIXES = ['BIOME_', 'PRETTIER_'] as const;

/** How {@link formatFile} went. */
export interface FormatResult {
  /** The project's root: the nearest folder at or above the file's that holds a `package.json`; undefined when there is none, and then no formatter is looked for. */
  project?: string;
  /** The formatter that ran; undefined when none was found. */
  formatter?: 'biome' | 'prettier';
  /** The folder it ran in: the one holding its `node_modules/.bin`, at or below `project`. */
  dir?: string;
  /** Why it failed (its exit status and first line of output), when it did: the file is then as written. */
  error?: string;
}

/**
 * Runs the project's formatter on `file`. The project is the nearest folder at or above the file's
 * holding a `package.json`; the formatter, the first of `node_modules/.bin/biome` (`biome format
 * --write`) and `node_modules/.bin/prettier` (`prettier --write`) found in the file's folder or one
 * above it up to that root — never beyond it, where a shared folder's `node_modules` belongs to
 * someone else — run in the folder holding it so the project's configuration applies, with the
 * environment {@link formatterEnv} keeps. A file in no project is not formatted. Never throws: a
 * formatter that fails or runs past `CODEGEN.formatTimeout` ms leaves the file as written and says
 * why in `error`.
 */
export async function formatFile(file: string): Promise<FormatResult> {
  const start = dirname(resolve(file));
  const project = await findProject(start);
  if (project === undefined) return {};
  const found = await findFormatter(start, project);
  if (!found) return { project };
  const { formatter, dir, bin } = found;
  const result = await runProcess(bin, [...formatter.args, file], { cwd: dir, env: formatterEnv(process.env), timeout: CODEGEN.formatTimeout });
  if (result.exitCode === 0) return { formatter: formatter.name, dir, project };
  const why = result.spawnError?.message ?? (result.timedOut ? `ran past ${CODEGEN.formatTimeout} ms` : (result.signal ?? `exit status ${result.exitCode}`));
  const said = firstComplaint(`${result.stderr}\n${result.stdout}`);
  return { formatter: formatter.name, dir, project, error: said ? `${why}: ${said}` : why };
}

/**
 * The environment a formatter runs with: of `env`, only `PATH`, `HOME`, `TMPDIR`, `LANG`,
 * `LC_ALL`, `LC_CTYPE` and the variables named `BIOME_…` or `PRETTIER_…` (those set). Pure.
 */
export function formatterEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const wanted = (FORMATTER_ENV as readonly string[]).includes(name) || FORMATTER_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (wanted && value !== undefined) kept[name] = value;
  }
  return kept;
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

/** The nearest folder at or above `start` holding a `package.json`. */
async function findProject(start: string): Promise<string | undefined> {
  for (let dir = start; ; dir = dirname(dir)) {
    if (await reachable(join(dir, 'package.json'), constants.F_OK)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The first formatter in `node_modules/.bin` of `start` or a folder above it, up to `project` (a folder at or above `start`). */
async function findFormatter(start: string, project: string): Promise<{ formatter: (typeof FORMATTERS)[number]; dir: string; bin: string } | undefined> {
  for (let dir = start; ; dir = dirname(dir)) {
    for (const formatter of FORMATTERS) {
      const bin = join(dir, 'node_modules', '.bin', formatter.name);
      if (await reachable(bin, constants.X_OK)) return { formatter, dir, bin };
    }
    if (dir === project || dirname(dir) === dir) return undefined;
  }
}

function reachable(path: string, mode: number): Promise<boolean> {
  return access(path, mode).then(
    () => true,
    () => false,
  );
}
