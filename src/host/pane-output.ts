/**
 * A pane's output stream: tmux `pipe-pane -O` → `cat` → a FIFO in the server's private
 * directory → a non-blocking socket here. Not control mode's `%output`: tmux 3.3a drops the
 * output it has not yet written to a control client when the pane's process exits (control.c
 * discards a pane's queued blocks once its fd is closed), which lost the last output of a
 * quick-exit app in 13 of 30 runs here; with a pipe, tmux keeps the pane until the pipe has
 * taken every byte (window.c `window_pane_destroy_ready`), and 100 of 100 runs were complete.
 * kill-session drops nothing the pipe holds: the FIFO's data stays readable by its reader.
 * What tmux never reads is lost to tmux itself: when it reaps a process that exited in the
 * instant after a write before the kernel has handed that write to the pane's terminal (Linux
 * queues it to a worker thread), its FIONREAD check reads 0 and it closes the terminal unread;
 * its own grid (capture-pane) lacks the output too. Seen in 4–5 of 900 quick exits under load.
 *
 * Who reads the FIFO depends on the thread. On Node's main thread (Vitest's default `forks`
 * pool, the CLI) it is opened here, and the server's {@link CommandShell} makes it: no process is
 * spawned from Node for it. In a worker thread (`--pool=threads`) a `cat` child process reads it
 * instead: a FIFO fd handed to a `net.Socket` there is also tracked by the thread as an
 * "unmanaged" fd, closed twice when the thread exits, and that aborted the process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { close, constants, open, openSync, unlink } from 'node:fs';
import { Socket } from 'node:net';
import { isMainThread } from 'node:worker_threads';
import { HOST } from '../defaults.js';
import { TmuxCommandError, TmuxShotError } from '../errors.js';
import { onNextTimers, startTimer, systemClock } from '../wait.js';
import type { CommandShell } from './command-shell.js';

/**
 * The `cat` reader's sh script (`$1` = the FIFO's path): makes the FIFO, prints one `.` once it
 * exists, then becomes the `cat` that reads it. One process instead of a `mkfifo` process and a
 * `cat` process in turn; status 127 when there is no `cat` to run.
 */
const READER_SCRIPT = 'command -v cat >/dev/null || exit 127; mkfifo -m 600 -- "$1" || exit 1; printf .; exec cat -- "$1"';

/** Where a pane's output is read: the FIFO opened here, or a `cat` child process reading it (see the file's comment). */
export type OutputReader = 'here' | 'cat';

/** The reader this thread can use (see the file's comment). */
function threadReader(): OutputReader {
  return isMainThread ? 'here' : 'cat';
}

/** A started reader: its byte stream, and how to stop it (the stream then closes). */
interface Reader {
  stream: Socket;
  stop(): void;
}

/** Receives pane output: the raw bytes and `systemClock.now()` (ms) when they arrived. */
export type OutputListener = (bytes: Buffer, atMs: number) => void;

/** The read end of one pane's output FIFO. */
export class PaneOutput {
  readonly #reader: Reader;
  readonly #fifoPath: string;
  readonly #listeners = new Set<OutputListener>();
  /** Fences written to the pane's terminal and not yet seen in the stream (see {@link fence}). */
  readonly #fences = new Set<{ bytes: Buffer; seen: boolean; reached: (seen: boolean) => void }>();
  /** The end of the last chunk while it may be the start of a fence: held back until the next chunk says. */
  #held: Buffer = Buffer.alloc(0);

  /**
   * Resolves when the stream has ended: the pane was killed (or its pipe closed) and every byte
   * before that has been delivered to the listeners.
   */
  readonly ended: Promise<void>;

