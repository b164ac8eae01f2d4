/** Atomic file writes: a reader, or an interrupted run, never sees half a baseline. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` to `path` through a temporary file in the same folder and a `rename` (atomic on
 * POSIX file systems), creating missing folders first. On failure the temporary file is removed
 * and the error rethrown; `path` keeps its old content.
 */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
