/**
 * `tmux-shot`: run terminal apps in a private tmux server, drive them, read their screen, and
 * draw it as PNG or GIF. The Vitest fixtures and matchers are in `tmux-shot/vitest`.
 * @example
 *   import { TmuxApp } from 'tmux-shot';
 *   const app = await TmuxApp.start({ command: ['vim', 'notes.txt'], cols: 100, rows: 30 });
 *   try {
 *     await app.type('ihello');
 *     await app.waitForText('hello');
 *     const png = await app.screenshot();
 *   } finally {
 *     await app.close(); // or `await using app = …` where the runtime supports it
 *   }
 */
export { Mouse, Shell, SHELL_NAMES, TmuxApp } from './app/index.js';
export type { AttachOptions, CommandResult, RunOptions, ShellApp, ShellName, ShellOptions, TrackShellWait } from './app/index.js';
export type { MouseActionOptions, MouseButton, MouseModifier } from './app/index.js';
export type { ExitStatus, ReadyRule, ScreenOptions, StableResult, TmuxAppOptions, WaitForTextOptions } from './app/index.js';
export type { Locator } from './app/index.js';
export type { AppStep, AppStepKind, PauseOptions, TmuxTarget } from './app/index.js';
export type { GetByTextOptions, LocatorActionOptions, LocatorWaitOptions, RegionOptions } from './app/index.js';
export { TmuxServer } from './host/index.js';
export type { TmuxServerOptions } from './host/index.js';
export * from './errors.js';
export type { CellPosition, CellRect, RgbaImage, Rgb, Size } from './geometry.js';
export type { Deadline, StableOptions } from './wait.js';
export { ScreenModel, findText, normalizeText, screensEqual, snapshotText } from './screen/index.js';
export type { ClipboardWrite, DesktopNotification, ScreenModelOptions, SnapshotOptions, TerminalEvents, TextMatch } from './screen/index.js';
export type {
  Cell,
  Color,
  Cursor,
  CursorShape,
  MouseEncoding,
  MouseModes,
  MouseTracking,
  ScreenSnapshot,
  TerminalMode,
  TerminalModes,
  UnderlineStyle,
} from './snapshot.js';
export {
  DARK_THEME,
  LIGHT_THEME,
  cellMetrics,
  encodePng,
  readPngText,
  renderPng,
  renderScreen,
  rendererFingerprint,
  tofuCodePoints,
} from './render/index.js';
export type { CellMetrics, RenderOptions, Theme } from './render/index.js';
export { createTimeline, encodeGif, formatAsciicast, parseAsciicast } from './record/index.js';
export type { RecordOptions, Timeline } from './record/index.js';
export { AgentRunner } from './agent-runner.js';
export { createClient, scriptedModel, toolCall } from './agent/index.js';
export type {
  AgentResult,
  AgentRunnerOptions,
  AgentTranscript,
  CassetteMode,
  CassetteStore,
  ChatClient,
  Driver,
  TranscriptShot,
  TranscriptToolCall,
  TranscriptTurn,
} from './agent/index.js';
