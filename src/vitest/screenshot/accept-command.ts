/**
 * The shell command that accepts one screenshot baseline —
 * `TMUX_SHOT_ACCEPT=__screenshots__/menu.test.ts/menu-opens-1.png npx vitest run test/menu.test.ts -t '^menu opens$'`:
 * Vitest run on the test's file, filtered with `-t` to the test, with `TMUX_SHOT_ACCEPT` naming
 * the baseline (relative to the project root). Under it, that baseline is compared as with `-u`
 * (rewritten when it differs) and every other as in CI (never written: see `acceptedUpdateMode`).
 * The variable makes it exact: Vitest matches the file filter as a substring (`a.test.js` also runs
 * `ba.test.js` and `sub/a.test.js`) and `-t` against the names joined by spaces (`x > y` and the
 * test `x y` alike); the filters only keep the run short. No `-u`, so Vitest's own snapshots are
 * untouched. `-t` is matched as `new RegExp(pattern)` against the test's name joined with its
 * suites' names by spaces (the runner's `getTaskFullName`), so the name is regex-escaped and
 * anchored. Pure.
 */
import { VITEST_CONSTANTS } from '../../defaults.js';

/** Characters a JavaScript RegExp (without the `u` flag) reads as syntax. */
const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/** Words a POSIX shell passes as they are, with no quoting. */
const SHELL_SAFE = /^[\w@%+=:,./-]+$/;

/** `text` as a RegExp source matching exactly `text` (each syntax character escaped with `\`). */
export function escapeRegExp(text: string): string {
  return text.replace(REGEXP_SYNTAX, '\\$&');
}

/**
 * `word` as one POSIX sh word: as it is when it holds only safe characters, else in single quotes,
 * each `'` written as `'\''` (close, escaped quote, reopen) — sh reads every other character
 * inside single quotes literally, newlines included.
 */
export function quoteShell(word: string): string {
  if (SHELL_SAFE.test(word)) return word;
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** What names one baseline and its test for Vitest's CLI. */
export interface AcceptTarget {
  /** The baseline, relative to the project root (`__screenshots__/menu.test.ts/menu-opens-1.png`). */
  baseline: string;
  /** The test file, relative to the project root (`test/menu.test.ts`). */
  file: string;
  /** The names of the test's suites, outermost first, then the test's own name. */
  names: readonly string[];
  /** The Vitest project the test runs in, when it is a named one (`test.projects`, `test.name`). */
  project?: string | undefined;
}

/**
 * The command that accepts one baseline of one test:
 * `TMUX_SHOT_ACCEPT=<baseline> npx vitest run <file> [--project <name>] -t '^<names joined by spaces, escaped>$'`.
 */
export function acceptCommand({ baseline, file, names, project }: AcceptTarget): string {
  const words = ['npx', 'vitest', 'run', file];
  if (project) words.push('--project', project);
  words.push('-t', `^${escapeRegExp(names.join(' '))}$`);
  return `${VITEST_CONSTANTS.acceptEnv}=${quoteShell(baseline)} ${words.map(quoteShell).join(' ')}`;
}
