/** Screenshot file names (pure): safe, readable names derived from a label. */

/** Longest label part of a file name, in characters. */
const MAX_LABEL = 60;

/**
 * The base name for a label: ASCII letters, digits, `.`, `_` and `-` kept, any other run of
 * characters becomes `-`, no leading dots or dashes (no hidden files, no `..`), at most 60
 * characters; `'screenshot'` when nothing is left.
 */
export function sanitizeLabel(label: string): string {
  const safe = label
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, MAX_LABEL)
    .replace(/[.-]+$/, '');
  return safe === '' ? 'screenshot' : safe;
}

/** The file name of the `n`-th try (1-based) for a base name: `base.png`, then `base-2.png`, … */
export function shotFileName(base: string, n: number): string {
  return n === 1 ? `${base}.png` : `${base}-${n}.png`;
}
