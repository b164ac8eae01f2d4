/**
 * Baselines no test needs any more, decided per test file (pure). A baseline is unused only when
 * its test is gone, or when its test ran to the end and passed without asking for it: a test that
 * failed, timed out, was skipped or filtered out (`-t`, `.only`, `.skip`, `.todo`) keeps every
 * baseline that may be its own, as Jest keeps the snapshots of failed and skipped tests
 * (jest-jasmine2's `addSnapshotData` marks them checked) and Vitest those of skipped tests.
 */
import type { RunnerTask } from 'vitest';

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

/** True when `path` is `<prefix><n>.png` for a counter `n`. */
function isAutoName(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && /^\d+\.png$/.test(path.slice(prefix.length));
}

/**
 * The baselines in `present` that are unused, sorted: not in `used`, and
 * - named automatically after tests of the file (`<test name>-<n>.png`) that all passed, or
 * - named otherwise (an explicit name, or a test that is gone) when every test of the file passed,
 *   since any test that did not may be the one that asks for it.
 */
export function unusedBaselines(present: readonly string[], used: ReadonlySet<string>, tests: readonly SweptTest[]): string[] {
  const allPassed = tests.every((test) => test.passed);
  return present
    .filter((path) => {
      if (used.has(path)) return false;
      const owners = tests.filter((test) => isAutoName(path, test.autoPrefix));
      return owners.length > 0 ? owners.every((test) => test.passed) : allPassed;
    })
    .sort();
}
