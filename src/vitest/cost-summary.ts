/**
 * The end-of-run cost line: a Vitest reporter that adds up what each test's `agent` used (kept in
 * the test's `meta` by the fixture, so it crosses from workers to the main process) and prints
 * `tmux-shot agent: 3 model calls, 1234 tokens; cassettes: 2 hits, 1 miss, 0 stale` once, when
 * any test used the agent.
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { addTallies, formatTally } from '../agent/index.js';
import { tallyOf } from './tally-meta.js';

/** Prints the one-line agent cost summary at the end of a run. Add it after Vitest's own reporters. */
export class AgentCostReporter implements Reporter {
  #log: (line: string) => void = (line) => console.log(line);

  onInit(vitest: Vitest): void {
    this.#log = (line) => vitest.logger.log(line);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tallies = modules.flatMap((module) => [...module.children.allTests()].flatMap((test) => tallyOf(test.meta()) ?? []));
    if (tallies.length > 0) this.#log(formatTally(addTallies(tallies)));
  }
}
