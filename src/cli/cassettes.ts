/**
 * `tmux-shot cassettes check|prune [dir]`: find cassettes that no longer fit. A cassette
 * `<test dir>/__cassettes__/<test file>/<name>.json` is **unused** when `<test dir>/<test file>`
 * no longer exists, or when a part of the test name it records (`describe > test`, split at
 * ` > `) no longer appears in that file's source. It is **stale** when its format or the inputs the
 * library defines (system prompts, built-in tool schemas) changed; goals, terminal sizes and query
 * schemas are checked when the test runs.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { libraryStaleness, parseCassette } from '../agent/index.js';
import { CASSETTE } from '../defaults.js';
import { TmuxShotError } from '../errors.js';
import { parseCommandArgs } from './args.js';
import type { CliIo } from './io.js';
import { UsageError } from './usage-error.js';

/** Usage text of `tmux-shot cassettes`. */
export const CASSETTES_USAGE = `Usage: tmux-shot cassettes check [dir]
       tmux-shot cassettes prune [dir]

check  lists stale, unused and pending cassettes under dir (default: .); exits 1 when any is stale or unused
prune  removes the unused ones

A cassette is unused when its test file is gone, or its test name is no longer in that file.
It is stale when this version's prompts or tool schemas differ from the ones it was recorded with;
re-record with TMUX_SHOT_CASSETTES=record npx vitest run <test file> -t '<test name>'.
A pending cassette (<name>.pending.json) waits for review: compare it with <name>.json, then
rename it over that file or delete it.

Options:
  -h, --help   show this help`;

const OPTIONS = { help: { type: 'boolean', short: 'h' } } as const;

/** What is wrong with one cassette file. */
export interface CassetteFinding {
  path: string;
  kind: 'stale' | 'unused' | 'pending' | 'invalid';
  detail: string;
}

/**
 * Judges one cassette (pure): `text` is its content, `source` its test file's source (undefined
 * when the file is gone). Returns no finding for a cassette that fits.
 */
export function auditCassette(path: string, text: string, source: string | undefined): CassetteFinding | undefined {
  const testFile = basename(dirname(path));
  if (path.endsWith('.pending.json')) return { path, kind: 'pending', detail: 'recorded after a divergence: review it' };
  if (source === undefined) return { path, kind: 'unused', detail: `test file ${testFile} is gone` };
  let cassette;
  try {
    cassette = parseCassette(text, path);
  } catch (error) {
    return { path, kind: 'invalid', detail: (error as TmuxShotError).message };
  }
  const absent = cassette.test.split(' > ').find((part) => !source.includes(part));
  if (absent !== undefined) return { path, kind: 'unused', detail: `no test ${JSON.stringify(absent)} in ${testFile}` };
  const reasons = libraryStaleness(cassette);
  return reasons.length ? { path, kind: 'stale', detail: `recorded with other ${reasons.join(', ')}` } : undefined;
}

/** Runs `tmux-shot cassettes`. @returns The exit status. */
export async function cassettesCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseCommandArgs('cassettes', argv, OPTIONS);
  if (args.values.help) {
    io.stdout(CASSETTES_USAGE);
    return 0;
  }
  const [action, dir = '.', ...extra] = args.positionals;
  if ((action !== 'check' && action !== 'prune') || extra.length > 0) {
    throw new UsageError('cassettes takes check or prune, and at most one folder', 'cassettes');
  }
  const root = resolve(dir);
  const files = await cassetteFiles(root);
  const findings = (await Promise.all(files.map(audit))).flatMap((f) => f ?? []);
  const count = (kind: CassetteFinding['kind']) => findings.filter((f) => f.kind === kind).length;
  if (action === 'prune') {
    for (const finding of findings.filter((f) => f.kind === 'unused')) {
      await rm(finding.path);
      await rmdir(dirname(finding.path)).catch(() => undefined);
      io.stdout(`removed ${relative(root, finding.path)} (${finding.detail})`);
    }
    io.stdout(`${files.length} cassettes: ${count('unused')} removed`);
    return 0;
  }
  for (const f of findings) io.stdout(`${f.kind.padEnd(7)} ${relative(root, f.path)}: ${f.detail}`);
  io.stdout(`${files.length} cassettes: ${count('stale')} stale, ${count('unused')} unused, ${count('invalid')} invalid, ${count('pending')} pending`);
  return count('stale') + count('unused') + count('invalid') > 0 ? 1 : 0;
}

/** Reads a cassette and its test file's source, and audits it. */
async function audit(path: string): Promise<CassetteFinding | undefined> {
  const testFile = join(dirname(dirname(dirname(path))), basename(dirname(path)));
  const source = await readFile(testFile, 'utf8').catch(() => undefined);
  return auditCassette(path, await readFile(path, 'utf8'), source);
}

/** Every `*.json` in a `__cassettes__/<test file>/` folder under `root`, sorted; node_modules and dot folders skipped. */
async function cassetteFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (dir === root) throw new UsageError(`cannot read ${dir}: ${(error as Error).message}`, 'cassettes');
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) await walk(path);
      else if (entry.isFile() && entry.name.endsWith('.json') && basename(dirname(dirname(path))) === CASSETTE.directory) found.push(path);
    }
  };
  await walk(root);
  return found.sort();
}
