/**
 * The bytes an app received → what the user did: text, named keys and mouse reports. It inverts
 * the encodings tmux 3.3a sends an app (input-keys.c `input_key_defaults`, `input_key_extended`,
 * `input_key_mouse`): cursor keys in both cursor-key modes (`ESC [ A`, `ESC O A` under DECCKM),
 * `ESC [ 1 ~`/`ESC [ 4 ~` for Home/End (tmux-256color), F1–F4 as SS3, F5–F12 as `ESC [ n ~`,
 * xterm modifiers (`ESC [ 1 ; m A`, `ESC [ n ; m ~`), C0 controls as `C-x`, an ESC prefix as Meta,
 * extended keys (`ESC [ 13 ; 5 u`), bracketed paste, and SGR (1006) and default (X10-byte) mouse
 * reports. Key names are tmux's, as `resolveKeyName` (keys.ts) returns them. Pure.
 */
import type { MouseButton } from './mouse-report.js';

/** One thing the user did, as the app received it. */
export type InputEvent =
  /** Printable text (a run of it, UTF-8 decoded). */
  | { kind: 'text'; text: string }
  /** A bracketed paste's text (UTF-8 decoded; line breaks as the terminal sent them, CR). */
  | { kind: 'paste'; text: string }
  /** One key, by its tmux name (`Enter`, `Up`, `C-c`, `M-x`, `S-F5`). */
  | { kind: 'key'; key: string }
  /** A mouse button went down or up at a cell (0-based); `button` undefined for an X10-byte release, which names none. */
  | { kind: 'mouse'; action: 'press' | 'release'; button: MouseButton | undefined; col: number; row: number }
  /** Any other mouse report (motion, wheel): kept so that callers can say what they left out. */
  | { kind: 'other'; what: string }
  /**
   * The terminal's answer to a query of the app (tmux writes it into the app's input): a cursor
   * position report (`ESC [ r ; c R`), device attributes (`ESC [ ? … c`, `ESC [ > … c`), a mode
   * report (`ESC [ ? … $ y`), focus (`ESC [ I`, `ESC [ O`), an OSC or DCS string. Not the user's.
   */
  | { kind: 'reply' };

/** Final bytes of `ESC [ … X` and `ESC O X` cursor and F1–F4 keys → tmux names. */
const LETTER_KEYS: ReadonlyMap<string, string> = new Map([
  ['A', 'Up'],
  ['B', 'Down'],
  ['C', 'Right'],
  ['D', 'Left'],
  ['H', 'Home'],
  ['F', 'End'],
  ['P', 'F1'],
  ['Q', 'F2'],
  ['R', 'F3'],
  ['S', 'F4'],
]);

/** Numbers of `ESC [ n ~` keys → tmux names. */
const TILDE_KEYS: ReadonlyMap<number, string> = new Map([
  [1, 'Home'],
  [2, 'IC'],
  [3, 'DC'],
  [4, 'End'],
  [5, 'PPage'],
  [6, 'NPage'],
  [15, 'F5'],
  [17, 'F6'],
  [18, 'F7'],
  [19, 'F8'],
  [20, 'F9'],
  [21, 'F10'],
  [23, 'F11'],
  [24, 'F12'],
]);

/** Single bytes with a name of their own (C0 controls other than these are `C-x`). */
const BYTE_KEYS: ReadonlyMap<number, string> = new Map([
  [0x0d, 'Enter'],
  [0x09, 'Tab'],
  [0x7f, 'BSpace'],
  [0x1b, 'Escape'],
  [0x00, 'C-Space'],
]);

/** Code points of CSI u extended keys with a name (others are the character). */
const EXTENDED_KEYS: ReadonlyMap<number, string> = new Map([
  [13, 'Enter'],
  [9, 'Tab'],
  [27, 'Escape'],
  [127, 'BSpace'],
  [32, 'Space'],
]);

const ESC = 0x1b;
const BRACKETED_PASTE_END = '\x1b[201~';

/** A sequence read at a position: the event and how many bytes it took (undefined: not a sequence). */
type Read = { event: InputEvent; length: number };

/**
 * The events in `bytes`, in order. Printable runs merge into one text event; an ESC that ends
 * `bytes` is the Escape key (tmux writes a key's whole sequence at once, so the caller passes
 * what arrived together: a lone ESC then is the key, not a sequence cut short). An ESC before
 * another key is Meta with it (`M-x`, `C-M-a`, `M-Enter`), as tmux sends Meta.
 */
