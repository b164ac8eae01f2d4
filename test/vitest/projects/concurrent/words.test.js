// test.concurrent with the `expect` imported from tmux-shot/vitest, as the README shows: Vitest's
// global expect knows only the test started last, so the matchers take the test from the
// tmuxApp they are given. Each app shows its own word.
import { describe, expect, test } from 'tmux-shot/vitest';

const showing = (word) => ({ command: ['sh', '-c', `echo ${word}; exec sleep 30`], cols: 20, rows: 3 });

describe.concurrent('at once', () => {
  // First, so that the global expect never points at it: Vitest's snapshots need the test's own expect.
  test('screen text with the imported expect', async ({ tmuxApp }) => {
    await tmuxApp.start(showing('zeta'));
    await expect(tmuxApp).toMatchScreenText();
  });

  test('screen text with the expect of the test', async ({ tmuxApp, expect }) => {
    await tmuxApp.start(showing('eta'));
    await expect(tmuxApp).toMatchScreenText();
  });

  for (const word of ['alpha', 'beta', 'gamma']) {
    test(word, async ({ tmuxApp }) => {
      const app = await tmuxApp.start(showing(word));
      // alpha asserts on the TmuxApp that start() returned: it knows its test as the fixture does.
      const subject = word === 'alpha' ? app : tmuxApp;
      await expect(subject).toShowText(word);
      await expect(subject).toMatchScreenshot();
    });
  }

  test('a text that never shows', { timeout: 3000 }, async ({ tmuxApp }) => {
    await tmuxApp.start(showing('delta'));
    await expect(tmuxApp).toShowText('never shown');
  });

  test('a wait longer than the test', { timeout: 2500 }, async ({ tmuxApp }) => {
    await tmuxApp.start(showing('epsilon'));
    await expect(tmuxApp).toShowText('never shown', { timeout: 20_000 });
  });
});
