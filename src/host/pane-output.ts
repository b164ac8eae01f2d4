/**
 * A pane's output stream: tmux `pipe-pane -O` → `cat` → a FIFO in the server's private
 * directory → a non-blocking socket here. Not control mode's `%output`: tmux 3.3a drops the
 * output it has not yet written to a control client when the pane's process exits (control.c
 * discards a pane's queued blocks once its fd is closed), which lost the last output of a
 * quick-exit app in 13 of 30 runs here; with a pipe, tmux keeps the pane until the pipe has
 * taken every byte (window.c `window_pane_destroy_ready`), and 100 of 100 runs were complete.
 * kill-session drops nothing the pipe holds: the socket's data stays readable by its `cat`.
 * What tmux never reads is lost to tmux itself: when it reaps a process that exited in the
 * instant after a write before the kernel has handed that write to the pane's terminal (Linux
 * queues it to a worker thread), its FIONREAD check reads 0 and it closes the terminal unread;
 * its own grid (capture-pane) lacks the output too. Seen in 4–5 of 900 quick exits under load.
 *
 * The FIFO is read by a `cat` child process rather than by opening it here: a FIFO fd handed to a
 * `net.Socket` inside a Vitest worker thread is also tracked by the thread as an "unmanaged" fd,
 * closed twice when the thread exits, and that aborted the process (`--pool=threads`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { unlink } from 'node:fs';
import type { Socket } from 'node:net';
import { execa } from 'execa';
import { HOST } from '../defaults.js';
import { TmuxCommandError, TmuxShotError } from '../errors.js';
import { startTimer, systemClock } from '../wait.js';

/** Receives pane output: the raw bytes and `systemClock.now()` (ms) when they arrived. */
export type OutputListener = (bytes: Buffer, atMs: number) => void;

/** The read end of one pane's output FIFO. */
export class PaneOutput {
  readonly #reader: ChildProcess;
  readonly #fifoPath: string;
  readonly #listeners = new Set<OutputListener>();

  /**
   * Resolves when the stream has ended: the pane was killed (or its pipe closed) and every byte
   * before that has been delivered to the listeners.
   */
  readonly ended: Promise<void>;

  private constructor(reader: ChildProcess, fifoPath: string) {
    this.#reader = reader;
    this.#fifoPath = fifoPath;
    const stdout = reader.stdout as Socket;
    reader.on('error', () => undefined); // a failed kill(); the stream's own end is what counts
    reader.unref();
    stdout.unref();
    stdout.on('data', (bytes: Buffer) => {
      const atMs = systemClock.now();
      for (const listener of this.#listeners) listener(bytes, atMs);
      // One chunk per turn of the event loop: a listener may take long over a large chunk (the
      // screen model parses 64 KiB of binary in 10–300 ms), and the timers of pending waits must
      // run between chunks. Meanwhile the rest waits in the FIFO, slowing the writer, not here.
      stdout.pause();
      void systemClock.sleep(0).then(() => stdout.resume());
    });
    this.ended = new Promise((resolve) => {
      stdout.once('close', () => resolve());
      stdout.on('error', () => undefined); // a read error ends the stream like EOF
    });
    void this.ended.then(() => unlink(fifoPath, () => undefined));
  }

  /**
   * Creates the FIFO at `fifoPath`, starts its reader, and lets `startPipe` point tmux at it (see
   * `pipePaneCommand`). tmux buffers the pane's output from the moment `pipe-pane` returns, so
   * nothing written after that is lost while the two `cat`s open the FIFO. The FIFO's name is
   * removed when the stream ends.
   * @throws {TmuxShotError} when `cat` cannot be run; whatever `startPipe` throws;
   *   TmuxCommandError when `startPipe` takes longer than {@link HOST.commandTimeout} ms.
   */
  static async open(fifoPath: string, startPipe: () => Promise<unknown>): Promise<PaneOutput> {
    await execa('mkfifo', ['-m', '600', fifoPath]);
    const reader = spawn('cat', [fifoPath], { stdio: ['ignore', 'pipe', 'ignore'] });
    if (reader.pid === undefined) {
      // Not started (no cat on PATH): fail before tmux's writer would block forever opening the FIFO.
      const [error] = (await once(reader, 'error')) as [Error];
      unlink(fifoPath, () => undefined);
      throw new TmuxShotError(`Could not run 'cat' to read the pane's output (${error.message}); put coreutils' cat on PATH.`, { cause: error });
    }
    let cancelTimer = (): void => undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        cancelTimer = startTimer(HOST.commandTimeout, () =>
          reject(new TmuxCommandError(`tmux's pipe-pane did not start within ${HOST.commandTimeout} ms`, [], '')),
        );
      });
      await Promise.race([startPipe(), timedOut]);
      return new PaneOutput(reader, fifoPath);
    } catch (error) {
      reader.kill();
      unlink(fifoPath, () => undefined);
      throw error;
    } finally {
      cancelTimer();
    }
  }

  /** Subscribes to the output; returns the unsubscribe function. */
  onOutput(listener: OutputListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops reading (the stream then counts as ended). */
  close(): void {
    this.#reader.kill();
    unlink(this.#fifoPath, () => undefined);
  }
}
