// Recordings of hostile sessions through real tmux: output floods, binary noise and a crash each
// give a valid GIF (decoded here) or a clear error, never a corrupt file.
import { expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { decodeGif } from './decode-gif.js';

const SIZE = { cols: 40, rows: 8 };
// 4 px padding around 40x8 cells of 9x18 px.
const PX = [4 + 40 * 9 + 4, 4 + 8 * 18 + 4];
// Each app lingers 0.2 s after its last output: tmux 3.3a can lose the output of an app that exits
// in the instant after writing it, on a loaded machine (Troubleshooting, Quick exits under load; a
// CI run lost the flood's 'END').

it('records a `yes` flood (bounded by head) as a valid GIF whose last frame is the final screen', async () => {
  await using server = await TmuxServer.create();
  await using app = await TmuxApp.start({ command: 'yes tmux-shot | head -n 200000; echo END; sleep 0.2', server, ...SIZE, ready: 'none' });
  expect(await app.waitForExit({ timeout: 30_000 })).toEqual({ exitCode: 0, signal: null });
  expect(app.text().trimEnd().split('\n').slice(-2)).toEqual(['tmux-shot', 'END']);
  const gif = decodeGif(await app.gif());
  expect([gif.width, gif.height]).toEqual(PX);
  expect(gif.frames.length).toBeGreaterThanOrEqual(1);
});

it('records 1 MB of /dev/urandom as a valid GIF', async () => {
  await using server = await TmuxServer.create();
  await using app = await TmuxApp.start({
    command: 'head -c 1000000 /dev/urandom; printf "\\033c"; echo NOISE-END; sleep 0.2',
    server,
    ...SIZE,
    ready: 'none',
  });
  expect(await app.waitForExit({ timeout: 30_000 })).toEqual({ exitCode: 0, signal: null });
  expect(app.text().split('\n')[0]).toBe('NOISE-END');
  const gif = decodeGif(await app.gif());
  expect([gif.width, gif.height]).toEqual(PX);
});

it('records an app that crashes with SIGSEGV, its last output included', async () => {
  await using server = await TmuxServer.create();
  await using app = await TmuxApp.start({ command: ['sh', '-c', 'echo about to crash; sleep 0.2; kill -SEGV $$'], server, ...SIZE, ready: 'none' });
  expect(await app.waitForExit()).toEqual({ exitCode: null, signal: 'SIGSEGV' });
  expect(app.text().split('\n')[0]).toBe('about to crash');
  const [header, ...events] = app
    .asciicast()
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
  expect(header).toEqual({ version: 2, width: 40, height: 8, timestamp: expect.any(Number), duration: expect.any(Number), env: { TERM: 'tmux-256color' } });
  // echo writes its line in one write(2): one output event, whatever the timing.
  expect(events).toEqual([[expect.any(Number), 'o', 'about to crash\r\n']]);
  const gif = decodeGif(await app.gif());
  expect([gif.width, gif.height]).toEqual(PX);
  // Exactly two frames: the blank start (whole), then the changed rectangle of the line and the
  // cursor moving to row 1 (2 rows; 125 px, as the last pixel column of the 14 cells stays black).
  // The line comes milliseconds after the start, so it never joins the first frame.
  expect(gif.frames.map((f) => [f.x, f.y, f.width, f.height])).toEqual([
    [0, 0, ...PX],
    [4, 4, 125, 36],
  ]);
});
