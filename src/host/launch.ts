/** A program started on its own, to outlive this process: the opener of `tmux-shot report`. */
import { spawn } from 'node:child_process';

/**
 * Starts `file` with `args` (no shell) in a session of its own, its stdio closed, and lets it go:
 * this process neither waits for it nor keeps running for it.
 * @returns true once it started; false when it could not start (not installed, not executable).
 */
export function launchDetached(file: string, args: readonly string[]): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(file, args, { detached: true, stdio: 'ignore' });
    child.once('error', () => done(false));
    child.once('spawn', () => {
      child.unref();
      done(true);
    });
  });
}
