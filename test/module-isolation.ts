/**
 * Which of the suite's files need modules of their own (Vitest's `isolate`, a fresh module graph
 * and process per file) and which can share a worker's modules with the files before them. Not
 * isolating a file saves loading Vitest's worker and tmux-shot's modules again: 0.24 s of CPU a
 * file on this 2-core machine, 53 s of the suite's wall time when no file was isolated (see
 * docs/guide/speed.md). A file needs its own modules when:
 * - it uses tmux-shot's fixtures: a file's top-level `test.override({ tmuxOptions })` changes the
 *   one `test` object of the worker (Vitest keeps top-level overrides on it, not on the file), so
 *   the next file's `tmuxApp` would start the other file's app (docs/guide/troubleshooting.md,
 *   "Turning isolate off");
 * - it replaces modules, globals, the environment or timers (`vi.mock`, `vi.stubEnv`, fake timers);
 * - it is listed in {@link OWN_PROCESS}, for the reason given there.
 */
import { readFileSync } from 'node:fs';

/** What in a file's source makes it need modules of its own (see the module's comment). */
const NEEDS_ISOLATION = /from '[./]*(src\/vitest\/index|tmux-shot\/vitest)(\.js)?'|\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(|\btest\.override\(/;

/**
 * Files whose tests need a process in which tmux-shot has not run yet, by path from the root:
 * `tmux-app-ready.test.ts` starts an app with `TMUX_SHOT_TMUX` pointing at no tmux, which only a
 * process without its own tmux server yet sees fail.
 */
const OWN_PROCESS: readonly string[] = ['test/app/tmux-app-ready.test.ts'];

/** Whether the test file at `path` (`root`-relative, as in {@link OWN_PROCESS}) needs modules of its own. */
export function needsOwnModules(root: string, path: string): boolean {
  return OWN_PROCESS.includes(path) || NEEDS_ISOLATION.test(readFileSync(`${root}/${path}`, 'utf8'));
}
