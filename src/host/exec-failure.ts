/**
 * Telling a command that /bin/sh could not run from an app that ran and exited with status 126
 * or 127 itself (`env`, `timeout`, `xargs`, a usage error): both end the pane with the same
 * status, but only sh's failure ends with sh's own message on the terminal. Pure.
 */

/** Why sh could not run a command. */
export type ExecFailure = 'command not found' | 'not executable';

/**
 * sh's message for a command it could not run, as dash (`sh: 1: exec: prog: not found`), bash as
 * sh (`sh: line 1: prog: command not found`, `sh: line 1: exec: prog: cannot execute: Permission denied`) and busybox (`sh: prog: not found`) print it: the
 * program, then the reason. An argv command runs as `exec 'prog' …` (see `formatExecCommand`).
 */
const SH_MESSAGE =
  /^sh: (?:(?:line )?\d+: )?(exec: )?(.+?): (?:cannot execute: )?(not found|command not found|Permission denied|Is a directory|Exec format error|cannot execute binary file.*)$/;

/**
 * Whether the pane's process was sh failing to run the command: status 127 or 126 with sh's
 * matching message as the last line of the output (an app that goes on printing after it was
 * not sh's failure).
 * @param outputTail The end of everything the pane printed (its last line is what counts).
 * @param exitCode The pane's exit status; null when a signal ended it.
 * @param program For an argv command, its program (`argv[0]`): sh's message must be the failed
 *   `exec` of exactly it, so an argv `['sh', '-c', …]` whose own sh fails counts as an app that
 *   ran. Undefined for a command line, where any command sh names counts.
 * @returns Why sh could not run it, or undefined when the app ran (whatever its status).
 */
export function parseExecFailure(outputTail: string, exitCode: number | null, program: string | undefined): ExecFailure | undefined {
  if (exitCode !== 126 && exitCode !== 127) return undefined;
  const lastLine = outputTail.trimEnd().split(/\r?\n/).pop() ?? '';
  const match = SH_MESSAGE.exec(lastLine);
  if (!match) return undefined;
  const [, exec, named = '', reason = ''] = match;
  if (program !== undefined && (exec === undefined || named !== program)) return undefined;
  const why: ExecFailure = reason.endsWith('not found') ? 'command not found' : 'not executable';
  return (why === 'command not found') === (exitCode === 127) ? why : undefined;
}
