/** The error every wrong command-line word becomes (src/cli/args.ts). */
import { TmuxShotError } from '../errors.js';

/** Wrong command-line words: the CLI prints the message and where the command's usage is, and exits with 2. */
export class UsageError extends TmuxShotError {
  override name = 'UsageError';
  constructor(
    message: string,
    /** The command whose usage the message points to ('' for the top level). */
    readonly command: string,
  ) {
    super(message);
  }
}
