// What this run wrote to the file's attachments folder before its first tmux-shot test stays when
// the folder is emptied: with isolation at the file's start, without at that test
// (test/vitest/baselines.test.ts runs it both ways; smaller than sweep.test.js, so not first).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, test as vitestTest } from 'vitest';
import { expect, test } from 'tmux-shot/vitest';

const folder = join(import.meta.dirname, '.vitest-attachments/before-all.test.js');

beforeAll(async () => {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'from-before-all.txt'), 'kept');
});

vitestTest("writes with Vitest's own test", async () => {
  await writeFile(join(folder, 'from-vitest-test.txt'), 'kept');
});

test('sees the files written before it', async () => {
  const read = (name) => readFile(join(folder, name), 'utf8');
  expect(await Promise.all([read('from-before-all.txt'), read('from-vitest-test.txt')])).toEqual(['kept', 'kept']);
});
