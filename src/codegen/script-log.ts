/**
 * util-linux `script` as the relay that shows what an app received: `tmux-shot codegen` runs the
 * app as `script -q -f -e -I <log> -O /dev/null -c '<app>'`, so the app gets a pty of its own
 * (its size and SIGWINCH follow the pane's, its exit status is script's, `-e`) and every byte it
 * reads is appended to the log as it arrives (`-I`, flushed: `-f`). tmux 3.3a has no way to
 * observe a pane's input itself (`pipe-pane -I` writes into the pane). Pure: the argv, and which
 * bytes of the log are input (script 2.38 writes a `Script started on …` line first and a
 * `Script done on …` line last).
 */
import { formatExecCommand } from '../host/index.js';

const HEADER = 'Script started on ';
const FOOTER = '\nScript done on ';

/** The pane command that runs `argv` under script, logging its input to `logPath`. */
export function scriptCommand(argv: readonly string[], logPath: string): string[] {
  return ['script', '-q', '-f', '-e', '-I', logPath, '-O', '/dev/null', '-c', formatExecCommand(argv)];
}

/**
 * Which bytes of the log so far are the app's input: from after the header line to the footer,
 * or to the end, less a tail that may be the footer's start (a `\n` is C-j, or the footer's first
 * byte: it is input only once a byte other than the footer's follows). `start` = `end` while the
 * header's line is incomplete (the log starts with the header or is all input).
 */
export function inputSpan(log: Uint8Array): { start: number; end: number } {
  const buffer = Buffer.from(log.buffer, log.byteOffset, log.byteLength);
  const head = buffer.subarray(0, HEADER.length).toString('latin1');
  const header = head === HEADER;
  const newline = buffer.indexOf(0x0a);
  if (HEADER.startsWith(head) && (!header || newline === -1)) return { start: log.length, end: log.length };
  const start = header ? newline + 1 : 0;
  const footer = buffer.indexOf(FOOTER, start, 'latin1');
  if (footer !== -1) return { start, end: footer };
  for (let keep = Math.min(FOOTER.length - 1, log.length - start); keep > 0; keep--) {
    if (buffer.subarray(log.length - keep).toString('latin1') === FOOTER.slice(0, keep)) return { start, end: log.length - keep };
  }
  return { start, end: log.length };
}
