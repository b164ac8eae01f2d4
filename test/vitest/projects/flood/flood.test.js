// An app that floods its terminal (`cat /dev/urandom`) and a test that fails: the teardown saves
// the failure screen and GIF within a budget (the GIF's tail), not the whole flood.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test.override({ tmuxOptions: { command: ['cat', '/dev/urandom'], ready: 'none' } });

test('fails while the app floods its terminal', async ({ tmuxApp, onTestFinished }) => {
  // After the fixture's teardown: all the output the app wrote, for the outer test to compare with the GIF.
  onTestFinished(() => {
    const { timeline } = tmuxApp.app;
    const output = timeline.droppedBytes + timeline.events.reduce((sum, event) => sum + (event.bytes?.length ?? 0), 0);
    writeFileSync(join(import.meta.dirname, 'output.json'), JSON.stringify({ output }));
  });
  // Until the timeline holds more than the GIF's tailBytes (4 MiB): then the GIF leaves output out.
  await expect.poll(() => tmuxApp.timeline.usedBytes, { timeout: 20_000, interval: 50 }).toBeGreaterThan(8 * 2 ** 20);
  throw new Error('fails on purpose');
});
