// A recording through real tmux: TmuxApp's always-on timeline, then a GIF whose last frame shows
// what the live screen model shows.
import { expect, it } from 'vitest';
import { TmuxServer } from '../../src/host/index.js';
import { renderScreen } from '../../src/render/index.js';
import { parseAsciicast } from '../../src/record/asciicast.js';
import { replayFrames } from '../../src/record/replay.js';
import { snapshotText } from '../../src/screen/index.js';
import { TmuxApp } from '../../src/app/index.js';
import { decodeGif } from './decode-gif.js';

it('records the printf output of bash and replays it to the screen tmux showed', async () => {
  await using server = await TmuxServer.create();
  // No pause before the first printf: the timeline is on from the app's first byte.
  const script = [
    "printf '\\033[1;32mgreen\\033[0m and \\033[44mblue\\033[0m\\n'",
    'sleep 0.1',
    "printf 'price: %s\\n' '5 €'",
    'sleep 0.1',
    "printf 'done\\n'",
    'sleep 30',
  ].join('; ');
  await using app = await TmuxApp.start({ command: ['bash', '--norc', '--noprofile', '-c', script], server, cols: 40, rows: 6, ready: 'none' });
  await app.waitForText('done');
  const timeline = app.timeline.copy();
  timeline.markEnd(performance.now() - app.startedAt);
  expect(parseAsciicast(app.asciicast()).events.map((e) => e.kind)).toEqual(timeline.events.map((e) => e.kind));

  const frames = [];
  for await (const frame of replayFrames(timeline, 30)) frames.push(frame);
  const lastText = snapshotText(frames.at(-1)!.snapshot);
  expect(lastText).toBe(app.text());
  expect(lastText.split('\n').slice(0, 3)).toEqual(['green and blue', 'price: 5 €', 'done']);
  // The blank screen at start, then each printf (≥ 100 ms apart) gets its own frame.
  expect(frames.map((f) => snapshotText(f.snapshot).split('\n').slice(0, 3).join('|'))).toEqual([
    '||',
    'green and blue||',
    'green and blue|price: 5 €|',
    'green and blue|price: 5 €|done',
  ]);

  const gif = decodeGif(await app.gif());
  expect(gif.frames).toHaveLength(4);
  const png = renderScreen(app.screen());
  const last = gif.canvases.at(-1)!;
  let worst = 0;
  png.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - last[i]!))));
  expect(worst).toBeLessThanOrEqual(32);
  // The blue background behind "blue" is exact.
  const at = (image: Uint8Array, x: number, y: number): number[] => [...image.subarray((y * gif.width + x) * 4, (y * gif.width + x) * 4 + 3)];
  expect(at(last, 4 + 10 * 9 + 1, 4 + 1)).toEqual([0x34, 0x65, 0xa4]);
  expect(at(png.data, 4 + 10 * 9 + 1, 4 + 1)).toEqual([0x34, 0x65, 0xa4]);
});
