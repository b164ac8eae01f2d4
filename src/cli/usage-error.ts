import { TmuxShotError } from '../errors.js';

/** Wrong command-line words: the CLI prints the message and the command's usage, and exits with 2. */
export class UsageError extends TmuxShotError {
  override name = 'UsageError';
  constructor(
    message: string,
    /** The command whose usage to print ('' for the top level). */
    readonly command: string,
  ) {
    super(message);
  }
}
