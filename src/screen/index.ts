/** The live screen model and pure helpers over its snapshots. */
export { ScreenModel, cellWidth } from './terminal.js';
export type { ScreenModelOptions, SnapshotOptions } from './terminal.js';
export type { ClipboardWrite, DesktopNotification, TerminalEvents } from './terminal-events.js';
export { visibleScreen } from './viewport.js';
export { findAllText, findText, formatPattern, formatScreenBlock, formatWithScreen, matchCells, rectText, snapshotText } from './text.js';
export type { FindAllTextOptions, TextMatch } from './text.js';
export { screensEqual } from './screens-equal.js';
export { DEFAULT_TEXT_MASKS, MASK_TOKEN, normalizeText } from './normalize.js';
export { decodeScreen, encodeScreen, SCREEN_TEXT_KEY } from './screen-codec.js';
