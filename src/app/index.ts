/** The composition root: `TmuxApp` wires host → screen and renders and records on request. */
export { TmuxApp } from './tmux-app.js';
export { checkPattern } from './options.js';
export type { ExitStatus, StableOptions, StableResult, TmuxAppOptions } from './tmux-app.js';
export type { ReadyRule } from './ready.js';
export { Locator, locatorInternals, locatorTarget } from './locator.js';
export type { LocatorInternals, LocatorWaitOptions } from './locator.js';
export { formatMatches } from './locator-query.js';
export type { CellPosition, GetByTextOptions, RegionOptions } from './locator-query.js';
