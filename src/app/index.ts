/** The composition root: `TmuxApp` wires host → screen and renders and records on request. */
export { TmuxApp } from './tmux-app.js';
export { checkPattern } from './options.js';
export type { ExitStatus, ScreenOptions, StableOptions, StableResult, TmuxAppOptions, WaitForTextOptions } from './tmux-app.js';
export type { ReadyRule } from './ready.js';
export { Locator, locatorInternals } from './locator.js';
export type { LocatorActionOptions, LocatorInternals, LocatorWaitOptions } from './locator.js';
export type { AppPort } from './port.js';
export { formatMatches } from './locator-query.js';
export type { GetByTextOptions, RegionOptions } from './locator-query.js';
export { Mouse } from './mouse.js';
export type { MouseActionOptions, MouseButton, MouseModifier } from './mouse.js';
export { SH_LINE_LIMIT, Shell, shellAppOptions } from './shell.js';
export type { AttachOptions, CommandResult, RunOptions, ShellApp, ShellOptions, TrackShellWait } from './shell.js';
export { newMarkNonce } from './shell-marks.js';
export { SHELL_NAMES } from './shell-presets.js';
export type { ShellName } from './shell-presets.js';
export { firstLine, formatCall } from './steps.js';
export type { AppStep, AppStepKind } from './steps.js';