export function decodeInput(bytes: Uint8Array): InputEvent[] {
  const events: InputEvent[] = [];
  const text: number[] = [];
  const flushText = () => {
    if (text.length === 0) return;
    events.push({ kind: 'text', text: Buffer.from(text).toString('utf8') });
    text.length = 0;
  };
  for (let at = 0; at < bytes.length; ) {
    const byte = bytes[at] as number;
    if (byte >= 0x20 && byte !== 0x7f) {
      text.push(byte);
      at++;
      continue;
    }
    flushText();
    const paste = readPaste(bytes, at);
    if (paste) {
      events.push({ kind: 'paste', text: Buffer.from(paste.text).toString('utf8') });
      at += paste.length;
      continue;
    }
    const read = readSequence(bytes, at);
    events.push(read.event);
    at += read.length;
  }
  flushText();
  return events;
}

/** The key or report starting at `at` (a control byte); always consumes at least one byte. */
function readSequence(bytes: Uint8Array, at: number): Read {
  const byte = bytes[at] as number;
  if (byte !== ESC || at + 1 === bytes.length) return { event: { kind: 'key', key: byteKey(byte) }, length: 1 };
  const next = bytes[at + 1] as number;
  if (next === 0x5b /* [ */) return readCsi(bytes, at) ?? meta(bytes, at);
  if (next === 0x5d /* ] */ || next === 0x50 /* P */) return readString(bytes, at) ?? meta(bytes, at);
  if (next === 0x4f /* O */ && at + 2 < bytes.length) {
    const key = LETTER_KEYS.get(String.fromCharCode(bytes[at + 2] as number));
    if (key) return { event: { kind: 'key', key }, length: 3 };
  }
  return meta(bytes, at);
}

/** ESC then a key: that key with Meta (`M-x`, `C-M-a`); `M-Escape` for two ESCs. */
function meta(bytes: Uint8Array, at: number): Read {
  const inner = readOne(bytes, at + 1);
  if (inner.event.kind !== 'key' && inner.event.kind !== 'text') return { event: { kind: 'key', key: 'Escape' }, length: 1 };
  const name = inner.event.kind === 'text' ? inner.event.text : inner.event.key;
  return { event: { kind: 'key', key: withModifier(name, 'M') }, length: 1 + inner.length };
}

/** One key or one character (UTF-8 sequence) at `at`. */
function readOne(bytes: Uint8Array, at: number): Read {
  const byte = bytes[at] as number;
  if (byte < 0x20 || byte === 0x7f) return readSequence(bytes, at);
  const length = byte < 0xc0 ? 1 : byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : 4;
  return { event: { kind: 'text', text: Buffer.from(bytes.subarray(at, at + length)).toString('utf8') }, length };
}

/** Adds a modifier to a tmux key name in tmux's order (C-, M-, S-): `C-a` + M → `C-M-a`. */
function withModifier(name: string, modifier: 'M'): string {
  return name.startsWith('C-') ? `C-${modifier}-${name.slice(2)}` : `${modifier}-${name}`;
}

/** The name of a lone byte: Enter, Tab, BSpace, Escape, C-Space, else `C-` and its letter (0x01–0x1a) or symbol (`C-\\`, `C-]`, `C-^`, `C-_`). */
function byteKey(byte: number): string {
  return BYTE_KEYS.get(byte) ?? `C-${String.fromCharCode(byte + (byte <= 0x1a ? 0x60 : 0x40))}`;
}

/** A CSI key or mouse report at `at` (`ESC [` seen), or undefined when it is none. */
function readCsi(bytes: Uint8Array, at: number): Read | undefined {
  if (bytes[at + 2] === 0x4d /* M */) return readX10Mouse(bytes, at);
  let end = at + 2;
  // Parameter bytes, then intermediate bytes (`$` of a mode report), then the final byte.
  while (end < bytes.length && (bytes[end] as number) >= 0x30 && (bytes[end] as number) <= 0x3f) end++;
  while (end < bytes.length && (bytes[end] as number) >= 0x20 && (bytes[end] as number) <= 0x2f) end++;
  if (end >= bytes.length) return undefined;
  const params = Buffer.from(bytes.subarray(at + 2, end)).toString('latin1');
  const final = String.fromCharCode(bytes[end] as number);
  const length = end + 1 - at;
  const event = csiEvent(params, final);
  return event && { event, length };
}

