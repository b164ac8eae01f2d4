/** The tmux host: the only code that starts processes. */
export { TmuxServer } from './server.js';
export type { TmuxServerOptions } from './server.js';
export { TmuxSession } from './session.js';
export type { PaneCommand } from './argv.js';
export type { PaneStatus } from './pane-status.js';
export { describeExit } from './pane-status.js';
export { parseExecFailure } from './exec-failure.js';
export type { ExecFailure } from './exec-failure.js';
export type { OutputListener } from './pane-output.js';
export { resolveKeyName, resolveKeyNames } from './keys.js';
export { closestNames } from './suggest.js';
export { describeCommand, formatCommand, formatExecCommand } from './quote.js';
export { MOUSE_BUTTONS, MOUSE_MODIFIERS, encodeMouseReport } from './mouse-report.js';
export type { MouseButton, MouseModifier, MouseReportEvent } from './mouse-report.js';
export { endsInGround } from './ground-state.js';
export { runProcess } from './run-process.js';
export type { ProcessResult, RunProcessOptions } from './run-process.js';
export { attachClient } from './attach-client.js';
