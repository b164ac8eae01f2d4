/**
 * util-linux `script` as the relay that shows what an app received: `tmux-shot codegen` runs the
 * app as `script -q -f -e -I <log> -O /dev/null -c '<app>'`, so the app gets a pty of its own
 * (its size and SIGWINCH follow the pane's, its exit status is script's, `-e`) and every byte it
 * reads is appended to the log as it arrives (`-I`, flushed: `-f`). tmux 3.3a has no way to
 * observe a pane's input itself (`pipe-pane -I` writes into the pane). Pure: the argv; which
 * bytes of the log are input (`inputSpan`) lives in host/input-logs.ts, as `tmux-shot attach`'s
 * logs of a person's keys are read the same way.
 */
import { formatExecCommand } from '../host/index.js';

export { inputSpan } from '../host/index.js';

/** The pane command that runs `argv` under script, logging its input to `logPath`. */
export function scriptCommand(argv: readonly string[], logPath: string): string[] {
  return ['script', '-q', '-f', '-e', '-I', logPath, '-O', '/dev/null', '-c', formatExecCommand(argv)];
}
