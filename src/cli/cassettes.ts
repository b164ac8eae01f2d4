/**
 * `tmux-shot cassettes check|prune [dir]`: find cassettes that no longer fit. A cassette
 * `<test dir>/__cassettes__/[<project>/]<test file>/<name>.json` is **unused** when its test file
 * is gone, or when no test of that file has the full name it records (`describe > test`), as the
 * project's own Vitest collects them (skipped and todo tests count: they keep their cassettes).
 * It is **misplaced** when its test exists but runs in another Vitest project's folder, and
 * **unknown** when Vitest does not run or cannot import its test file. It is **stale** when its
 * format or the inputs the library defines (system prompts, built-in tool schemas) changed; goals,
 * terminal sizes and query schemas are checked when the test runs. `prune` removes only the unused.
 */
import type { Dirent } from 'node:fs';
import { access, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { loadAgentSchemas } from '../agent/index.js';
import { CASSETTE } from '../defaults.js';
import { TmuxShotError } from '../errors.js';
import { projectFolderName } from '../file-names.js';
import { describeFileError } from '../output-file.js';
import { UsageError, type ParsedArgs } from './args.js';
import { collectTests } from './collect-tests.js';
import type { CollectedModule } from './collect-tests.js';
import type { CliIo } from './io.js';

// This module loads only when its command runs; zod comes with the schemas.
const { libraryStaleness, parseCassette } = await loadAgentSchemas();

/** Usage text of `tmux-shot cassettes`. */
export const CASSETTES_USAGE = `Usage: tmux-shot cassettes check [dir]
       tmux-shot cassettes prune [dir]

check  lists stale, unused, misplaced, unknown and pending cassettes under dir (default: .);
       exits 1 when any is not pending
prune  removes the unused ones

Run it in the project folder: the test names are collected by the project's own Vitest
(its config and projects), which imports each test file that has cassettes and runs no test.
A cassette is unused when its test file is gone, or no test of that file has its test name.
It is misplaced when its test runs in another Vitest project (see __cassettes__/<project>/),
and unknown when Vitest does not run its test file or cannot import it.
It is stale when this version's prompts or tool schemas differ from the ones it was recorded with;
re-record with TMUX_SHOT_CASSETTES=record npx vitest run <test file> -t '<test name>'.
A pending cassette (<name>.pending.json) waits for review: compare it with <name>.json, then
rename it over that file or delete it.

Options:
  -h, --help   show this help`;

/** util.parseArgs options of `tmux-shot cassettes`: none but `--help`. */
export const CASSETTES_OPTIONS = {} as const;

/** What is wrong with one cassette file. */
export interface CassetteFinding {
  path: string;
  kind: 'stale' | 'unused' | 'misplaced' | 'unknown' | 'pending' | 'invalid';
  detail: string;
}

/** Where a cassette belongs: its test file and the project folder it is in (`''`: none). */
export interface CassetteLocation {
  testFile: string;
  projectFolder: string;
}

/** What Vitest knows of a cassette's test file. */
export type TestFileTests =
  | { kind: 'gone' }
  | { kind: 'unknown'; reason: string }
  /** Full test names by the folder of the project that runs them (`''` without projects). */
  | { kind: 'collected'; names: ReadonlyMap<string, ReadonlySet<string>> };

/**
 * Where the cassette at `path` belongs (pure): `<dir>/__cassettes__/<file>/<name>.json` is of
 * `<dir>/<file>`; `<dir>/__cassettes__/<project>/<file>/<name>.json` of the same file in that project.
 * Undefined for a file that is not in a cassette folder.
 */
export function cassetteLocation(path: string): CassetteLocation | undefined {
  const fileFolder = dirname(path);
  const above = dirname(fileFolder);
  if (basename(above) === CASSETTE.directory) return { testFile: join(dirname(above), basename(fileFolder)), projectFolder: '' };
  if (basename(dirname(above)) === CASSETTE.directory) return { testFile: join(dirname(dirname(above)), basename(fileFolder)), projectFolder: basename(above) };
  return undefined;
}

/** The projects that run `name` in `names`, by folder. */
function projectsWith(names: ReadonlyMap<string, ReadonlySet<string>>, name: string): string[] {
  return [...names].filter(([, tests]) => tests.has(name)).map(([folder]) => folder);
}

/**
 * Judges one cassette (pure): `text` is its content, `location` where it lies, `tests` what Vitest
 * collected of its test file. Returns no finding for a cassette that fits.
 */
export function auditCassette(path: string, text: string, location: CassetteLocation, tests: TestFileTests): CassetteFinding | undefined {
  const testFile = basename(location.testFile);
  if (path.endsWith('.pending.json')) return { path, kind: 'pending', detail: 'recorded after a divergence: review it' };
  if (tests.kind === 'gone') return { path, kind: 'unused', detail: `test file ${testFile} is gone` };
  if (tests.kind === 'unknown') return { path, kind: 'unknown', detail: tests.reason };
  let cassette;
  try {
    cassette = parseCassette(text, path);
  } catch (error) {
    return { path, kind: 'invalid', detail: (error as TmuxShotError).message };
  }
  if (!tests.names.get(location.projectFolder)?.has(cassette.test)) {
    const elsewhere = projectsWith(tests.names, cassette.test);
    if (elsewhere.length === 0) return { path, kind: 'unused', detail: `no test ${JSON.stringify(cassette.test)} in ${testFile}` };
    const where = elsewhere.map((folder) => (folder === '' ? `__cassettes__/${testFile}/` : `__cassettes__/${folder}/${testFile}/`)).join(' or ');
    return { path, kind: 'misplaced', detail: `its test runs in another Vitest project: move it to ${where}` };
  }
  const reasons = libraryStaleness(cassette);
  return reasons.length ? { path, kind: 'stale', detail: `recorded with other ${reasons.join(', ')}` } : undefined;
}

/**
 * What Vitest collected of `testFile` (pure), from the modules of every project.
 * @param cwd - where Vitest ran, for the message of a file it does not run.
 */
export function testsOfFile(testFile: string, modules: readonly CollectedModule[], cwd: string): TestFileTests {
  const own = modules.filter((module) => module.file === testFile);
  if (own.length === 0)
    return { kind: 'unknown', reason: `Vitest in ${cwd} does not run ${basename(testFile)} (not in its include; run cassettes in the project folder)` };
  const failed = own.find((module) => module.errors.length > 0);
  if (failed) return { kind: 'unknown', reason: `Vitest could not collect ${basename(testFile)}: ${failed.errors[0]!.split('\n')[0]}` };
  return { kind: 'collected', names: new Map(own.map((module) => [module.project === '' ? '' : projectFolderName(module.project), new Set(module.tests)])) };
}

/** Runs `tmux-shot cassettes`. @returns The exit status. */
export async function cassettesCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [action, dir = '.', ...extra] = args.positionals;
  if ((action !== 'check' && action !== 'prune') || extra.length > 0) {
    throw new UsageError('cassettes takes check or prune, and at most one folder', 'cassettes');
  }
  const root = resolve(dir);
  const findings = await auditAll(await cassetteFiles(root));
  const count = (kind: CassetteFinding['kind']) => findings.list.filter((f) => f.kind === kind).length;
  if (action === 'prune') {
    for (const finding of findings.list.filter((f) => f.kind === 'unused')) {
      await rm(finding.path);
      await rmdir(dirname(finding.path)).catch(() => undefined);
      io.stdout(`removed ${relative(root, finding.path)} (${finding.detail})`);
    }
    io.stdout(`${findings.total} cassettes: ${count('unused')} removed`);
    return 0;
  }
  for (const f of findings.list) io.stdout(`${f.kind.padEnd(9)} ${relative(root, f.path)}: ${f.detail}`);
  const kinds = ['stale', 'unused', 'misplaced', 'unknown', 'invalid', 'pending'] as const;
  io.stdout(`${findings.total} cassettes: ${kinds.map((kind) => `${count(kind)} ${kind}`).join(', ')}`);
  return findings.list.some((f) => f.kind !== 'pending') ? 1 : 0;
}

