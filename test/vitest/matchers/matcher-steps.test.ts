// Matcher calls on a live app, logged as its `expect` steps, in this repo's own Vitest run.
import { describe, expect, test } from '../../../src/vitest/index.js';
import { reasonOf } from '../../../src/vitest/matchers/matcher-steps.js';
import { screen } from '../build-snapshot.js';

const done = ['sh', '-c', 'printf "Done \\033[1;32mok\\033[0m"; sleep 30'];

/** The steps after `start`, without their times. */
function stepsAfterStart(app: { steps: readonly { kind: string; title: string; error?: string }[] }) {
  return app.steps.slice(1).map(({ kind, title, error }) => ({ kind, title, error }));
}

describe('matcher steps', () => {
  test.override({ tmuxOptions: { command: done, cols: 20, rows: 3 } });

  test('logs each matcher call on the app as one expect step, the waits inside it as part of it', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Done');
    await expect(tmuxApp).not.toShowText('Loading', { timeout: 1000 });
    await expect(expect(tmuxApp).toShowText('Nope', { timeout: 100 })).rejects.toThrow();
    await expect(tmuxApp.getByText('ok')).toHaveText('ok');
    await expect(expect(tmuxApp.getByText('ok')).not.toBeVisible({ timeout: 100 })).rejects.toThrow();
    await tmuxApp.waitForText('ok');
    expect(stepsAfterStart(tmuxApp)).toEqual([
      { kind: 'expect', title: "expect(tmuxApp).toShowText('Done')", error: undefined },
      { kind: 'expect', title: "expect(tmuxApp).not.toShowText('Loading', { timeout: 1000 })", error: undefined },
      {
        kind: 'expect',
        title: "expect(tmuxApp).toShowText('Nope', { timeout: 100 })",
        error: "Expected the screen to show 'Nope' within 100 ms, but it did not.",
      },
      { kind: 'expect', title: "expect(getByText('ok')).toHaveText('ok')", error: undefined },
      {
        kind: 'expect',
        title: "expect(getByText('ok')).not.toBeVisible({ timeout: 100 })",
        error: 'Expected it to match nothing within 100 ms, but it still matches at row 0 col 5. ^ marks its matches.',
      },
      { kind: 'wait', title: "waitForText('ok')", error: undefined },
    ]);
    const failed = tmuxApp.steps[3]!;
    expect(failed.durationMs).toBeGreaterThanOrEqual(100);
  });

  test('leaves a matcher on a snapshot unlogged', async ({ tmuxApp }) => {
    await tmuxApp.waitForText('ok');
    const before = tmuxApp.steps.length;
    await expect(screen(['Done'], 20)).toShowText('Done');
    expect(tmuxApp.steps.length).toBe(before);
  });
});

describe('reasonOf', () => {
  test.each([
    [
      "expect(tmuxApp).toShowText('x')\n\nExpected the screen to show 'x' within 2000 ms, but it did not.\n\nScreen:\n  0 │ a",
      "Expected the screen to show 'x' within 2000 ms, but it did not.",
    ],
    [
      "expect(locator).toBeVisible()\n\nLocator: getByText('B')\nExpected 1 match within 50 ms, but it matched none.\n\nScreen:",
      'Expected 1 match within 50 ms, but it matched none.',
    ],
    [
      '\u001b[31mexpect(png).toMatchScreenshot()\u001b[39m\n\n\u001b[2mScreenshot does not match the stored reference.\u001b[22m',
      'Screenshot does not match the stored reference.',
    ],
    ['expect(tmuxApp).toShowText()', 'expect(tmuxApp).toShowText()'],
    ['', ''],
  ])('of %j is %j', (message, reason) => {
    expect(reasonOf(message)).toBe(reason);
  });
});
