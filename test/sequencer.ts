/**
 * The order the suite's files start in. Most of the suite's time is a few files that run child
 * Vitest runs of fixture projects (test/vitest/run-vitest.ts) for 30–150 s each; with several
 * files at once, such a file that starts last is what the whole run waits for. Vitest starts the
 * files that took longest last time first, but in a clean clone it has no times and starts the
 * largest files first, which puts some of these after hundreds of quick ones. So they start
 * first, then the rest, each part in Vitest's own order.
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Whether the test file at `path` starts child Vitest runs: it imports run-vitest.ts. */
function runsChildVitest(path: string): boolean {
  return /from '[./]*(vitest\/)?run-vitest\.js'/.test(readFileSync(path, 'utf8'));
}

export default class ChildRunsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = sorted.filter((spec) => runsChildVitest(spec.moduleId));
    return [...slow, ...sorted.filter((spec) => !slow.includes(spec))];
  }
}
