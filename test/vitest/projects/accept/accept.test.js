// Two tests whose screenshots fail once the menu's highlight moves (MENU_DOWN=1 after the
// baselines were taken without it). After each test, the screenshot failures kept for its report
// go to kept.json (PNG bytes as their sizes), for test/vitest/accept-command.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenshotFailuresOf } from '@repo/src/vitest/evidence/report-kept.ts';
import { afterEach } from 'vitest';
import { describe, expect, test } from 'tmux-shot/vitest';

const menu = ['node', join(process.env.TMUX_SHOT_REPO, 'fixtures/menu.mjs')];

test.override({ tmuxOptions: { command: menu, cols: 40, rows: 12 } });

const image = (kept) =>
  kept && { widthPx: kept.widthPx, heightPx: kept.heightPx, cells: kept.cells && { cols: kept.cells.cols, rows: kept.cells.rows }, bytes: kept.png.length };
const kept = {};
afterEach(({ task }) => {
  kept[task.name] = screenshotFailuresOf(task).map((failure) => ({
    ...failure,
    reference: image(failure.reference),
    actual: image(failure.actual),
    diff: image(failure.diff),
  }));
  writeFileSync(join(import.meta.dirname, 'kept.json'), JSON.stringify(kept));
});

describe("it's a menu", () => {
  test('opens (1+1) [x]*', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    if (process.env.MENU_DOWN) await tmuxApp.press('Down');
    await expect(tmuxApp).toMatchScreenshot('first');
  });

  test('opens (1+1) [x]* again', async ({ tmuxApp }) => {
    await expect(tmuxApp).toShowText('Quit');
    if (process.env.MENU_DOWN) await tmuxApp.press('Down');
    await expect(tmuxApp).toMatchScreenshot('second');
  });
});
