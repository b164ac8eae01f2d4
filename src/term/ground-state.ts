/**
 * Whether a terminal's output ends between sequences: the state the terminal's parser is in
 * after it, by the DEC/ANSI parser of Paul Williams' "A parser for DEC's ANSI-compatible video
 * terminals" (vt100.net/emu/dec_ansi_parser), which tmux's input.c and xterm.js follow. Pure.
 *
 * An output fence (`fenceBytes`) is written to the pane's terminal between the app's bytes: if the
 * app's output stopped inside a sequence (`ESC [ ? 1` of `ESC [ ? 1 h`), tmux would parse the
 * fence as part of it and break both (its screen and its key modes go wrong), so the fence is
 * written only when the output ends in the ground state.
 *
 * Followed here: ESC starts a sequence anywhere (aborting one in progress); CAN (0x18) and SUB
 * (0x1a) abort any; other C0 controls inside a control sequence or an escape sequence are
 * executed and do not end it; a CSI (`ESC [`) ends with a final byte 0x40–0x7e after parameters
 * (0x30–0x3f) and intermediates (0x20–0x2f); an escape sequence ends with a final byte 0x30–0x7e
 * after intermediates; an OSC (`ESC ]`) and tmux's window name (`ESC k`, screen's title) end with
 * BEL or ST (`ESC \`); a DCS (`ESC P`), SOS (`ESC X`), PM (`ESC ^`) and APC (`ESC _`) only with ST;
 * and in the ground state a UTF-8 character cut short (a lead byte without all its continuation
 * bytes) is not yet ground. 8-bit C1 controls (0x80–0x9f) are not controls: tmux and xterm.js read
 * the stream as UTF-8.
 */

/** The parser's states, merged where the ending rule is the same. */
type State = 'ground' | 'escape' | 'csi' | 'string-bel' | 'string-st';

/** ESC, BEL, CAN, SUB. */
const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;

/** What the byte after ESC starts: a CSI, a string, or (anything else) an escape sequence. */
const AFTER_ESCAPE: Readonly<Record<number, State>> = {
  91: 'csi', // [
  93: 'string-bel', // ] OSC
  107: 'string-bel', // k: tmux's window name
  80: 'string-st', // P DCS
  88: 'string-st', // X SOS
  94: 'string-st', // ^ PM
  95: 'string-st', // _ APC
};

/**
 * Whether a terminal that parsed `bytes` from the ground state is back in it after them: no
 * escape, control or string sequence open, no UTF-8 character cut short.
 */
export function endsInGround(bytes: Uint8Array): boolean {
  let state: State = 'ground';
  /** Continuation bytes a UTF-8 character still needs, in the ground state. */
  let pending = 0;
  for (const byte of bytes) {
    if (byte === CAN || byte === SUB) {
      state = 'ground';
      pending = 0;
    } else if (byte === ESC) {
      state = 'escape'; // in a string too: ST is ESC and the final byte `\`
      pending = 0;
    } else if (state === 'ground') {
      pending = utf8Pending(byte, pending);
    } else if (state === 'string-bel' || state === 'string-st') {
      if (byte === BEL && state === 'string-bel') state = 'ground';
    } else if (byte < 0x20 || byte === 0x7f) {
      // executed (C0) or ignored (DEL): the sequence goes on
    } else if (state === 'escape') {
      state = nextAfterEscape(byte);
    } else if (byte >= 0x40 && byte <= 0x7e) {
      state = 'ground'; // a CSI's final byte
    }
  }
  return state === 'ground' && pending === 0;
}

/** The state after ESC and `byte` (not ESC, CAN, SUB nor a C0 control). */
function nextAfterEscape(byte: number): State {
  const starts = AFTER_ESCAPE[byte];
  if (starts !== undefined) return starts;
  if (byte >= 0x20 && byte <= 0x2f) return 'escape'; // an intermediate: the final byte is still to come
  return 'ground';
}

/** Continuation bytes still needed after `byte`, when `pending` were needed before it. */
function utf8Pending(byte: number, pending: number): number {
  if (byte >= 0x80 && byte <= 0xbf) return Math.max(0, pending - 1);
  if (byte >= 0xc2 && byte <= 0xdf) return 1;
  if (byte >= 0xe0 && byte <= 0xef) return 2;
  if (byte >= 0xf0 && byte <= 0xf4) return 3;
  return 0; // ASCII, or a byte that is never part of UTF-8: no character is open
}
