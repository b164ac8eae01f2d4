import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveShot } from '../../src/agent/shot-files.js';
import { sanitizeLabel, shotFileName } from '../../src/agent/shot-names.js';

describe('sanitizeLabel', () => {
  it.each([
    ['moved', 'moved'],
    ['Settings open!', 'Settings-open'],
    ['../../etc/passwd', 'etc-passwd'],
    ['.hidden', 'hidden'],
    ['über café', 'ber-caf'],
    ['///', 'screenshot'],
    ['', 'screenshot'],
    ['a'.repeat(80), 'a'.repeat(60)],
  ])('%j → %j', (label, base) => {
    expect(sanitizeLabel(label)).toBe(base);
  });

  it('numbers later tries', () => {
    expect([1, 2, 3].map((n) => shotFileName('moved', n))).toEqual(['moved.png', 'moved-2.png', 'moved-3.png']);
  });
});

describe('saveShot', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tmux-shot-agent-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('never overwrites: same labels get numbered names, also when written concurrently', async () => {
    const out = join(dir, 'nested', 'out');
    const paths = await Promise.all([1, 2, 3].map((n) => saveShot(out, 'moved', new Uint8Array([n]))));
    expect(new Set(paths).size).toBe(3);
    expect((await readdir(out)).sort()).toEqual(['moved-2.png', 'moved-3.png', 'moved.png']);
    const bytes = await Promise.all(paths.map((p) => readFile(p)));
    expect(bytes.map((b) => b[0]).sort()).toEqual([1, 2, 3]);
  });

  it('keeps a hostile label inside outDir', async () => {
    expect(await saveShot(dir, '../escape', new Uint8Array([1]))).toBe(join(dir, 'escape.png'));
  });
});
