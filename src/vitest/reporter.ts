/**
 * `tmux-shot/reporter`: the Vitest reporter that prints the agent's one-line cost summary at the
 * end of a run — `tmux-shot agent: 3 model calls, 1234 tokens; cassettes: 2 hits, 1 miss, 0 stale`
 * — once, when any test used the agent. A separate entry because a Vitest config must not import
 * `tmux-shot/vitest` (test-side code).
 *
 * Each test's tally travels from the worker that ran it to this reporter in the main process in
 * the test's `meta`, which Vitest serializes: the `agent` fixture publishes it there
 * ({@link publishTally}). Neither side loads the agent to write or read it; the reporter loads it
 * only to add the tallies up.
 * @example
 *   // vitest.config.ts
 *   export default defineConfig({ test: { reporters: ['default', 'tmux-shot/reporter'] } });
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import type { CassetteTally } from '../agent/index.js';

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

/** Prints the one-line agent cost summary at the end of a run. Add it after Vitest's own reporters. */
export class AgentCostReporter implements Reporter {
  #log: (line: string) => void = (line) => console.log(line);

  onInit(vitest: Vitest): void {
    this.#log = (line) => vitest.logger.log(line);
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const tallies = modules.flatMap((module) => [...module.children.allTests()].flatMap((test) => tallyOf(test.meta()) ?? []));
    if (tallies.length === 0) return;
    const { addTallies, formatTally } = await import('../agent/index.js');
    this.#log(formatTally(addTallies(tallies)));
  }
}

export default AgentCostReporter;
