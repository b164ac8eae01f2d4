/**
 * The app's mouse modes after a DECSET/DECRST or RIS, as xterm sets them (xterm-410 charproc.c:
 * `dpmodes` with `set_mousemode` → `really_set_mousemode`, and `ReallyReset`). Pure.
 */
import type { MouseEncoding, MouseModes, MouseTracking } from '../snapshot.js';

/** Reporting off, default encoding: a new terminal's modes, and what RIS (`ESC c`) leaves. */
export const MOUSE_MODES_OFF: MouseModes = Object.freeze({ tracking: 'none', encoding: 'default' });

/**
 * DECSET parameters of the tracking modes. 1001 (highlight tracking) is a tracking mode too: it
 * replaces the others, but needs a cooperating app and is not reported here, so it reads `none`.
 */
const TRACKING: ReadonlyMap<number, MouseTracking> = new Map([
  [9, 'x10'],
  [1000, 'normal'],
  [1001, 'none'],
  [1002, 'button'],
  [1003, 'any'],
]);

/**
 * DECSET parameters of the encodings. 1016 (SGR with pixel positions) is not tracked: an app that
 * sets it after 1006 is still sent SGR reports in cells.
 */
const ENCODING: ReadonlyMap<number, MouseEncoding> = new Map([
  [1005, 'utf8'],
  [1006, 'sgr'],
  [1015, 'urxvt'],
]);

/**
 * The modes after one DECSET (`set` true) or DECRST of `param`, as xterm does it: setting a
 * tracking mode replaces the current one, and resetting any tracking mode turns reporting off,
 * whichever mode was on (`send_mouse_pos = enabled ? mode : MOUSE_OFF`). The encodings are
 * mutually exclusive too: setting one replaces the current one, but a reset is "only effective
 * against the matching mode" (charproc.c). Other parameters leave the modes as they are.
 */
export function applyMouseMode(modes: MouseModes, param: number, set: boolean): MouseModes {
  const tracking = TRACKING.get(param);
  if (tracking !== undefined) return { ...modes, tracking: set ? tracking : 'none' };
  const encoding = ENCODING.get(param);
  if (encoding === undefined) return modes;
  if (set) return { ...modes, encoding };
  return modes.encoding === encoding ? { ...modes, encoding: 'default' } : modes;
}
