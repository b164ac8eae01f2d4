/**
 * A pane's output stream: tmux `pipe-pane -O` → `cat` → a FIFO in the server's private
 * directory → a non-blocking socket here. Not control mode's `%output`: tmux 3.3a drops the
 * output it has not yet written to a control client when the pane's process exits (control.c
 * discards a pane's queued blocks once its fd is closed), which lost the last output of a
 * quick-exit app in 13 of 30 runs here; with a pipe, tmux keeps the pane until the pipe has
 * taken every byte (window.c `window_pane_destroy_ready`), and 100 of 100 runs were complete.
 */
import { close, constants, open, unlink } from 'node:fs';
import { Socket } from 'node:net';
import { execa } from 'execa';
import { HOST } from '../defaults.js';
import { TmuxCommandError } from '../errors.js';

/** Receives pane output: the raw bytes and `performance.now()` (ms) when they arrived. */
export type OutputListener = (bytes: Buffer, atMs: number) => void;

/** The read end of one pane's output FIFO. */
export class PaneOutput {
  readonly #socket: Socket;
  readonly #listeners = new Set<OutputListener>();

  /**
   * Resolves when the stream has ended: the pane was killed (or its pipe closed) and every byte
   * before that has been delivered to the listeners.
   */
  readonly ended: Promise<void>;

  private constructor(fd: number) {
    this.#socket = new Socket({ fd, readable: true, writable: false });
    this.#socket.unref();
    this.#socket.on('data', (bytes: Buffer) => {
      const atMs = performance.now();
      for (const listener of this.#listeners) listener(bytes, atMs);
    });
    this.ended = new Promise((resolve) => {
      this.#socket.once('close', () => resolve());
      this.#socket.on('error', () => undefined); // a read error ends the stream like EOF
    });
  }

  /**
   * Creates the FIFO at `fifoPath`, lets `startPipe` point tmux at it (see `pipePaneCommand`)
   * and resolves once `cat` has opened its end; the FIFO's name is then removed.
   * @throws whatever `startPipe` throws; TmuxCommandError when the writer does not open the
   *   FIFO within {@link HOST.commandTimeout} ms.
   */
  static async open(fifoPath: string, startPipe: () => Promise<unknown>): Promise<PaneOutput> {
    await execa('mkfifo', ['-m', '600', fifoPath]);
    // A blocking open (in libuv's thread pool) returns exactly when the writer arrives; a
    // non-blocking one would read EOF if it ran before the writer.
    const opened = new Promise<number>((resolve, reject) => open(fifoPath, 'r', (error, fd) => (error ? reject(error) : resolve(fd))));
    let timer: NodeJS.Timeout | undefined;
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TmuxCommandError(`tmux's pipe-pane did not open ${fifoPath} within ${HOST.commandTimeout} ms`, [], '')), HOST.commandTimeout);
      });
      await Promise.race([startPipe(), timedOut]);
      return new PaneOutput(await Promise.race([opened, timedOut]));
    } catch (error) {
      await releaseBlockedReader(fifoPath, opened);
      throw error;
    } finally {
      clearTimeout(timer);
      unlink(fifoPath, () => undefined);
    }
  }

  /** Subscribes to the output; returns the unsubscribe function. */
  onOutput(listener: OutputListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops reading and closes the FIFO (the stream then counts as ended). */
  close(): void {
    this.#socket.destroy();
  }
}

/** Opens the FIFO's write side once, so a reader still blocked in `open` returns and frees its thread. */
async function releaseBlockedReader(fifoPath: string, opened: Promise<number>): Promise<void> {
  await new Promise<void>((resolve) => {
    open(fifoPath, constants.O_WRONLY | constants.O_NONBLOCK, (error, fd) => {
      if (!error) close(fd, () => undefined);
      resolve();
    });
  });
  const fd = await opened.catch(() => undefined);
  if (fd !== undefined) close(fd, () => undefined);
}
