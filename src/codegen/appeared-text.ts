/**
 * The text a generated test waits for after a step (pure): a run of a line that appeared on the
 * screen with the step, chosen to be stable from run to run and to prove the step took effect.
 */
import { CODEGEN, TEXT_MASKS } from '../defaults.js';

/** What separates runs within a row: two or more blanks, box drawing and block elements (U+2500–U+259F). */
const SEPARATOR = /\s{2,}|[\u2500-\u259f]+/;

/** The volatile patterns without the `g` flag (whose `lastIndex` would make `test` stateful). */
const VOLATILE: readonly RegExp[] = [...Object.values(TEXT_MASKS), ...CODEGEN.volatileText].map((mask) => new RegExp(mask.source, mask.flags.replace('g', '')));

/**
 * A text shown in `after` (the screen's rows after a step) that `before` (the rows before it) did
 * not show, or undefined when there is none worth waiting for. Candidates are the runs of each row
 * of `after` (split at two or more blanks and at box drawing, trimmed), cut at a word boundary to
 * `CODEGEN.appearedTextChars`; one qualifies when it has a letter, appears nowhere in `before` (so a
 * wait on it cannot pass before the step's effect), appears once in `after`, and matches none of
 * the volatile patterns (`TEXT_MASKS`: clock times, durations, spinners, pids, /tmp paths; and
 * `CODEGEN.volatileText`: dates, percentages, sizes). Runs without digits (counters) win, then the
 * longest, then the topmost. When no run qualifies, a whole row that is new as a row (a command's
 * output that repeats the command line: `echo build-finished`, then `build-finished`) qualifies as
 * `/^row$/` (a RegExp is tested on each row) under the same rules, the row's text standing in for a run.
 * @example appearedText(['> Open', '  Save'], ['  Open', '> Save', 'Selected: Save']) // 'Selected: Save'
 * @example appearedText(['$ echo done'], ['$ echo done', 'done', '$']) // /^done$/
 */
export function appearedText(before: readonly string[], after: readonly string[]): string | RegExp | undefined {
  const shownBefore = before.join('\n');
  const shownAfter = after.join('\n');
  const run = best(
    after.flatMap(runsOf).map((text) => cut(text, CODEGEN.appearedTextChars)),
    (text) => qualifies(text, shownBefore, shownAfter),
  );
  if (run !== undefined) return run;
  const rowsBefore = before.map((row) => row.trimEnd());
  const rowsAfter = after.map((row) => row.trimEnd());
  const count = (rows: readonly string[], row: string) => rows.filter((other) => other === row).length;
  const row = best(
    rowsAfter,
    (text) => qualifies(text, '', text) && count(rowsBefore, text) === 0 && count(rowsAfter, text) === 1 && [...text].length <= CODEGEN.appearedTextChars,
  );
  return row === undefined ? undefined : new RegExp(`^${row.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

/** The preferred of `candidates` that pass `ok` (see {@link better}), or undefined. */
function best(candidates: readonly string[], ok: (text: string) => boolean): string | undefined {
  let found: string | undefined;
  for (const text of candidates) if (ok(text) && (found === undefined || better(text, found))) found = text;
  return found;
}

/**
 * The volatile patterns (see {@link appearedText}) that match somewhere on `screen` (its rows), in
 * their order: the `mask` of a screenshot of it, so that a time or free space that moves on does
 * not fail it. Without the `g` flag (the screenshot's mask finds every match itself).
 * @example volatileMasks(['alpha.txt  08:50', 'free 86%']) // [/\b\d{1,2}:\d{2}\b/, /\d+(?:\.\d+)?\s?%/]
 */
export function volatileMasks(screen: readonly string[]): RegExp[] {
  return VOLATILE.filter((pattern) => screen.some((row) => pattern.test(row)));
}

/** The trimmed, non-empty runs of one row. */
function runsOf(row: string): string[] {
  return row
    .split(SEPARATOR)
    .map((run) => run.trim())
    .filter((run) => run !== '');
}

/** `text` cut to at most `max` characters at the last blank that keeps it within them (mid-word only when the first word is longer). */
function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max + 1).join('');
  const blank = head.lastIndexOf(' ');
  return (blank > 0 ? head.slice(0, blank) : chars.slice(0, max).join('')).trimEnd();
}

function qualifies(text: string, shownBefore: string, shownAfter: string): boolean {
  if (!/\p{L}/u.test(text) || shownBefore.includes(text)) return false;
  if (shownAfter.indexOf(text) !== shownAfter.lastIndexOf(text)) return false;
  return !VOLATILE.some((pattern) => pattern.test(text));
}

/** Whether `a` is preferred to `b`, which came earlier: no digits first, then longer. */
function better(a: string, b: string): boolean {
  const digitsA = /\d/.test(a);
  const digitsB = /\d/.test(b);
  if (digitsA !== digitsB) return digitsB;
  return [...a].length > [...b].length;
}
