/**
 * The text a generated test waits for after a step (pure): a run of a line that appeared on the
 * screen with the step, chosen to be stable from run to run and to prove the step took effect; or,
 * when what changed was shown elsewhere before (mc's mini-status shows the file a click chose, whose
 * name the panel listed already), that text at its place.
 */
import { CODEGEN, TEXT_MASKS } from '../defaults.js';

/** What separates runs within a row: two or more blanks, box drawing and block elements (U+2500–U+259F). */
const SEPARATOR = /\s{2,}|[\u2500-\u259f]+/;

/** The volatile patterns without the `g` flag (whose `lastIndex` would make `test` stateful). */
const VOLATILE: readonly RegExp[] = [...Object.values(TEXT_MASKS), ...CODEGEN.volatileText].map((mask) => new RegExp(mask.source, mask.flags.replace('g', '')));

/** A text at its place on the screen: one row's cells from `col` (0-based), as `region({ row, col, rows: 1, cols })` reads them. */
export interface PlacedText {
  row: number;
  col: number;
  /** The run of text there (no leading or trailing blanks): `cols` is its length. */
  text: string;
}

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
 * When no row qualifies either, a run that replaced other text at its place (the same row and
 * columns showed something else before) qualifies as a {@link PlacedText}, under the same rules but
 * for where else it is shown, on a row of characters known to be single-width up to its end (so that
 * characters are columns: `SINGLE_WIDTH`); the run's text there cannot be read before the step.
 * With `echoes` (lines typed or pasted with their Enter in one read, so that `before` shows neither
 * them nor their output), no run or row that ends with one of them qualifies: that is the echo of
 * the command line, shown before its output, not what the Enter made appear.
 * @example appearedText(['> Open', '  Save'], ['  Open', '> Save', 'Selected: Save']) // 'Selected: Save'
 * @example appearedText(['$'], ['$ echo one', 'one', '$'], ['echo one']) // /^one$/
 * @example appearedText(['$ echo done'], ['$ echo done', 'done', '$']) // /^done$/
 * @example appearedText(['│ a.txt', '│ b.txt', '│UP--DIR'], ['│ a.txt', '│ b.txt', '│ b.txt']) // { row: 2, col: 2, text: 'b.txt' }
 */
export function appearedText(before: readonly string[], after: readonly string[], echoes: readonly string[] = []): string | RegExp | PlacedText | undefined {
  const shownBefore = before.join('\n');
  const shownAfter = after.join('\n');
  const lines = echoes.map((line) => line.trim()).filter((line) => line !== '');
  const notEcho = (text: string) => !lines.some((line) => text.endsWith(line));
  const run = best(
    after
      .flatMap(runsOf)
      .filter(notEcho)
      .map((text) => cut(text, CODEGEN.appearedTextChars)),
    (text) => qualifies(text, shownBefore, shownAfter),
  );
  if (run !== undefined) return run;
  const rowsBefore = before.map((row) => row.trimEnd());
  const rowsAfter = after.map((row) => row.trimEnd());
  const count = (rows: readonly string[], row: string) => rows.filter((other) => other === row).length;
  const row = best(
    rowsAfter.filter(notEcho),
    (text) => qualifies(text, '', text) && count(rowsBefore, text) === 0 && count(rowsAfter, text) === 1 && [...text].length <= CODEGEN.appearedTextChars,
  );
  if (row !== undefined) return new RegExp(`^${row.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
  return replacedRun(before, after, notEcho);
}

/**
 * The prompt a line's Enter brought back (pure): the last non-blank row of `after` (the screen
 * when the next input came), trimmed, at its place, when that row read otherwise in `before` and
 * `appeared` (what the step's assertion waits for) is not on it; else undefined. A shell or REPL
 * reads between commands in line mode, where the terminal itself echoes what is typed: keys that
 * arrive once the command's output is shown but before the prompt is (bash, sh, python3) are shown
 * before the prompt (`ebash-5.2# exit`), so the replay waits for the prompt too. Only text of
 * single-width characters (see {@link SINGLE_WIDTH}) that none of the volatile patterns match (a
 * clock, a /tmp path in the prompt) qualifies; a prompt needs no letter (`$`, `>>>`). A row that
 * ends with one of `echoes` (see {@link appearedText}) is that line's echo, not a prompt.
 * @example promptAfter(['$ sleep 1; echo done'], ['$ sleep 1; echo done', 'done', '$'], /^done$/) // { row: 2, col: 0, text: '$' }
 * @example promptAfter(['> Open', '  Save'], ['  Open', '> Save'], '> Save') // undefined
 */
export function promptAfter(
  before: readonly string[],
  after: readonly string[],
  appeared: string | RegExp | PlacedText | undefined,
  echoes: readonly string[] = [],
): PlacedText | undefined {
  const row = after.findLastIndex((line) => line.trim() !== '');
  const line = (after[row] ?? '').trimEnd();
  const text = line.trim();
  if (row < 0 || (before[row] ?? '').trimEnd() === line || onRow(appeared, line, row)) return undefined;
  if (!SINGLE_WIDTH.test(line) || VOLATILE.some((pattern) => pattern.test(text))) return undefined;
  if (echoes.some((echo) => echo.trim() !== '' && text.endsWith(echo.trim()))) return undefined;
  return { row, col: line.indexOf(text), text };
}

/** Whether what an assertion waits for is on `line` (row `row`, trailing blanks trimmed): a pattern is tested on the row, as `toShowText` tests it. */
function onRow(appeared: string | RegExp | PlacedText | undefined, line: string, row: number): boolean {
  if (appeared === undefined) return false;
  if (typeof appeared === 'string') return line.includes(appeared);
  return appeared instanceof RegExp ? appeared.test(line) : appeared.row === row;
}

/** The preferred run of `after` that replaced other text at its place in `before` (see {@link appearedText}), or undefined. */
function replacedRun(before: readonly string[], after: readonly string[], notEcho: (text: string) => boolean): PlacedText | undefined {
  let found: PlacedText | undefined;
  after.forEach((line, row) => {
    for (const run of placedRunsOf(line).filter((placed) => notEcho(placed.text))) {
      const text = cut(run.text, CODEGEN.appearedTextChars);
      const end = run.col + text.length;
      const was = (before[row] ?? '').padEnd(end).slice(run.col, end);
      if (!SINGLE_WIDTH.test(line.slice(0, end)) || was === text || !qualifies(text, '', text)) continue;
      if (found === undefined || better(text, found.text)) found = { row, col: run.col, text };
    }
  });
  return found;
}

/**
 * Rows of characters known to take one column each, so that a character's index is its column:
 * Latin, Greek, Cyrillic and the other alphabets below U+1100 (combining marks left out), general
 * punctuation, arrows, box drawing and block elements.
 */
const SINGLE_WIDTH = /^[\u0020-\u007e\u00a0-\u02ff\u0370-\u0482\u048a-\u058f\u2010-\u205e\u2190-\u21ff\u2500-\u259f]*$/;

/** The runs of one row (as {@link runsOf}) with the column each starts at. */
function placedRunsOf(row: string): { col: number; text: string }[] {
  const runs: { col: number; text: string }[] = [];
  const separator = new RegExp(SEPARATOR.source, 'g');
  let from = 0;
  for (let match = separator.exec(row); ; match = separator.exec(row)) {
    const to = match ? match.index : row.length;
    const part = row.slice(from, to);
    const text = part.trim();
    if (text !== '') runs.push({ col: from + part.indexOf(text), text });
    if (!match) return runs;
    from = match.index + match[0].length;
  }
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
