/**
 * Issue 5's figures: GIF encode time per frame and file size for (a) a 45-frame typing-and-
 * scrolling shell session and (b) a 30-frame animated full-screen TUI, at 80x24 1x and 2x, and on
 * the same frames the VHS recipe (ffmpeg palettegen + paletteuse). ffmpeg comes from Debian and is
 * installed here when missing (as root); without it that column is skipped with a note.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { encodeGif } from '../../src/record/index.js';
import { replayFrames } from '../../src/record/replay.js';
import type { Timeline } from '../../src/record/index.js';
import { encodePng, renderScreen } from '../../src/render/index.js';
import { decodeGif } from '../record/decode-gif.js';
import { dashboardSession, typingSession } from '../record/sessions.js';
import { medianMs, printTable, printTarget } from './measure.js';

const dir = mkdtempSync(join(tmpdir(), 'tmux-shot-bench-gif-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ensureFfmpeg(): string | undefined {
  if (spawnSync('ffmpeg', ['-version']).status === 0) return undefined;
  if (process.getuid?.() !== 0) return 'ffmpeg is not installed and this is not root';
  spawnSync('apt-get', ['update'], { stdio: 'ignore', timeout: 300_000 });
  const install = spawnSync('apt-get', ['install', '-y', 'ffmpeg'], {
    stdio: 'ignore',
    timeout: 600_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return install.status === 0 ? undefined : 'apt-get install ffmpeg failed';
}

/** The VHS recipe on our frames: PNG frames at the GIF's frame rate → palettegen + paletteuse. */
async function ffmpegRecipe(timeline: Timeline, scale: 1 | 2, name: string): Promise<{ ms: number; bytes: number; frames: number }> {
  const frameDir = join(dir, name);
  mkdirSync(frameDir, { recursive: true });
  let n = 0;
  for await (const frame of replayFrames(timeline, 30)) {
    writeFileSync(join(frameDir, `f${String(n++).padStart(4, '0')}.png`), encodePng(renderScreen(frame.snapshot, { scale, cursor: 'show' })));
  }
  const out = join(frameDir, 'out.gif');
  const start = performance.now();
  const run = spawnSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    '30',
    '-i',
    join(frameDir, 'f%04d.png'),
    '-filter_complex',
    '[0:v] split [a][b];[a] palettegen=max_colors=256 [p];[b][p] paletteuse',
    out,
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr}`);
  return { ms: performance.now() - start, bytes: readFileSync(out).length, frames: n };
}

test('GIF encoding vs the ffmpeg palettegen/paletteuse recipe', async () => {
  const skip = ensureFfmpeg();
  const rows: (string | number)[][] = [];
  const sessions: [string, Timeline][] = [
    ['(a) typing + scrolling', typingSession().timeline],
    ['(b) full-screen TUI', dashboardSession()],
  ];
  let tui1x: { speedUp: number; bytes: number; ffmpegBytes: number } | undefined;
  for (const [label, timeline] of sessions) {
    for (const scale of [1, 2] as const) {
      const gif = await encodeGif(timeline, { scale });
      const frames = decodeGif(gif).frames.length;
      const ms = await medianMs(() => encodeGif(timeline, { scale }), 5, 1);
      const row: (string | number)[] = [`${label} ${scale}x`, frames, ms / frames, (frames / ms) * 1000, gif.length];
      if (!skip) {
        const ff = await ffmpegRecipe(timeline, scale, `${label.slice(1, 2)}-${scale}`);
        row.push(ff.ms / ff.frames, ff.bytes, `${(ff.ms / ff.frames / (ms / frames)).toFixed(1)}x`);
        if (label.startsWith('(b)') && scale === 1) tui1x = { speedUp: ff.ms / ff.frames / (ms / frames), bytes: gif.length, ffmpegBytes: ff.bytes };
      }
      rows.push(row);
    }
  }
  const header = ['session (80x24)', 'frames', 'ms/frame', 'frames/s', 'bytes'];
  if (!skip) header.push('ffmpeg ms/frame', 'ffmpeg bytes', 'speed-up');
  else process.stdout.write(`\nffmpeg column skipped: ${skip}\n`);
  printTable('GIF encoding (ours: replay + palette-first render + gifenc LZW), median of 5', header, rows);
  if (tui1x) {
    const { speedUp, bytes, ffmpegBytes } = tui1x;
    printTarget(
      'GIF of the full-screen TUI at 80x24 1x ≥ 3x faster than ffmpeg, file no larger',
      speedUp >= 3 && bytes <= ffmpegBytes,
      `${speedUp.toFixed(1)}x faster, ${bytes} vs ${ffmpegBytes} bytes`,
    );
  }
});
