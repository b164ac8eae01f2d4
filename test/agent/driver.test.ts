import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshotName } from '../../src/agent/driver.js';
import { writeNewOutputFile } from '../../src/output-file.js';

describe('screenshotName', () => {
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
    expect(screenshotName(label)).toBe(base);
  });

  it('keeps a hostile label inside the output folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmux-shot-agent-'));
    try {
      expect(await writeNewOutputFile(dir, screenshotName('../escape'), '.png', new Uint8Array([1]))).toBe(join(dir, 'escape.png'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