  private constructor(reader: Reader, fifoPath: string) {
    this.#reader = reader;
    this.#fifoPath = fifoPath;
    const { stream } = reader;
    stream.unref();
    stream.on('data', (chunk: Buffer) => {
      const atMs = systemClock.now();
      const bytes = this.#passFences(chunk);
      if (bytes.length > 0) for (const listener of this.#listeners) listener(bytes, atMs);
      this.#reachedFences();
      // One chunk per turn of the event loop: a listener may take long over a large chunk (the
      // screen model parses 64 KiB of binary in 10–300 ms), and the timers of pending waits must
      // run between chunks. Meanwhile the rest waits in the FIFO, slowing the writer, not here
      // (but for what the socket had read already). It resumes on a timer, ahead of the waits
      // that end in that turn, so they see what it had read.
      stream.pause();
      onNextTimers(() => stream.resume());
    });
    this.ended = new Promise((resolve) => {
      stream.once('close', () => {
        const held = this.#held;
        this.#held = Buffer.alloc(0);
        if (held.length > 0) for (const listener of this.#listeners) listener(held, systemClock.now());
        for (const fence of this.#fences) fence.reached(false);
        this.#fences.clear();
        resolve();
      });
      stream.on('error', () => undefined); // a read error ends the stream like EOF
    });
    void this.ended.then(() => unlink(fifoPath, () => undefined));
  }

  /**
   * Makes the FIFO at `fifoPath` and starts its reader (see the file's comment: `reader`, by
   * default the one this thread can use), then lets `startPipe` point tmux at it (see
   * `pipePaneCommand`). tmux buffers the pane's output from the moment `pipe-pane` returns, so
   * nothing written after that is lost while the two ends open the FIFO. The FIFO's name is
   * removed when the stream ends.
   * @param shell Makes the FIFO for the reader `here` (the `cat` reader makes its own).
   * @throws {TmuxShotError} when the FIFO cannot be made, or the `cat` reader cannot be run (no
   *   `cat` on PATH, no /bin/sh); whatever `startPipe` throws; TmuxCommandError when making the
   *   FIFO, `startPipe` and tmux's writer opening the FIFO together take longer than
   *   {@link HOST.commandTimeout} ms.
   */
  static async open(fifoPath: string, startPipe: () => Promise<unknown>, shell: CommandShell, reader = threadReader()): Promise<PaneOutput> {
    let cancelTimer = (): void => undefined;
    const timedOut = new Promise<never>((_, reject) => {
      cancelTimer = startTimer(HOST.commandTimeout, () =>
        reject(new TmuxCommandError(`tmux's pipe-pane did not start within ${HOST.commandTimeout} ms`, [], '')),
      );
    });
    timedOut.catch(() => undefined); // raced below; unraced once the reader is up
    try {
      const started = reader === 'here' ? await openHere(fifoPath, startPipe, shell, timedOut) : await openCat(fifoPath, startPipe, timedOut);
      const output = new PaneOutput(started, fifoPath);
      started.stream.resume(); // paused until the listeners are on
      return output;
    } catch (error) {
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

  /**
   * Expects the output fence `bytes` (see `fenceBytes`) in the stream: they are cut out of it,
   * across chunk boundaries, so no listener ever sees them, and the returned promise resolves
   * true once every byte before them has been delivered to the listeners; false when the stream
   * ends first or `cancel` is called. Call it before writing the fence to the pane's terminal.
   */
  fence(bytes: Buffer): { reached: Promise<boolean>; cancel: () => void } {
    let fence!: { bytes: Buffer; seen: boolean; reached: (seen: boolean) => void };
    const reached = new Promise<boolean>((resolve) => {
      fence = { bytes, seen: false, reached: resolve };
    });
    this.#fences.add(fence);
    const cancel = () => {
      if (!this.#fences.delete(fence)) return;
      fence.reached(false);
      if (this.#fences.size > 0 || this.#held.length === 0) return;
      const held = this.#held; // it waited for this fence only
      this.#held = Buffer.alloc(0);
      for (const listener of this.#listeners) listener(held, systemClock.now());
    };
    return { reached, cancel };
  }

  /**
   * Cuts the fences out of `chunk` (after what was held back), and holds back its end while that
   * may begin one: what is left goes to the listeners.
   */
  #passFences(chunk: Buffer): Buffer {
    if (this.#fences.size === 0 && this.#held.length === 0) return chunk;
    let bytes = this.#held.length > 0 ? Buffer.concat([this.#held, chunk]) : chunk;
    this.#held = Buffer.alloc(0);
    for (const fence of this.#fences) {
      const at = bytes.indexOf(fence.bytes);
      if (at < 0) continue;
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + fence.bytes.length)]);
      fence.seen = true;
    }
    const hold = heldLength(
      bytes,
      [...this.#fences].filter((fence) => !fence.seen).map((fence) => fence.bytes),
    );
    this.#held = Buffer.from(bytes.subarray(bytes.length - hold));
    return bytes.subarray(0, bytes.length - hold);
  }

  /** Resolves the fences seen in the chunk just delivered. */
  #reachedFences(): void {
    for (const fence of this.#fences) {
      if (!fence.seen) continue;
      this.#fences.delete(fence);
      fence.reached(true);
    }
  }

  /** Stops reading (the stream then counts as ended). */
  close(): void {
    this.#reader.stop();
    unlink(this.#fifoPath, () => undefined);
  }
}

/**
 * The reader on this thread: the shell makes the FIFO, its read end is opened (the open waits in
 * libuv's thread pool until tmux's writer opens the other end, so the stream never starts with an
 * end of file), and the fd becomes a socket. Meanwhile a second read end, which never blocks,
 * keeps hold of the FIFO: should the pipe fail, a writer opened through it lets the pending open
 * return, even once the FIFO's name is gone (the server's directory removed).
 */
async function openHere(fifoPath: string, startPipe: () => Promise<unknown>, shell: CommandShell, timedOut: Promise<never>): Promise<Reader> {
  const made = await Promise.race([shell.run('mkfifo', ['-m', '600', '--', fifoPath], { timeout: HOST.commandTimeout }), timedOut]);
  if (made.exitCode !== 0) throw fifoError(fifoPath, made.exitCode);
  const keeper = openSync(fifoPath, constants.O_RDONLY | constants.O_NONBLOCK);
  const opened = new Promise<number>((resolve, reject) => open(fifoPath, constants.O_RDONLY, (error, fd) => (error ? reject(error) : resolve(fd))));
  opened.catch(() => undefined); // raced below, once the pipe has started
  try {
    await Promise.race([startPipe(), timedOut]);
    const fd = await Promise.race([opened, timedOut]);
    const stream = new Socket({ fd, readable: true, writable: false });
    stream.pause();
    close(keeper, () => undefined);
    return { stream, stop: () => stream.destroy() };
  } catch (error) {
    letGo(fifoPath, keeper, opened);
    throw error;
  }
}

/**
 * Ends the pending open of the FIFO's read end, `opened`, and closes what it opened and `keeper`:
 * a writer of ours lets the open return. It is opened through `keeper` (Linux's `/proc/self/fd`
 * reopens the FIFO itself, named or not), else by the FIFO's name; it never blocks, `keeper` reads.
 */
function letGo(fifoPath: string, keeper: number, opened: Promise<number>): void {
  let writer: number | undefined;
  for (const path of [`/proc/self/fd/${keeper}`, fifoPath]) {
    try {
      writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      break;
    } catch {
      // no /proc here, or the name is gone
    }
  }
  void opened
    .then(
      (fd) => close(fd, () => undefined),
      () => undefined,
    )
    .finally(() => {
      close(keeper, () => undefined);
      if (writer !== undefined) close(writer, () => undefined);
    });
}

/**
 * The `cat` reader (see {@link READER_SCRIPT}): resolves once it has made the FIFO (its `.` mark,
 * which is not pane output; the stream is left paused after it) and `startPipe` has returned.
 * @throws {TmuxShotError} when the reader ends first: no `cat` on PATH (status 127), `mkfifo`
 *   failed, or /bin/sh could not be run.
 */
async function openCat(fifoPath: string, startPipe: () => Promise<unknown>, timedOut: Promise<never>): Promise<Reader> {
  const reader = spawn('/bin/sh', ['-c', READER_SCRIPT, 'sh', fifoPath], { stdio: ['ignore', 'pipe', 'ignore'] });
  const stream = reader.stdout as Socket;
  try {
    await Promise.race([catReady(reader, fifoPath), timedOut]);
    await Promise.race([startPipe(), timedOut]);
  } catch (error) {
    reader.kill();
    throw error;
  }
  reader.on('error', () => undefined); // a failed kill(); the stream's own end is what counts
  reader.unref();
  return { stream, stop: () => reader.kill() };
}

/** Resolves at the `cat` reader's ready mark; rejects when it ends first (see {@link openCat}). */
function catReady(reader: ChildProcess, fifoPath: string): Promise<void> {
  const stdout = reader.stdout as Socket;
  return new Promise((resolve, reject) => {
    reader.once('error', (error) => reject(new TmuxShotError(`Could not run /bin/sh to read the pane's output (${error.message}).`, { cause: error })));
    reader.once('exit', (code) =>
      reject(
        code === 127
          ? new TmuxShotError("Could not run 'cat' to read the pane's output (not found on PATH); put coreutils' cat on PATH.")
          : fifoError(fifoPath, code),
      ),
    );
    stdout.once('data', () => {
      stdout.pause();
      resolve();
    });
  });
}

/** The error of a FIFO that could not be made: `mkfifo` ended with `exitCode` (127: not found; null: it never finished). */
function fifoError(fifoPath: string, exitCode: number | null): TmuxShotError {
  if (exitCode === 127) return new TmuxShotError("Could not run 'mkfifo' to make the pane's output FIFO (not found on PATH); put coreutils' mkfifo on PATH.");
  if (exitCode === null) {
    return new TmuxShotError(
      `Could not make the pane's output FIFO at '${fifoPath}': mkfifo did not finish (its shell timed out, or /bin/sh could not be run).`,
    );
  }
  return new TmuxShotError(
    `Could not make the pane's output FIFO at '${fifoPath}' (mkfifo failed); check that the tmux server's directory still exists and is writable.`,
  );
}

/**
 * How many bytes at the end of `bytes` are the start of one of `fences` (a proper prefix): they
 * may be completed by the next chunk, so they wait for it.
 */
export function heldLength(bytes: Buffer, fences: readonly Buffer[]): number {
  let longest = 0;
  for (const fence of fences) {
    for (let length = Math.min(fence.length - 1, bytes.length); length > longest; length--) {
      if (bytes.subarray(bytes.length - length).equals(fence.subarray(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * The bytes of output fence number `id`: an OSC whose number tmux does not know (OSC 7739), with
 * digits only, so no output processing of the terminal (`olcuc`, `onlcr`) changes it; tmux 3.3a
 * ignores an unknown OSC entirely (nothing on its screen), and it is cut from our stream.
 */
export function fenceBytes(id: number): Buffer {
  return Buffer.from(`\x1b]7739;${id}\x07`, 'latin1');
}
