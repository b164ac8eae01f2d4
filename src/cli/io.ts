/** The CLI's outside world: output streams and atomic file writes. */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
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

/** Writes `data` to `path` through a temporary file and a rename: never a half-written file. */
export async function writeOutput(path: string, data: Uint8Array | string): Promise<void> {
  await writeFileAtomic(path, typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

/**
 * Checks that `path` can be written as a file before the app runs: its folder exists and it is
 * not a folder itself.
 * @throws {UsageError} naming the problem.
 */
export function checkOutputPath(command: string, path: string): void {
  const folder = statSync(dirname(path), { throwIfNoEntry: false });
  if (!folder?.isDirectory()) throw new UsageError(`cannot write ${path}: the folder ${dirname(path)} does not exist`, command);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`cannot write ${path}: it is a folder`, command);
}
