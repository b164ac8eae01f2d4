/**
 * A unified diff of two screen texts (pure), shown when a replayed step's live screen differs
 * from the recorded one. Lines are compared whole; an LCS table is fine at screen sizes.
 */
import { CASSETTE } from '../../defaults.js';

type Op = { kind: ' ' | '-' | '+'; line: string };

/** Line operations turning `a` into `b`, by longest common subsequence. */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ kind: ' ', line: a[i++]! }), j++;
    else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', line: a[i++]! });
    else ops.push({ kind: '+', line: b[j++]! });
  }
  return ops;
}

/**
 * A unified diff (`--- recorded`, `+++ live`, `@@ -l,n +l,n @@` hunks with `context` lines around
 * each change); '' when the texts are equal.
 * @param context Unchanged lines shown around a change. @default CASSETTE.diffContext (2)
 */
export function unifiedDiff(recorded: string, live: string, context: number = CASSETTE.diffContext): string {
  const ops = diffLines(recorded.split('\n'), live.split('\n'));
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return '';
  const hunks: Array<[number, number]> = [];
  for (const index of changed) {
    const last = hunks.at(-1);
    if (last && index - last[1] <= 2 * context + 1) last[1] = index;
    else hunks.push([index, index]);
  }
  const out = ['--- recorded', '+++ live'];
  for (const [first, last] of hunks) {
    const start = Math.max(0, first - context);
    const end = Math.min(ops.length - 1, last + context);
    const before = ops.slice(0, start);
    const slice = ops.slice(start, end + 1);
    const aStart = before.filter((op) => op.kind !== '+').length + 1;
    const bStart = before.filter((op) => op.kind !== '-').length + 1;
    const aCount = slice.filter((op) => op.kind !== '+').length;
    const bCount = slice.filter((op) => op.kind !== '-').length;
    out.push(`@@ -${aStart},${aCount} +${bStart},${bCount} @@`, ...slice.map((op) => `${op.kind}${op.line}`));
  }
  return out.join('\n');
}
