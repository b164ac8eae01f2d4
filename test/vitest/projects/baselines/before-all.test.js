// The attachments folder is emptied once per file, before its beforeAll hooks (test/vitest/baselines.test.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { expect, test } from 'tmux-shot/vitest';

const folder = join(import.meta.dirname, '.vitest-attachments/before-all.test.js');

beforeAll(async () => {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'from-before-all.txt'), 'kept');
});

test('sees the file its beforeAll hook wrote', async () => {
  expect(await readFile(join(folder, 'from-before-all.txt'), 'utf8')).toBe('kept');
});
