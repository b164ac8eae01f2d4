/**
 * `tmux-shot/reporter`: the Vitest reporter that, at the end of every run, writes the run's index
 * of failure reports, `<root>/.vitest-attachments/tmux-shot-report.html` (see `evidence/report-index.ts`:
 * an empty one when no test wrote a report, so it never lists an earlier run's), and prints where
 * it is — `tmux-shot: report .vitest-attachments/tmux-shot-report.html (npx tmux-shot report)` —
 * when any test wrote one; and prints the agent's one-line cost
 * summary — `tmux-shot agent: 3 model calls, 1234 tokens; cassettes: 2 hits, 1 miss, 0 stale` —
 * once, when any test used the agent. A separate entry because a Vitest config must not import
 * `tmux-shot/vitest` (test-side code).
 *
 * What each test adds travels from the worker that ran it to this reporter in the main process in
 * the test's `meta`, which Vitest serializes: the `agent` fixture publishes its tally there
 * ({@link publishTally}), the app fixtures its report (`publishReport`). Neither side
 * loads the agent or the report builder to write or read them; the reporter loads each only when
 * a test used it.
 * @example
 *   // vitest.config.ts
 *   export default defineConfig({ test: { reporters: ['default', 'tmux-shot/reporter'] } });
 */
import { join, relative } from 'node:path';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { CassetteTally } from '../agent/index.js';
import { VITEST_CONSTANTS } from '../defaults.js';
import { indexEntries, publishedReportOf } from './evidence/report-index.js';
import type { ReportedTest } from './evidence/report-index.js';

/** The key of a test's `meta` that holds its {@link CassetteTally}. */
const TALLY_META_KEY = 'tmuxShotAgent';

/** Stores a copy of `tally` in a test's `meta`. */
export function publishTally(meta: object, tally: CassetteTally): void {
  (meta as Record<string, CassetteTally>)[TALLY_META_KEY] = { ...tally };
}

/** Reads a test's tally out of its `meta`, when it used the agent. */
function tallyOf(meta: object): CassetteTally | undefined {
  return (meta as Record<string, CassetteTally | undefined>)[TALLY_META_KEY];
}

/** A test that wrote a report, as the index lists it. */
function reportedTest(test: TestCase): ReportedTest | undefined {
  const report = publishedReportOf(test.meta());
  if (report === undefined) return undefined;
  return { title: test.fullName, file: test.module.relativeModuleId, failed: test.result().state === 'failed', report };
}

/**
 * Writes the run's report index and prints the agent cost summary at the end of a run. Add it
 * after Vitest's own reporters. Problems writing the index are printed, never thrown: the run's
 * own result stands.
 */
export class AgentCostReporter implements Reporter {
  #log: (line: string) => void = (line) => console.log(line);
  #root = process.cwd();

  onInit(vitest: Vitest): void {
    this.#log = (line) => vitest.logger.log(line);
    this.#root = vitest.config.root;
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const tests = modules.flatMap((module) => [...module.children.allTests()]);
    await this.#writeIndex(tests.flatMap((test) => reportedTest(test) ?? []));
    const tallies = tests.flatMap((test) => tallyOf(test.meta()) ?? []);
    if (tallies.length === 0) return;
    const { addTallies, formatTally } = await import('../agent/index.js');
    this.#log(formatTally(addTallies(tallies)));
  }

  /**
   * Writes `<root>/.vitest-attachments/tmux-shot-report.html` listing `tests` — where the workers
   * write the reports, whatever Vitest's `attachmentsDir` (which holds only Vitest's own copies) —
   * and, when it lists any, prints its path relative to the root.
   */
  async #writeIndex(tests: readonly ReportedTest[]): Promise<void> {
    const folder = join(this.#root, VITEST_CONSTANTS.attachmentsDir);
    const path = join(folder, VITEST_CONSTANTS.reportIndex);
    try {
      const [{ buildIndex }, { writeOutputFile }] = await Promise.all([import('../report/index.js'), import('../output-file.js')]);
      await writeOutputFile(path, buildIndex(indexEntries(tests, folder)), 'report index');
      if (tests.length > 0) this.#log(`tmux-shot: report ${relative(this.#root, path)} (npx tmux-shot report)`);
    } catch (error) {
      this.#log(`tmux-shot: could not write the report index ${path}: ${(error as Error).message}`);
    }
  }
}

export default AgentCostReporter;
