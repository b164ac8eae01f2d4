/** Atomic file writes: a reader, or an interrupted run, never sees half a baseline. */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeAtomic from 'write-file-atomic';

/**
 * Writes `data` to `path` through a temporary file in the same folder and a `rename` (atomic on
 * POSIX file systems; write-file-atomic also removes the temporary file on failure or exit),
 * creating missing folders first. On failure `path` keeps its old content.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeAtomic(path, typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}
