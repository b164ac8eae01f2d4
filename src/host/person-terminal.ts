/**
 * Whether a person is at a terminal: this process has a controlling terminal (`/dev/tty` opens),
 * which a Vitest worker shares with the `vitest` command a person typed, though its stdout is a
 * pipe. In CI, under a process manager or `setsid`, there is none: opening it fails (ENXIO).
 * (What to tell the person goes to the console, not to `/dev/tty`: Vitest's default reporter
 * prints a test's console output at once, above its summary, while it redraws that summary over
 * whatever else reached the terminal — measured with Vitest 4.1.)
 */
import { closeSync, constants, openSync } from 'node:fs';

/**
 * True when `path` opens for writing (without becoming our controlling terminal: `O_NOCTTY`).
 * @param path - the terminal. @default '/dev/tty'
 */
export function hasPersonTerminal(path = '/dev/tty'): boolean {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NOCTTY));
    return true;
  } catch {
    return false;
  }
}
