/** The composition root: `TmuxApp` wires host → screen and renders and records on request. */
export { TmuxApp } from './tmux-app.js';
export { checkPattern } from './options.js';
export type { ExitStatus, StableOptions, StableResult, TmuxAppOptions } from './tmux-app.js';
export type { ReadyRule } from './ready.js';
export { Mouse } from './mouse.js';
export type { CellPosition, MouseActionOptions, MouseButton, MouseModifier } from './mouse.js';