/** The event of `ESC [ params final`, or undefined when tmux sends no such key. */
function csiEvent(params: string, final: string): InputEvent | undefined {
  if (params.startsWith('<') && (final === 'M' || final === 'm')) return sgrMouse(params.slice(1), final === 'm');
  if (params === '' && final === 'Z') return { kind: 'key', key: 'BTab' };
  if (isReply(params, final)) return { kind: 'reply' };
  const [first = '', second] = params.split(';');
  const modifiers = modifierPrefix(second);
  if (modifiers === undefined) return undefined;
  if (final === '~') {
    const key = TILDE_KEYS.get(Number(first));
    return key === undefined ? undefined : { kind: 'key', key: `${modifiers}${key}` };
  }
  if (final === 'u') {
    const code = Number(first);
    const key = EXTENDED_KEYS.get(code) ?? (code > 32 ? String.fromCodePoint(code) : undefined);
    return key === undefined ? undefined : { kind: 'key', key: `${modifiers}${key}` };
  }
  const key = LETTER_KEYS.get(final);
  if (!key || (first !== '' && first !== '1')) return undefined;
  return { kind: 'key', key: `${modifiers}${key}` };
}

/**
 * Whether `ESC [ params final` is a terminal's reply, not a key. A cursor position report at row 1,
 * columns 2–8 (`ESC [ 1 ; 5 R`) reads the same as xterm's F3 with modifiers, which tmux 3.3a sends
 * so: it is taken as the report (apps query the cursor far more often than users press C-F3).
 */
function isReply(params: string, final: string): boolean {
  if (final === 'R' && /^\d+;\d+$/.test(params)) return true;
  if (final === 'c' && /^[?>=]/.test(params)) return true;
  if (final === 'y' && params.endsWith('$')) return true;
  return params === '' && (final === 'I' || final === 'O');
}

/** An OSC (`ESC ]`) or DCS (`ESC P`) string ended by BEL or ST (`ESC \\`): a reply; undefined when unterminated. */
function readString(bytes: Uint8Array, at: number): Read | undefined {
  for (let end = at + 2; end < bytes.length; end++) {
    if (bytes[end] === 0x07) return { event: { kind: 'reply' }, length: end + 1 - at };
    if (bytes[end] === ESC && bytes[end + 1] === 0x5c) return { event: { kind: 'reply' }, length: end + 2 - at };
  }
  return undefined;
}

/** xterm's modifier parameter (1 + Shift 1, Alt 2, Control 4) → tmux's prefix (`C-M-S-`); '' without one. */
function modifierPrefix(param: string | undefined): string | undefined {
  if (param === undefined) return '';
  const bits = Number(param) - 1;
  if (!Number.isInteger(bits) || bits < 0 || bits > 7) return undefined;
  return `${bits & 4 ? 'C-' : ''}${bits & 2 ? 'M-' : ''}${bits & 1 ? 'S-' : ''}`;
}

/** `b ; x ; y` of an SGR report (1-based position; `m` ends a release). */
function sgrMouse(params: string, release: boolean): InputEvent | undefined {
  const [code, x, y] = params.split(';').map(Number);
  if (code === undefined || x === undefined || y === undefined || [code, x, y].some((n) => !Number.isInteger(n))) return undefined;
  return mouseEvent(code, release, x - 1, y - 1);
}

/** `ESC [ M Cb Cx Cy`: code and 1-based position plus 32, one byte each. */
function readX10Mouse(bytes: Uint8Array, at: number): Read | undefined {
  if (at + 6 > bytes.length) return undefined;
  const code = (bytes[at + 3] as number) - 32;
  const release = (code & 3) === 3 && (code & 64) === 0 && (code & 32) === 0;
  return { event: mouseEvent(code, release, (bytes[at + 4] as number) - 33, (bytes[at + 5] as number) - 33), length: 6 };
}

/** A report's code → a press or release of a button, or `other` (motion, wheel, modifiers held). */
function mouseEvent(code: number, release: boolean, col: number, row: number): InputEvent {
  if (code & 32) return { kind: 'other', what: MOUSE_MOTION };
  if (code & 64) return { kind: 'other', what: 'mouse wheel' };
  if (code & 28) return { kind: 'other', what: 'mouse click with a modifier' };
  const buttons: (MouseButton | undefined)[] = ['left', 'middle', 'right', undefined];
  return { kind: 'mouse', action: release ? 'release' : 'press', button: buttons[code & 3], col, row };
}

/** The `what` of a motion report (a drag's moves between its press and release). */
export const MOUSE_MOTION = 'mouse motion';

/** Bracketed paste (`ESC [ 200 ~ … ESC [ 201 ~`) at `at`: its text bytes. */
function readPaste(bytes: Uint8Array, at: number): { text: Uint8Array; length: number } | undefined {
  const start = '\x1b[200~';
  if (Buffer.from(bytes.subarray(at, at + start.length)).toString('latin1') !== start) return undefined;
  const end = Buffer.from(bytes).indexOf(BRACKETED_PASTE_END, at + start.length, 'latin1');
  const stop = end === -1 ? bytes.length : end;
  return { text: bytes.subarray(at + start.length, stop), length: (end === -1 ? stop : end + BRACKETED_PASTE_END.length) - at };
}
