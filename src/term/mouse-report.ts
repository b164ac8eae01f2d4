/**
 * Mouse reports: the bytes a terminal sends an app for a mouse event, in the modes the app turned
 * on, exactly as xterm sends them (xterm ctlseqs, "Mouse Tracking"; xterm-410 button.c
 * `SendMousePosition`, `EditorButton`, `BtnCode`, `EmitButtonCode`, `EmitMousePosition`). Pure.
 */
import type { MouseModes } from '../snapshot.js';

/** A mouse button, as Playwright names them: xterm's buttons 1, 2 and 3. */
export type MouseButton = 'left' | 'middle' | 'right';

/** A modifier held during a mouse event, as Playwright names them (Alt is xterm's Meta). */
export type MouseModifier = 'Shift' | 'Alt' | 'Control';

/** One mouse event at a cell (0-based `col`, `row`), with the modifiers held. */
export type MouseReportEvent =
  | { kind: 'press' | 'release'; button: MouseButton; col: number; row: number; modifiers: readonly MouseModifier[] }
  /** The pointer entered a cell; the report names the lowest held button, as xterm's `FirstBitN`. */
  | { kind: 'motion'; col: number; row: number; modifiers: readonly MouseModifier[] }
  /** One wheel notch: xterm's button 4 (`up`) or 5 (`down`). */
  | { kind: 'wheel'; direction: 'up' | 'down'; col: number; row: number; modifiers: readonly MouseModifier[] };

/** Every button in xterm's order: its index is the button's code (0, 1, 2). */
export const MOUSE_BUTTONS: readonly MouseButton[] = ['left', 'middle', 'right'];

/** Every modifier, with the value it adds to the button code (ctlseqs: 4 = Shift, 8 = Meta, 16 = Control). */
export const MOUSE_MODIFIERS: ReadonlyMap<MouseModifier, number> = new Map([
  ['Shift', 4],
  ['Alt', 8],
  ['Control', 16],
]);

/** Highest position (0-based) the default encoding can send as one byte plus one past-end marker: 255 - 32. */
const DEFAULT_LIMIT = 223;
/** Highest position the UTF-8 encoding (1005) can send: 2047 - 32. */
const UTF8_LIMIT = 2015;
/** First position the UTF-8 encoding sends as two bytes: 127 - 32. */
const UTF8_TWO_BYTES = 95;
/** Code of a release in the encodings that do not name the button (all but SGR). */
const RELEASE = 3;
/** Added to the code of a motion report. */
const MOTION = 32;
/** Added to the code of a wheel button (4 → 64, 5 → 65). */
const WHEEL = 64;

/**
 * The report a terminal in `modes` sends for `event`, or undefined when it sends none:
 * - tracking `none`: nothing;
 * - `x10` (9): presses only, `CSI M Cb Cx Cy` with no modifiers; no release, motion or wheel;
 * - `normal` (1000): presses, releases (code 3; SGR keeps the button and ends with `m`) and wheel
 *   notches (64 up, 65 down; never a release), with +4 Shift, +8 Alt (Meta), +16 Control;
 * - `button` (1002): those and motion (+32) while `held` has a button, coded with the lowest one;
 * - `any` (1003): motion without a button too (code 3 + 32).
 *
 * Encodings (`Cb`, `Cx`, `Cy` are the code + 32 and the 1-based position + 32, as bytes):
 * - `default`: `ESC [ M Cb Cx Cy`. Positions past xterm's limit are clamped to it (0-based 223),
 *   which xterm sends as the byte 0 ("a past-end marker", button.c): column 222 is 0xFF, every
 *   column from 223 on is 0x00;
 * - `utf8` (1005): the same, but positions from 95 on as two-byte UTF-8 of position + 33, up to
 *   2015 (then 0x00 as above);
 * - `sgr` (1006): `ESC [ < b ; x ; y M` (press, motion, wheel) or `m` (release), b without the 32;
 * - `urxvt` (1015): `ESC [ Cb ; x ; y M`, Cb in decimal with the 32.
 * @param held Buttons down as the event happens (for motion; a press or release does not need it).
 */
export function encodeMouseReport(modes: MouseModes, event: MouseReportEvent, held: readonly MouseButton[]): Uint8Array | undefined {
  const code = buttonCode(modes, event, held);
  if (code === undefined) return undefined;
  const final = modes.encoding === 'sgr' && event.kind === 'release' ? 'm' : 'M';
  const { col, row } = event;
  switch (modes.encoding) {
    case 'default':
    case 'utf8':
      return Uint8Array.from([0x1b, 0x5b, 0x4d, 32 + code, ...position(modes.encoding, col), ...position(modes.encoding, row)]);
    case 'sgr':
      return ascii(`\x1b[<${code};${col + 1};${row + 1}${final}`);
    case 'urxvt':
      return ascii(`\x1b[${32 + code};${col + 1};${row + 1}M`);
  }
}

/** The event's code without the 32 (`BtnCode` − 32), or undefined when the tracking mode does not report it. */
function buttonCode({ tracking, encoding }: MouseModes, event: MouseReportEvent, held: readonly MouseButton[]): number | undefined {
  if (tracking === 'none') return undefined;
  if (tracking === 'x10') return event.kind === 'press' ? MOUSE_BUTTONS.indexOf(event.button) : undefined;
  const modifiers = event.modifiers.reduce((sum, modifier) => sum | (MOUSE_MODIFIERS.get(modifier) ?? 0), 0);
  switch (event.kind) {
    case 'press':
      return MOUSE_BUTTONS.indexOf(event.button) + modifiers;
    case 'release':
      return (encoding === 'sgr' ? MOUSE_BUTTONS.indexOf(event.button) : RELEASE) + modifiers;
    case 'wheel':
      return WHEEL + (event.direction === 'up' ? 0 : 1) + modifiers;
    case 'motion': {
      if (tracking === 'normal') return undefined;
      const lowest = MOUSE_BUTTONS.find((button) => held.includes(button));
      if (lowest === undefined && tracking === 'button') return undefined;
      return MOTION + (lowest === undefined ? RELEASE : MOUSE_BUTTONS.indexOf(lowest)) + modifiers;
    }
  }
}

/**
 * One 0-based position as `EmitMousePosition` sends it in the byte encodings: clamped to the
 * encoding's limit, the limit itself as the byte 0; UTF-8 from 95 on as two bytes.
 */
function position(encoding: 'default' | 'utf8', value: number): number[] {
  const limit = encoding === 'default' ? DEFAULT_LIMIT : UTF8_LIMIT;
  if (value >= limit) return [0];
  if (encoding === 'default' || value < UTF8_TWO_BYTES) return [32 + value + 1];
  const encoded = 32 + value + 1;
  return [0xc0 + (encoded >> 6), 0x80 + (encoded & 0x3f)];
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
