/** The CLI's outside world: output streams and the files it writes. */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathKind, writeOutputFile, writeStrategy } from '../output-file.js';
import { UsageError } from './usage-error.js';

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
 * Writes an output file with the library's one writer: a regular file (or a new one) is replaced
 * atomically, a FIFO or a character device (`/dev/stdout`, `/dev/null`) is written as a stream.
 */
export async function writeOutput(path: string, data: Uint8Array | string): Promise<void> {
  await writeOutputFile(path, data, 'output');
}

/**
 * Checks that `path` can be written before the app runs: its folder exists, and it is a regular
 * file, a FIFO, a character device or nothing yet (not a directory, a socket or a block device).
 * @throws {UsageError} naming the problem.
 */
export function checkOutputPath(command: string, path: string): void {
  const folder = statSync(dirname(path), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) throw new UsageError(`cannot write ${path}: the folder ${dirname(path)} does not exist`, command);
  const kind = pathKind(statSync(path, { throwIfNoEntry: false }));
  if (writeStrategy(kind) === 'refuse') throw new UsageError(`cannot write ${path}: it is a ${kind}`, command);
}
