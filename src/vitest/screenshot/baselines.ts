/**
 * The baselines of a test file: the update mode that governs them, read from Vitest's snapshot
 * state; which ones this run used; and, once the file's tests ran, the report of those no test
 * needs — deleted with `-u`, as Vitest removes obsolete snapshots.
 *
 * A baseline is unused only when its test is gone, or when its test ran to the end and passed
 * without asking for it: a test that failed, timed out, was skipped or filtered out (`-t`, `.only`,
 * `.skip`, `.todo`) keeps every baseline that may be its own, as Jest keeps the snapshots of failed
 * and skipped tests (jest-jasmine2's `addSnapshotData` marks them checked) and Vitest those of
 * skipped tests.
 */
import { readdir, rm } from 'node:fs/promises';
import { join, normalize, relative } from 'node:path';
import type { MatcherState, RunnerTask, RunnerTestFile } from 'vitest';
import type { UpdateMode } from '../../diff/index.js';
import { projectRoot } from '../paths.js';
import { snapshotUpdateStateOf } from '../vitest-versions.js';
import { baselineDirectory, baselinePath } from './names.js';

/**
 * The update mode of the current test file, read on every call so that watch mode's `u` (which
 * flips it to 'all' for one run) is seen. What each mode does is decided in diff/ (`decideOutcome`).
 * @returns `'new'` when no snapshot state is available (outside a test), as Vitest does locally.
 */
export function readUpdateMode(state: Pick<MatcherState, 'snapshotState'> | undefined): UpdateMode {
  return snapshotUpdateStateOf(state?.snapshotState) ?? 'new';
}

/**
 * The update mode of one baseline under the accept command's variable (`TMUX_SHOT_ACCEPT`, see
 * `acceptCommand`): unset or empty, the file's `mode`; naming this baseline (relative to the
 * project root, `./` and `..` segments normalized), `'all'` (rewritten when it differs, as with
 * `-u`); naming another, `'none'` (compared, never written, as in CI). Pure.
 */
export function acceptedUpdateMode(mode: UpdateMode, baseline: string, accept: string | undefined): UpdateMode {
  if (accept === undefined || accept === '') return mode;
  return normalize(accept) === normalize(baseline) ? 'all' : 'none';
}

/** The update mode of the sweep of unused baselines: under the accept command (`accept` set), `'none'` (nothing is deleted); else `mode`. Pure. */
export function sweepUpdateMode(mode: UpdateMode, accept: string | undefined): UpdateMode {
  return accept === undefined || accept === '' ? mode : 'none';
}

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

/**
 * Checks the baselines of `file` once all its tests ran: each PNG in its `__screenshots__` folder
 * that is unused (see {@link unusedBaselines}) is reported on stderr — or deleted when
 * `updateMode` is `'all'` (`-u`).
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

/** Every `.png` under `folder`, recursively; none when it does not exist. */
async function listPngs(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.png')).map((entry) => join(entry.parentPath, entry.name));
}

/** The path of `fullName`'s automatic baselines in `file` without the counter: `<dir>/<name>-`. */
function autoPrefix(file: Readonly<RunnerTestFile>, fullName: string): string {
  return baselinePath(file, `${fullName} 1`).slice(0, -'1.png'.length);
}

/** A test of the file, as the sweep sees it. */
export interface SweptTest {
  /**
   * The path of its automatic baselines without the counter and `.png`
   * (`…/__screenshots__/menu.test.ts/menu-opens-`): `<prefix><n>.png` is its screenshot `n`.
   */
  autoPrefix: string;
  /** It ran to the end and passed (not skipped, filtered, failed, timed out, or `test.fails`). */
  passed: boolean;
}

/** Every test under `tasks` (suites walked), with `autoPrefixOf` its full name's automatic prefix. */
export function sweptTests(tasks: readonly RunnerTask[], autoPrefixOf: (fullName: string) => string): SweptTest[] {
  return tasks.flatMap((task): SweptTest[] =>
    task.type === 'suite'
      ? sweptTests(task.tasks, autoPrefixOf)
      : [{ autoPrefix: autoPrefixOf(task.fullTestName), passed: task.mode === 'run' && task.result?.state === 'pass' && !task.fails }],
  );
}

/**
 * The baselines in `present` that are unused, sorted (pure): not in `used`, and
 * - named automatically after tests of the file (`<test name>-<n>.png`) that all passed, or
 * - named otherwise (an explicit name, or a test that is gone) when every test of the file passed,
 *   since any test that did not may be the one that asks for it.
 */
export function unusedBaselines(present: readonly string[], used: ReadonlySet<string>, tests: readonly SweptTest[]): string[] {
  const allPassed = tests.every((test) => test.passed);
  const isAutoName = (path: string, prefix: string) => path.startsWith(prefix) && /^\d+\.png$/.test(path.slice(prefix.length));
  return present
    .filter((path) => {
      if (used.has(path)) return false;
      const owners = tests.filter((test) => isAutoName(path, test.autoPrefix));
      return owners.length > 0 ? owners.every((test) => test.passed) : allPassed;
    })
    .sort();
}
