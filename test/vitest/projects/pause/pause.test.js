// pause() in a real run, driven by test/cli/attach.test.ts: the first test has a timeout, so it
// does not wait and says why; the second (run with --test-timeout=0) pauses twice: a person
// watches read-only and detaches, then types through `tmux-shot attach --read-write`.
import { join } from 'node:path';
import { expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxRecording: 'always' });

test('does not wait with a timeout', { timeout: 20_000 }, async ({ tmuxApp }) => {
  await tmuxApp.start({ command: menu, cols: 40, rows: 12 });
  await tmuxApp.pause();
  expect(tmuxApp.steps.map((step) => step.title)).toEqual([`start(['node', '${menu[1]}'])`, 'pause()']);
});

test('waits for a person, and logs what they typed', async ({ tmuxApp }) => {
  await tmuxApp.start({ command: menu, cols: 40, rows: 12 });
  await expect(tmuxApp).toShowText('> Open');
  await tmuxApp.pause(); // read-only: the person's Down does not arrive
  await expect(tmuxApp).toShowText('> Open', { timeout: 100 });
  expect(tmuxApp.steps.filter((step) => step.kind === 'manual')).toEqual([]);
  await tmuxApp.pause();
  await expect(tmuxApp).toShowText('> Settings');
  const manual = tmuxApp.steps.filter((step) => step.kind === 'manual').map((step) => step.title);
  expect(manual).toEqual(["manual input: press('Down', 'Down')"]);
});
