/** The CLI's outside world: output streams and atomic file writes. */
import writeFileAtomic from 'write-file-atomic';

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
