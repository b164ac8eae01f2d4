/**
 * Evidence of a `finish` call checked against the live screen (pure). An entry is literal text
 * that must appear in the screen text, or a RegExp when it starts and ends with `/` (`/Saved \d+/`,
 * no flags).
 */

/** `evidence` as a matcher: a RegExp for `/…/` entries (length ≥ 3), else the literal text. */
function matcher(evidence: string): RegExp | string {
  if (evidence.length >= 3 && evidence.startsWith('/') && evidence.endsWith('/')) {
    try {
      return new RegExp(evidence.slice(1, -1));
    } catch {
      return evidence;
    }
  }
  return evidence;
}

/** The entries of `evidence` not visible in `screen` (the screen text, rows joined by `'\n'`), in order. */
export function missingEvidence(evidence: readonly string[], screen: string): string[] {
  return evidence.filter((entry) => {
    const m = matcher(entry);
    return typeof m === 'string' ? !screen.includes(m) : !m.test(screen);
  });
}

/** The tool message for a finish whose evidence is not on the screen. */
export function evidenceRejection(missing: readonly string[]): string {
  return (
    `error: finish rejected: evidence not visible on the screen: ${missing.map((m) => JSON.stringify(m)).join(', ')}. ` +
    'Read the screen; continue until the goal is really done, then finish with texts that are visible.'
  );
}