/** Audits every cassette in `files`, collecting the tests of their files with the project's Vitest once. */
async function auditAll(files: readonly { path: string; location: CassetteLocation }[]): Promise<{ total: number; list: CassetteFinding[] }> {
  const testFiles = [...new Set(files.map((file) => file.location.testFile))];
  const present = (
    await Promise.all(
      testFiles.map((file) =>
        access(file).then(
          () => file,
          () => undefined,
        ),
      ),
    )
  ).filter((file) => file !== undefined);
  const cwd = process.cwd();
  const modules = present.length > 0 ? await collectTests(present, cwd) : [];
  const tests = new Map<string, TestFileTests>(testFiles.map((file) => [file, present.includes(file) ? testsOfFile(file, modules, cwd) : { kind: 'gone' }]));
  const findings = await Promise.all(
    files.map(async ({ path, location }) => auditCassette(path, await readFile(path, 'utf8'), location, tests.get(location.testFile)!)),
  );
  return { total: files.length, list: findings.flatMap((f) => f ?? []) };
}

/** Every `*.json` in a `__cassettes__/[<project>/]<test file>/` folder under `root`, sorted; node_modules and dot folders skipped. */
async function cassetteFiles(root: string): Promise<{ path: string; location: CassetteLocation }[]> {
  const found: { path: string; location: CassetteLocation }[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (dir === root) throw new TmuxShotError(`cannot read ${dir}: ${describeFileError(error as NodeJS.ErrnoException)}.`, { cause: error });
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const location = entry.isFile() && entry.name.endsWith('.json') ? cassetteLocation(path) : undefined;
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) await walk(path);
      else if (location) found.push({ path, location });
    }
  };
  await walk(root);
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
