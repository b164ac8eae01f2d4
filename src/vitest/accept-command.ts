/**
 * The shell command that accepts one screenshot baseline: Vitest run on the test's file, filtered
 * to that one test with `-t`, with `-u` — `npx vitest run test/menu.test.ts -t '^menu opens$' -u`.
 * Vitest matches `-t` as `new RegExp(pattern)` against the test's name joined with its suites'
 * names by spaces (the runner's `getTaskFullName`), so the name is regex-escaped and anchored.
 * Since Vitest 4.1 `-u` rewrites only the references of failing assertions, and a test filtered
 * out keeps its baselines, so the command changes that test's failing baselines and nothing else.
 * Pure.
 */

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

/** What names one test for Vitest's CLI. */
export interface AcceptTarget {
  /** The test file, relative to the project root (`test/menu.test.ts`). */
  file: string;
  /** The names of the test's suites, outermost first, then the test's own name. */
  names: readonly string[];
  /** The Vitest project the test runs in, when it is a named one (`test.projects`, `test.name`). */
  project?: string | undefined;
}

/**
 * The command that accepts the failing screenshots of one test:
 * `npx vitest run <file> [--project <name>] -t '^<names joined by spaces, escaped>$' -u`. `-u`
 * comes last: Vitest reads the word after `-u` as its value.
 */
export function acceptCommand({ file, names, project }: AcceptTarget): string {
  const words = ['npx', 'vitest', 'run', file];
  if (project) words.push('--project', project);
  words.push('-t', `^${escapeRegExp(names.join(' '))}$`, '-u');
  return words.map(quoteShell).join(' ');
}
