/**
 * `tmux-shot/vitest`: test terminal apps in Vitest. Importing it registers the matchers
 * (`toMatchScreenshot`, `toShowText`, `toMatchScreenText`, and on locators `toBeVisible`,
 * `toHaveText`, `toHaveCount`, `toHaveFgColor`, `toHaveBgColor`, `toHaveStyle`; on an app or snapshot
 * `toHaveCursorAt`, `toHaveCursor`, `toHaveTitle`, `toBeInMode`) on `expect`.
 */
export { describe, expect, it, matchers, test } from './test-api.js';
export { tmuxShotFixtures } from './fixtures.js';
export type { ShellFixture, TmuxShotFixtures, TmuxShotTestFixtures, TmuxShotWorkerFixtures } from './fixtures.js';
export type { LaunchApp, LaunchAppOptions, ShellFixtureOptions } from './other-apps.js';
export type { RecordingMode } from './evidence.js';
export { TmuxAppHandle } from './app-handle.js';
export type { TmuxAppFixtureOptions } from './app-handle.js';
export { AgentHandle } from './agent-handle.js';
export type { AgentFixtureOptions, AgentRunOptions, AgentRunResult, EmitOutcome } from './agent-handle.js';
export type { ScreenshotOptions, ScreenTextOptions, ToShowTextOptions } from './options.js';
export type { LocatorAssertionOptions } from './locator-matchers.js';
export type { StateAssertionOptions } from './state-matchers.js';
export type { ColorAssertionOptions } from './options.js';
export type { ColorInput, CursorExpectation, StyleExpectation } from './state-decide.js';
