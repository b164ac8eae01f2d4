/** The CLI's outside world: output streams, the files it reads and the files it writes. */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import { pathKind, writeOutputFile, writeStrategy } from '../output-file.js';
import { UsageError } from './args.js';

/** Where the CLI prints: one call per message, a newline is added. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The process's own streams. */
export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
};

/**
 * Reads a text file named on the command line.
 * @param name How the message names it. @default path
 * @throws {UsageError} when the file cannot be read: `cannot read <name>: <why>`.
 */
export async function readInputFile(command: string, path: string, name = path): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${name}: ${(error as Error).message}`, command);
  }
}

/**
 * The absolute path of `-o` (`fallback` when it was not given), checked before the app runs:
 * it ends in one of `extensions` when given, its folder exists, and it is a regular file, a FIFO,
 * a character device or nothing yet (not a directory, a socket or a block device).
 * @throws {UsageError} when it cannot be written there, naming the problem.
 */
export function outputPath(command: string, value: unknown, fallback: string, extensions?: readonly string[]): string {
  const path = resolve(String(value ?? fallback));
  if (extensions && !extensions.includes(extname(path))) {
    throw new UsageError(`-o must end in ${extensions.join(' or ')}, not '${basename(path)}'`, command);
  }
  const folder = statSync(dirname(path), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) throw new UsageError(`cannot write ${path}: the folder ${dirname(path)} does not exist`, command);
  const kind = pathKind(statSync(path, { throwIfNoEntry: false }));
  if (writeStrategy(kind) === 'refuse') throw new UsageError(`cannot write ${path}: it is a ${kind}`, command);
  return path;
}

/**
 * Writes an output file with the library's one writer: a regular file (or a new one) is replaced
 * atomically, a FIFO or a character device (`/dev/stdout`, `/dev/null`) is written as a stream.
 */
export async function writeOutput(path: string, data: Uint8Array | string): Promise<void> {
  await writeOutputFile(path, data, 'output');
}
