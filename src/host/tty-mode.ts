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
  return parseFlag(sttyOutput, 'icanon');
}

/** A terminal's line mode and echo, as `stty -a` shows them (undefined: the output names neither form of the flag). */
export interface TtyMode {
  /** `ICANON`: the terminal hands the app whole lines (true) or each key (false). */
  canonical: boolean | undefined;
  /** `ECHO`: the terminal shows what is typed. */
  echo: boolean | undefined;
}

/**
 * Reads `icanon` and `echo` from `stty -a` output.
 * @example parseTtyMode('isig icanon iexten -echo echoe') // { canonical: true, echo: false }
 */
export function parseTtyMode(sttyOutput: string): TtyMode {
  return { canonical: parseFlag(sttyOutput, 'icanon'), echo: parseFlag(sttyOutput, 'echo') };
}

/**
 * Whether a terminal in `mode` is at a no-echo prompt (a password's: `read -s`, sudo, ssh, passwd,
 * getpass): line mode with `ECHO` off. Apps that read keys one by one turn `ECHO` off too, but
 * also `ICANON`, and echo what they choose themselves.
 */
export function isNoEchoPrompt(mode: TtyMode | undefined): boolean {
  return mode?.canonical === true && mode.echo === false;
}

/** A boolean flag of `stty -a` output: `name` set, `-name` cleared, undefined when neither. */
function parseFlag(sttyOutput: string, name: string): boolean | undefined {
  const flags = sttyOutput.split(/[\s;]+/);
  if (flags.includes(`-${name}`)) return false;
  if (flags.includes(name)) return true;
  return undefined;
}
