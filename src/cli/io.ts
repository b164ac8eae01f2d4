/** The CLI's outside world: output streams, the files it reads and the files it writes. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { TmuxShotError } from '../errors.js';
import { describeFileError, resolveOutputTarget, writeOutputFile } from '../output-file.js';
import { UsageError } from './usage-error.js';

/** Where the CLI prints: one call per message, a newline is added. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True once a write to stdout found its reader gone (`| head -c 8`): the CLI then ends quietly. */
  readonly stdoutClosed?: boolean;
}

/**
 * The process's own streams. A stream whose reader is gone (EPIPE) is marked closed and written
 * no more, instead of crashing the process with an unhandled 'error' event: the CLI ends quietly
 * with status 1, as `cat` ends by SIGPIPE. A pipe reports the error after the write returned, maybe
 * after the command did: the exit status is set here too.
 */
export function createProcessIo(): CliIo {
  let stdoutClosed = false;
  let stderrClosed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stdoutClosed = true;
    process.exitCode = 1;
  });
  process.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    stderrClosed = true;
  });
  return {
    stdout: (text) => void (stdoutClosed || process.stdout.write(`${text}\n`)),
    stderr: (text) => void (stderrClosed || process.stderr.write(`${text}\n`)),
    get stdoutClosed() {
      return stdoutClosed;
    },
  };
}

/**
 * Reads a text file named on the command line.
 * @param name How the message names it. @default path
 * @throws {TmuxShotError} when the file cannot be read (a failure, not a usage error: exit 1):
 *   `cannot read <name>: no such file or folder (ENOENT).`
 */
export async function readInputFile(path: string, name = path): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new TmuxShotError(`cannot read ${name}: ${describeFileError(error as NodeJS.ErrnoException)}.`, { cause: error });
  }
}

/** An output file named on the command line (or its default), checked before the app runs. */
export interface CliOutput {
  /** The path as given, made absolute (`/dev/stdout` stays `/dev/stdout`). */
  path: string;
  /** It is this process's stdout: the line naming what was written goes to stderr instead. */
  isStdout: boolean;
  /** It is a regular file, or nothing yet (not a descriptor, FIFO or character device). */
  isFile: boolean;
}

/**
 * Checks `-o` (`fallback` when it was not given) before the app runs, with the library writer's
 * own rules (`resolveOutputTarget`): a descriptor of this process, or a path whose symlinks lead to
 * a regular file, a FIFO, a character device or nothing yet (the write creates missing folders).
 * @throws {UsageError} when it cannot be written there, naming the problem: an empty `-o ''`, a
 *   path ending in `/`, a directory, a socket, a parent that is a file, a loop of symlinks.
 */
export async function checkOutput(command: string, value: unknown, fallback: string): Promise<CliOutput> {
  if (value === '') throw new UsageError("-o/--out is empty: name the file to write (a shell variable that is not set gives '').", command);
  const given = String(value ?? fallback);
  try {
    const target = await resolveOutputTarget(given, 'output');
    return {
      path: resolve(given),
      isStdout: target.kind === 'descriptor' && target.fd === 1,
      isFile: target.kind === 'path' && (target.pathKind === 'file' || target.pathKind === 'missing'),
    };
  } catch (error) {
    if (error instanceof TmuxShotError) throw new UsageError(error.message, command);
    throw error;
  }
}

/** Prints the line naming what was written: on stdout, or on stderr when the output itself is stdout. */
export function reportWritten(io: CliIo, output: CliOutput, line: string): void {
  if (output.isStdout) io.stderr(line);
  else io.stdout(line);
}

/**
 * Writes an output file with the library's one writer: a descriptor (`/dev/stdout`) as it is, a
 * regular file (or a new one, with its folders) replaced atomically, a FIFO or a character device
 * (`/dev/null`) as a stream.
 */
export async function writeOutput(output: CliOutput | string, data: Uint8Array | string): Promise<void> {
  await writeOutputFile(typeof output === 'string' ? output : output.path, data, 'output');
}
