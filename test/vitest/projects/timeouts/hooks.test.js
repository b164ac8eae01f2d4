// Waits in hooks, under Vitest's default timeouts (5000 ms a test, 10000 ms a hook): the test's
// deadline bounds the waits of its body; a hook has a timeout of its own, so a wait there takes
// its own default (5000 ms), not what the body left of the test's time.
import { describe, expect, test } from 'tmux-shot/vitest';

/** Prints 'body done' 3 s after it starts (most of the test's 4000 ms), 'after done' 2 s later. */
const late = { command: ['sh', '-c', 'sleep 3; echo body done; sleep 2; echo after done; exec sleep 30'], cols: 30, rows: 3, ready: 'none' };

describe('a wait of the app in afterEach', () => {
  test.override({ tmuxOptions: late });
  test.afterEach(async ({ tmuxApp }) => {
    await tmuxApp.waitForText('after done');
  });

  test('after a body that used most of the test time', async ({ tmuxApp }) => {
    await tmuxApp.waitForText('body done');
  });
});

describe('toShowText in afterEach', () => {
  test.override({ tmuxOptions: late });
  test.afterEach(async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('after done');
  });

  test('after a body that used most of the test time', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('body done');
  });
});

describe('a wait in beforeEach', () => {
  test.override({ tmuxOptions: { ...late, command: ['sh', '-c', 'sleep 4.7; echo before done; sleep 1; echo body done; exec sleep 30'] } });
  test.beforeEach(async ({ tmuxApp }) => {
    await tmuxApp.waitForText('before done');
  });

  // The body's time counts from its first wait, not from the hook that set the fixture up.
  test('may take the default 5000 ms, and the body still has its own time', async ({ tmuxApp }) => {
    await tmuxApp.waitForText('body done');
  });
});
