/**
 * `test` and `it`: Vitest's, extended with the tmux-shot fixtures; `describe` and `expect`
 * (with the matchers registered) passed through, so one import serves a whole test file.
 */
import { test as vitestTest } from 'vitest';
import type { TestAPI } from 'vitest';
import { tmuxShotFixtures } from './fixtures.js';
import type { TmuxShotTestFixtures, TmuxShotWorkerFixtures } from './fixtures.js';
import './setup.js';

export { describe, expect } from 'vitest';

/**
 * Vitest's `test` with `tmuxApp`, `agent` and their options as fixtures.
 * @example
 * test.override({ tmuxOptions: { command: ['node', 'menu.mjs'], cols: 60, rows: 16 } });
 * test('opens the menu', async ({ tmuxApp }) => {
 *   await tmuxApp.press('Down', 'Enter');
 *   await expect(tmuxApp).toShowText('Selected: Save');
 *   await expect(tmuxApp).toMatchScreenshot();
 * });
 */
export const test: TestAPI<TmuxShotTestFixtures & TmuxShotWorkerFixtures> = vitestTest.extend<TmuxShotTestFixtures & TmuxShotWorkerFixtures>(tmuxShotFixtures);

/** Alias of {@link test}. */
export const it = test;
