/** Writes screenshot PNGs under the output directory: the agent's only file I/O. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sanitizeLabel, shotFileName } from './shot-names.js';

/**
 * Saves `png` as `<outDir>/<label>.png` (label sanitized), or `<label>-2.png`, `-3`… when taken:
 * files are created exclusively (`wx`), so concurrent writers never overwrite each other.
 * Creates `outDir` if needed. Resolves to the file's path.
 */
export async function saveShot(outDir: string, label: string, png: Uint8Array): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const base = sanitizeLabel(label);
  for (let n = 1; ; n++) {
    const path = join(outDir, shotFileName(base, n));
    try {
      await writeFile(path, png, { flag: 'wx' });
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
