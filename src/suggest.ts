/** "Did you mean" suggestions by edit distance. Pure. */

/** Levenshtein distance between `a` and `b` (insertions, deletions, substitutions cost 1). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Up to `limit` candidates close to `input`, best first: those within `maxDistance` edits
 * ignoring case, or starting with it (2 characters or more; such a prefix counts as distance 1),
 * ranked by that distance, then by the case-sensitive distance, then by their order in
 * `candidates`.
 * @param maxDistance Edits allowed. @default half the input's length, at most 2
 */
export function closestNames(input: string, candidates: readonly string[], limit = 3, maxDistance = Math.min(2, Math.floor(input.length / 2))): string[] {
  const lower = input.toLowerCase();
  const distanceTo = (name: string): number => {
    const distance = editDistance(lower, name.toLowerCase());
    return lower.length >= 2 && name.toLowerCase().startsWith(lower) ? Math.min(distance, 1) : distance;
  };
  return candidates
    .map((name, order) => ({ name, order, distance: distanceTo(name), exact: editDistance(input, name) }))
    .filter(({ distance }) => distance <= maxDistance)
    .sort((a, b) => a.distance - b.distance || a.exact - b.exact || a.order - b.order)
    .slice(0, limit)
    .map(({ name }) => name);
}
