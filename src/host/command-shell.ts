/**
 * `CommandShell`: one long-lived `/bin/sh` that runs short commands for a tmux server (`stty`,
 * `mkfifo`), one at a time, each sent as a line and answered with its output and exit status.
 * Spawning a process from Node blocks Node's thread while it forks (≈ 5 ms from a bare Node here,
 * 7 ms from a Vitest worker, 13 ms with a 200 MB heap: the kernel copies the page tables), and an
 * app's start ran two such commands; sh forks small, on a core of its own. Commands get no
 * stdin (`/dev/null`) and their stderr is dropped: none we run needs either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { startTimer } from '../wait.js';
import { quoteShellWord } from './quote.js';
import { runProcess, signalProcessGroup } from './run-process.js';

/** How a command run by a {@link CommandShell} ended. */
export interface ShellResult {
  /** Its exit status (126/127 when sh could not run it); null when it did not finish (timed out, or the shell died). */
  exitCode: number | null;
  /** Its stdout as UTF-8, without one final newline. */
  stdout: string;
  /** True when it ran past its timeout. */
  timedOut: boolean;
}

/** A command sent to the shell and not yet answered. */
interface Pending {
  finish: (result: ShellResult) => void;
}

/**
 * The reply at the start of `buffer`, when it is complete: the output before the first `marker`,
 * the status after it up to its newline, and what is left after that (the next replies).
 * @example takeReply('icanon\n\x1eM:0\nrest', '\x1eM:') // { stdout: 'icanon', exitCode: 0, rest: 'rest' }
 */
export function takeReply(buffer: string, marker: string): { stdout: string; exitCode: number; rest: string } | undefined {
  const at = buffer.indexOf(marker);
  const end = at < 0 ? -1 : buffer.indexOf('\n', at + marker.length);
  if (end < 0) return undefined;
  const stdout = buffer.slice(0, at);
  return {
    stdout: stdout.endsWith('\n') ? stdout.slice(0, -1) : stdout,
    exitCode: Number(buffer.slice(at + marker.length, end)),
    rest: buffer.slice(end + 1),
  };
}

/**
 * A long-lived sh for short commands (see the file's comment). It starts with the first command,
 * with the environment and working directory of this process at that moment, in a process group
 * of its own; it never keeps Node alive while idle. Close it (or `using`): its stdin ends and it exits.
 * @example
 *   using shell = new CommandShell();
 *   const { exitCode, stdout } = await shell.run('stty', ['-F', '/dev/pts/3', '-a'], { timeout: 10_000 });
 */
export class CommandShell implements Disposable {
  #child: ChildProcess | undefined;
  /** Ends each reply: a record separator and a nonce no command's output holds by chance. */
  readonly #marker = `\x1e${randomBytes(6).toString('hex')}:`;
  readonly #pending: Pending[] = [];
  #buffer = '';
  #closed = false;

  /**
   * Runs `file` with `args` (no word splitting: each is quoted for sh) and resolves with its
   * stdout and exit status. Past `options.timeout` ms from the call (time spent queued behind
   * other commands counts) the shell and whatever it runs get SIGKILL, every command sent to it
   * resolves as not finished (`timedOut` only for this one), and the next starts a new shell; a
   * reply already waiting to be read when the timeout comes is the reply (see `startTimer`).
   * An argument holding a newline (the shell reads a command a line), or a closed shell, runs the
   * command as its own process instead. Never rejects.
   * @param options.timeout In ms.
   */
  run(file: string, args: readonly string[], options: { timeout: number }): Promise<ShellResult> {
    const words = [file, ...args];
    if (this.#closed || words.some((word) => word.includes('\n'))) return runAlone(file, args, options.timeout);
    const child = this.#started();
    return new Promise((resolve) => {
      const pending: Pending = {
        finish: (result) => {
          cancelTimer();
          resolve(result);
        },
      };
      const cancelTimer = startTimer(options.timeout, () => this.#end(child, pending));
      this.#pending.push(pending);
      (child.stdout as Socket | null)?.ref(); // a failed spawn has none: its error ends this command
      child.stdin?.write(`${words.map(quoteShellWord).join(' ')}\n`);
    });
  }

  /** Ends the shell once the commands sent have been answered (its stdin closes); later commands run alone. Idempotent. */
  close(): void {
    this.#closed = true;
    this.#child?.stdin?.end();
  }

  [Symbol.dispose](): void {
    this.close();
  }

  #started(): ChildProcess {
    if (this.#child) return this.#child;
    const script = `while IFS= read -r line; do eval "$line" </dev/null 2>/dev/null; printf '%s%s\\n' ${quoteShellWord(this.#marker)} "$?"; done`;
    const child = spawn('/bin/sh', ['-c', script], { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    this.#child = child;
    // First: a spawn that failed (EMFILE) has no stdio, and its 'error' comes on the next tick.
    child.once('error', () => this.#end(child));
    child.once('close', () => this.#end(child));
    child.unref();
    (child.stdin as Socket | null)?.unref();
    (child.stdout as Socket | null)?.unref();
    child.stdin?.on('error', () => undefined); // the shell died: its 'close' answers what waits
    child.stdout?.setEncoding('utf8');
    // Only this shell's output: one killed after a timeout may still have bytes in its pipe.
    child.stdout?.on('data', (text: string) => this.#child === child && this.#received(text));
    return child;
  }

  #received(text: string): void {
    this.#buffer += text;
    for (let reply = takeReply(this.#buffer, this.#marker); reply; reply = takeReply(this.#buffer, this.#marker)) {
      this.#buffer = reply.rest;
      this.#pending.shift()?.finish({ exitCode: reply.exitCode, stdout: reply.stdout, timedOut: false });
    }
    if (this.#pending.length === 0) (this.#child?.stdout as Socket | undefined)?.unref();
  }

  /**
   * The shell `child` is done: it died, or the command `timedOut` ran past its timeout (the shell's
   * group is killed). What waits on it ends unfinished; the next command starts a new shell.
   */
  #end(child: ChildProcess, timedOut?: Pending): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    this.#buffer = '';
    child.stdout?.destroy();
    if (timedOut) signalProcessGroup(child, 'SIGKILL');
    for (const pending of this.#pending.splice(0)) pending.finish({ exitCode: null, stdout: '', timedOut: pending === timedOut });
  }
}

/** `file` run as its own process, as the shell would run it. */
async function runAlone(file: string, args: readonly string[], timeout: number): Promise<ShellResult> {
  const result = await runProcess(file, args, { timeout });
  return { exitCode: result.spawnError ? 127 : result.exitCode, stdout: result.stdout, timedOut: result.timedOut };
}
