/** Counters of one test's model use: what the end-of-run cost summary adds up. */

/** Model calls, tokens and cassette outcomes of a test. */
export interface CassetteTally {
  /**
   * Model calls the test's model answered (the endpoint, or `agentModel`: a scripted model's count
   * too), recorded or live; retries not counted; calls a cassette answered are not.
   */
  calls: number;
  /** Tokens those calls used (`total_tokens`, when reported). */
  tokens: number;
  /** Interactions answered wholly from a cassette. */
  hits: number;
  /**
   * Interactions a cassette did not answer: none to replay (recorded, or failed in replay mode),
   * or the replay diverged from the live screen (failed, or went on live with `fallthrough`) or
   * ran out of recorded calls.
   */
  misses: number;
  /** Interactions whose cassette was recorded under different semantic inputs. */
  stale: number;
}

/**
 * What one interaction (`agent.run`, `assert`, `query`) cost, told apart by where the answers came
 * from: `calls` and `tokens` count what the test's model answered now, a scripted model's answers
 * included (the end-of-run line adds up the same),
 * `replayed` what the cassette answered instead, at no cost.
 */
export interface InteractionCost {
  /**
   * Model calls the test's model answered — the endpoint, or `agentModel` (a scripted model's
   * count too) — recording, live, or after a `fallthrough` divergence; retries not counted.
   */
  calls: number;
  /** Model calls answered from the cassette. */
  replayed: number;
  /** Tokens the `calls` used (`total_tokens`, when reported; 0 otherwise). */
  tokens: number;
}

/** A tally at zero. */
export function emptyTally(): CassetteTally {
  return { calls: 0, tokens: 0, hits: 0, misses: 0, stale: 0 };
}

/** The field-by-field sum of tallies. */
export function addTallies(tallies: Iterable<CassetteTally>): CassetteTally {
  const sum = emptyTally();
  for (const t of tallies) {
    sum.calls += t.calls;
    sum.tokens += t.tokens;
    sum.hits += t.hits;
    sum.misses += t.misses;
    sum.stale += t.stale;
  }
  return sum;
}

/** The one-line summary: `tmux-shot agent: 3 model calls, 1234 tokens; cassettes: 2 hits, 1 miss, 0 stale`. */
export function formatTally(t: CassetteTally): string {
  const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
  return (
    `tmux-shot agent: ${plural(t.calls, 'model call')}, ${plural(t.tokens, 'token')}; ` +
    `cassettes: ${plural(t.hits, 'hit')}, ${plural(t.misses, 'miss', 'misses')}, ${t.stale} stale`
  );
}
