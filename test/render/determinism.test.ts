import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPng } from '../../src/render/index.js';
import { goldenScreen } from './helpers/golden-screen.js';

/**
 * SHA-256 of renderPng(goldenScreen()) at the default options. It changes only when the
 * renderer, a font or Skia changes: look at the new image the failure names, then update it.
 */
const GOLDEN_SHA256 = 'c7aa4b16e3aa531a5ff7f1d516a61335285f589de3808c33ef2a89c3dec134b6';

const CHILD = fileURLToPath(new URL('./helpers/render-golden.mjs', import.meta.url));
const FONTS_DIR = '/usr/share/fonts';

interface ChildResult {
  sha256: string;
  systemFamilies: number;
}

async function renderInChild(command: string, args: string[]): Promise<ChildResult> {
  const { stdout } = await promisify(execFile)(command, args, { timeout: 60_000 });
  return JSON.parse(stdout) as ChildResult;
}

/** True when this machine lets us mount an empty directory over the system fonts in a private mount namespace. */
function canHideSystemFonts(): boolean {
  if (!existsSync(FONTS_DIR)) return false;
  return spawnSync('unshare', ['--map-root-user', '--mount', 'mount', '-t', 'tmpfs', 'tmpfs', FONTS_DIR]).status === 0;
}

describe('deterministic rendering', () => {
  it('renders the golden screen to the golden bytes', () => {
    const png = renderPng(goldenScreen());
    const sha256 = createHash('sha256').update(png).digest('hex');
    if (sha256 !== GOLDEN_SHA256) {
      const path = join(mkdtempSync(join(tmpdir(), 'tmux-shot-golden-')), 'golden-screen.png');
      writeFileSync(path, png);
      expect.fail(`The golden screen renders differently (sha256 ${sha256}); look at ${path}, then update GOLDEN_SHA256.`);
    }
  });

  it('renders the same bytes in a fresh process', async () => {
    expect((await renderInChild(process.execPath, [CHILD])).sha256).toBe(GOLDEN_SHA256);
  });

  it.skipIf(!canHideSystemFonts())('renders the same bytes where no system font exists', async () => {
    const script = `mount -t tmpfs tmpfs ${FONTS_DIR} && exec "$0" "$1"`;
    const result = await renderInChild('unshare', ['--map-root-user', '--mount', 'sh', '-c', script, process.execPath, CHILD]);
    expect(result).toEqual({ sha256: GOLDEN_SHA256, systemFamilies: 0 });
  });
});
