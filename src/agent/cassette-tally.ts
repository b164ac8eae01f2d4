/** Counters of one test's model use: what the end-of-run cost summary adds up. */

/** Model calls, tokens and cassette outcomes of a test. */
export interface CassetteTally {
  /** Model calls that reached a model (recorded or live), retries not counted. */
  calls: number;
  /** Tokens those calls used (`total_tokens`, when reported). */
  tokens: number;
  /** Interactions answered from a cassette. */
  hits: number;
  /** Interactions that had no cassette to replay (recorded, or failed in replay mode). */
  misses: number;
  /** Interactions whose cassette was recorded under different semantic inputs. */
  stale: number;
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
