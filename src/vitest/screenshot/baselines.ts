/**
 * The end-of-file report of baselines no test needs (see `unusedBaselines` for the rule),
 * registered as an `afterAll` of every test file that imports the plugin. With `-u` it deletes
 * them, as Vitest removes obsolete snapshots.
 */
import { readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { RunnerTestFile } from 'vitest';
import type { UpdateMode } from '../../diff/index.js';
import { baselineDirectory, baselinePath, projectRoot } from '../paths.js';
import { sweptTests, unusedBaselines } from '../unused-baselines.js';

/**
 * Baselines compared (or written) in each run of a test file. Keyed by Vitest's file task, a new
 * object on every run, so watch-mode reruns without isolation start afresh.
 */
const usedByFile = new WeakMap<Readonly<RunnerTestFile>, Set<string>>();

/** Notes that a test of `file` used the baseline at `path`. */
export function markBaselineUsed(file: Readonly<RunnerTestFile>, path: string): void {
  let used = usedByFile.get(file);
  if (!used) usedByFile.set(file, (used = new Set()));
  used.add(path);
}

/** Every `.png` under `folder`, recursively; none when it does not exist. */
async function listPngs(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.png')).map((entry) => join(entry.parentPath, entry.name));
}

/** The path of `fullName`'s automatic baselines in `file` without the counter: `<dir>/<name>-`. */
function autoPrefix(file: Readonly<RunnerTestFile>, fullName: string): string {
  return baselinePath(file, `${fullName} 1`).slice(0, -'1.png'.length);
}

/**
 * Checks the baselines of `file` once all its tests ran: each PNG in its `__screenshots__` folder
 * that is unused (no assertion asked for it, and the test it may belong to is gone or passed) is
 * reported on stderr — or deleted when `updateMode` is `'all'` (`-u`).
 * @returns The unused baselines (deleted or not).
 */
export async function reportUnusedBaselines(file: Readonly<RunnerTestFile>, updateMode: UpdateMode): Promise<string[]> {
  const tests = sweptTests(file.tasks, (fullName) => autoPrefix(file, fullName));
  const unused = unusedBaselines(await listPngs(baselineDirectory(file)), usedByFile.get(file) ?? new Set(), tests);
  if (unused.length === 0) return unused;
  const root = projectRoot(file);
  const list = unused.map((path) => `  ${relative(root, path)}`).join('\n');
  if (updateMode === 'all') {
    await Promise.all(unused.map((path) => rm(path, { force: true })));
    console.warn(`tmux-shot: removed ${unused.length} unused screenshot baseline(s) of ${file.name}:\n${list}`);
  } else {
    console.warn(`tmux-shot: ${unused.length} screenshot baseline(s) of ${file.name} no test used:\n${list}\nRun with -u to remove them.`);
  }
  return unused;
}
