/**
 * Quoting for the three parsers our arguments pass through: tmux's command parser (commands a
 * control client writes to tmux), tmux's argv splitter (commands given to a `tmux` process), and
 * POSIX sh (the command line a pane runs). Pure.
 */
import { ConfigError } from '../errors.js';

/** One tmux command: its name, then its arguments, unquoted. */
export type TmuxCommand = readonly string[];

/** Arguments that need no quotes in the tmux command language. */
const TMUX_BARE = /^[A-Za-z0-9_%@:,./=+-]+$/;

/**
 * Quotes one argument for tmux's command parser (tmux(1) "PARSING SYNTAX"): bare when it holds
 * only safe characters, else double-quoted with `\`, `"`, `$` and `~` escaped (tmux expands a
 * leading `~` even inside double quotes) and every control character (< 0x20, 0x7f) written as a
 * `\ooo` octal escape, so no newline ends the line and no `;`, `#`, `{` or `$VAR` is interpreted.
 */
export function quoteTmuxArgument(arg: string): string {
  if (TMUX_BARE.test(arg)) return arg;
  let quoted = '"';
  for (const char of arg) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '"' || char === '$' || char === '~') quoted += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) quoted += `\\${code.toString(8).padStart(3, '0')}`;
    else quoted += char;
  }
  return `${quoted}"`;
}

/** A command list as one line of the tmux command language, commands separated by ` ; `. */
export function formatTmuxCommandLine(commands: readonly TmuxCommand[]): string {
  return commands.map((command) => command.map(quoteTmuxArgument).join(' ')).join(' ; ');
}

/**
 * A command list as the argv of a `tmux` process. tmux reads an argument ending in `;` as a
 * command separator even without a shell, so such arguments end in `\;` instead (tmux turns it
 * back into `;`); a lone `;` separates the commands.
 */
export function formatTmuxArgv(commands: readonly TmuxCommand[]): string[] {
  const argv: string[] = [];
  for (const command of commands) {
    if (argv.length > 0) argv.push(';');
    for (const arg of command) argv.push(arg.endsWith(';') ? `${arg.slice(0, -1)}\\;` : arg);
  }
  return argv;
}

/** Quotes one word for POSIX sh: single quotes, each `'` written as `'\''`. */
export function quoteShellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The sh command line that runs `argv` exactly: `exec 'prog' 'arg 1' …`. `exec` makes the app
 * the pane's process, so its exit status and signal are the pane's; a missing program ends the
 * pane with sh's status 127 and its `exec: prog: not found` message on the screen (see
 * `parseExecFailure`).
 * @throws {ConfigError} when `argv` is empty or an element contains a NUL byte.
 */
export function formatExecCommand(argv: readonly string[]): string {
  if (argv.length === 0) throw new ConfigError('The command is empty: give the program and its arguments.');
  if (argv.some((word) => word.includes('\0'))) {
    throw new ConfigError('A command argument contains a NUL byte, which no process argument can hold.');
  }
  return `exec ${argv.map(quoteShellWord).join(' ')}`;
}

/** Words sh reads as themselves: letters and digits of any script, and `_ @ % + = : , . / -`. */
const BARE_WORD = /^[\p{L}\p{N}_@%+=:,./-]+$/u;

/** `word` as sh reads it back: as it is when sh reads it as itself ({@link BARE_WORD}), else in single quotes. */
export function shellWord(word: string): string {
  return BARE_WORD.test(word) ? word : quoteShellWord(word);
}

/**
 * A command as a message shows it: a command line as given; an argv as the sh words that run it,
 * each in double quotes only when it needs them (`bash -c "echo oops; exit 3"`, with `$`, `` ` ``,
 * `\` and `"` escaped), so the words stay apart yet read plainly inside the message's own quotes.
 */
export function describeCommand(command: readonly string[] | string): string {
  if (typeof command === 'string') return command;
  // A first word with `=` would read as an assignment (`A=1 prog`): quoted, it is the program.
  return command.map((word, i) => (BARE_WORD.test(word) && !(i === 0 && word.includes('=')) ? word : `"${word.replace(/[$`\\"]/g, '\\$&')}"`)).join(' ');
}

/** Longest command a message shows, in characters; the rest is cut with `…` (an argv may hold 128 KiB words). */
const SHOWN_COMMAND_CHARS = 200;

/**
 * A command inside a message: {@link describeCommand}'s words in single quotes, cut after
 * {@link SHOWN_COMMAND_CHARS} (200) characters with `…`: `'bash -c "echo oops; exit 3"'`.
 */
export function formatCommand(command: readonly string[] | string): string {
  const text = describeCommand(command);
  return `'${text.length > SHOWN_COMMAND_CHARS ? `${text.slice(0, SHOWN_COMMAND_CHARS)}…` : text}'`;
}

/**
 * Escapes text for arguments tmux expands as formats (tmux(1) FORMATS; in 3.3a: `respawn-pane
 * -c`, `run-shell`'s command, `pipe-pane`'s command): `#` becomes `##`, so `#S`, `#{…}` and
 * `#(…)` in a path are neither expanded nor run. `pipe-pane` first passes its command through
 * strftime(3) (format.c `format_expand_time`): with `strftime`, `%` becomes `%%` too.
 */
export function escapeFormat(text: string, options: { strftime?: boolean } = {}): string {
  const escaped = text.replaceAll('#', '##');
  return options.strftime ? escaped.replaceAll('%', '%%') : escaped;
}
