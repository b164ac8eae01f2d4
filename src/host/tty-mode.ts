/**
 * Whether a pane's terminal is in canonical (line) mode, read with `stty -F <tty> -a` (GNU
 * coreutils; POSIX termios `ICANON`). Pure: the argv and the parser; the session runs it.
 *
 * A fresh pane starts in canonical mode with echo, as every pty does. An app that reads keys one
 * by one (readline at a shell prompt, curses, vim, raw-mode Node) switches it off — and an app
 * that does so often flushes the input typed before (`tcsetattr(TCSAFLUSH)`, `tcflush`). So once
 * the mode is non-canonical, the app has set up its input and keys typed from then on are read.
 * Where `stty -F` does not exist (BSD stty spells it `-f`) the mode reads as unknown, and callers
 * fall back to their cautious path.
 */

/** `stty` arguments that print every setting of the terminal `tty` (a `/dev/pts/N` path). */
export function sttyCommand(tty: string): string[] {
  return ['-F', tty, '-a'];
}

/**
 * Reads the `icanon` flag from `stty -a` output (`icanon` set, `-icanon` cleared).
 * @returns true in canonical (line) mode, false in non-canonical mode, undefined when the output
 *   names neither.
 */
export function parseCanonical(sttyOutput: string): boolean | undefined {
  const flags = sttyOutput.split(/[\s;]+/);
  if (flags.includes('-icanon')) return false;
  if (flags.includes('icanon')) return true;
  return undefined;
}
