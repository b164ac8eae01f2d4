// The tmuxApp fixture's handle forwards `mouse` to the app: a click reaches mouse-log.mjs as SGR.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

test('clicks through tmuxApp.mouse', async ({ tmuxApp }) => {
  const app = await tmuxApp.start({
    command: ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/mouse-log.mjs'), '1000', '1006'],
    ready: { text: 'ready' },
    cols: 60,
    rows: 5,
  });
  await tmuxApp.mouse.click(7, 2, { button: 'right' });
  await app.waitForText('2: 1b 5b 3c 32 3b 38 3b 33 6d = b=2 x=8 y=3 m');
  await expect(app).toShowText('1: 1b 5b 3c 32 3b 38 3b 33 4d = b=2 x=8 y=3 M');
});
