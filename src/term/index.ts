/**
 * The terminal's input protocol, pure and table-tested: key names → what tmux sends, mouse reports
 * and their decoding, bracketed paste, the modes an app turns on (mouse tracking, extended keys),
 * the parser state an output fence needs, and the answers to terminal queries tmux does not give.
 * No processes, files or clocks.
 */
export { resolveKeyName, resolveKeyNames } from './keys.js';
export { MOUSE_BUTTONS, MOUSE_MODIFIERS, encodeMouseReport } from './mouse-report.js';
export type { MouseButton, MouseModifier, MouseReportEvent } from './mouse-report.js';
export { MOUSE_MODES_OFF, applyMouseMode } from './mouse-modes.js';
export { applyDisableModifyKeys, applyModifyKeys } from './extended-keys.js';
export { decodeInput, MOUSE_MOTION } from './input-events.js';
export type { InputEvent } from './input-events.js';
export { endsInGround } from './ground-state.js';
export { pasteBytes } from './paste.js';
export { textKeystrokes, typedBytes } from './keystrokes.js';
export { decideKeyRead } from './key-read.js';
export type { KeyReadDecision, KeyReadFacts, ReadCount } from './key-read.js';
export { endsInQuery } from './pending-query.js';
export { QueryScanner, TerminalAnswers, encodeModeReport, formatXColor } from './queries.js';
export type { ModeState, ScannedAt, ScannedSequence, StringTerminator } from './queries.js';
