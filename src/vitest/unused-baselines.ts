/**
 * Baselines no test used: decided per test file, and only when every test of the file ran, so a
 * filtered run (`-t`, `.only`, `.skip`) never calls a baseline unused. Pure.
 */
import type { RunnerTask } from 'vitest';

/**
 * True when every test in `tasks` (suites walked recursively) ran to a pass or a failure: none
 * skipped, todo, filtered out by `-t`, or left unfinished.
 */
export function ranFully(tasks: readonly RunnerTask[]): boolean {
  return tasks.every((task) =>
    task.type === 'suite' ? task.mode === 'run' && ranFully(task.tasks) : task.mode === 'run' && (task.result?.state === 'pass' || task.result?.state === 'fail'),
  );
}

/** The baselines in `present` that are not in `used`, sorted. */
export function unusedBaselines(present: readonly string[], used: ReadonlySet<string>): string[] {
  return present.filter((path) => !used.has(path)).sort();
}
