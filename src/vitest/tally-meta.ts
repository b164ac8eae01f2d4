/**
 * How a test's agent tally (model calls, tokens, cassette hits) travels from the worker that ran
 * the test to the reporter in the main process: in the test's `meta`, which Vitest serializes.
 * Kept apart from the agent itself, so that neither side loads the agent to read or write it.
 */
import type { CassetteTally } from '../agent/index.js';

/** The key of a test's `meta` that holds its {@link CassetteTally}. */
const TALLY_META_KEY = 'tmuxShotAgent';

/** Stores a copy of `tally` in a test's `meta`. */
export function publishTally(meta: object, tally: CassetteTally): void {
  (meta as Record<string, CassetteTally>)[TALLY_META_KEY] = { ...tally };
}

/** Reads a test's tally out of its `meta`, when it used the agent. */
export function tallyOf(meta: object): CassetteTally | undefined {
  return (meta as Record<string, CassetteTally | undefined>)[TALLY_META_KEY];
}
