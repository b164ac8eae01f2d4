/**
 * `tmux-shot/vitest`: test terminal apps in Vitest. Importing it registers the matchers
 * (`toMatchScreenshot`, `toShowText`, `toMatchScreenText`, and on locators `toBeVisible`,
 * `toHaveText`, `toHaveCount`, `toHaveFgColor`, `toHaveBgColor`, `toHaveStyle`, `toHaveLink`; on an app or snapshot
 * `toHaveCursorAt`, `toHaveCursor`, `toHaveTitle`, `toBeInMode`; on an app `toHaveRungBell`,
 * `toHaveClipboardText`) on `expect`.
 */
export { describe, expect, it, matchers, test } from './test-api.js';
export { tmuxShotFixtures } from './fixtures/fixtures.js';
export type { ShellFixture, TmuxShotFileFixtures, TmuxShotFixtures, TmuxShotTestFixtures, TmuxShotWorkerFixtures } from './fixtures/fixtures.js';
export type { LaunchApp, LaunchAppOptions, ShellFixtureOptions } from './fixtures/other-apps.js';
export type { RecordingMode } from './evidence/evidence.js';
export { TmuxAppHandle } from './fixtures/app-handle.js';
export type { TmuxAppFixtureOptions } from './fixtures/app-handle.js';
export { AgentHandle } from './agent-handle.js';
export type { AgentRunOptions, AgentRunResult, EmitOutcome } from './agent-handle.js';
export type { AgentFixtureOptions } from './options.js';
export type { ScreenshotOptions, ScreenTextOptions, ToShowTextOptions } from './options.js';
export type { LocatorAssertionOptions } from './matchers/locator-matchers.js';
export type { StateAssertionOptions } from './matchers/state-matchers.js';
export type { RungBellOptions } from './matchers/event-matchers.js';
export type { ColorAssertionOptions } from './options.js';
export type { ColorInput, CursorExpectation, StyleExpectation } from './matchers/state-decide.js';
