/**
 * The terminal's answers that tmux 3.3a does not give: an app's palette queries (OSC 4) and mode
 * queries (DECRQM), found in its output and answered as xterm answers them. Pure: the screen's
 * modes and the theme's colours come in as data.
 *
 * What tmux 3.3a answers itself, from a pane (input.c), is never answered here: DA1
 * (`ESC [ ? 1 ; 2 c`), DA2 (`ESC [ > 84 ; 0 ; 0 c`), XTVERSION (`ESC P > | tmux 3.3a ESC \`), DSR
 * 5 and 6 (status, cursor position), `CSI 18 t` (text area size), and OSC 10/11/12 (foreground,
 * background, cursor colour) once the pane's `window-style` and `cursor-colour` hold the theme's
 * colours (see `paneColoursCommands` in host/). Its OSC 4 answer is malformed (`ESC ] 4 ; rgb:…`,
 * without the index) and comes only for an index below 8 the app set itself, and only for the first
 * query of a sequence (`input_osc_4`, which `continue`s past the rest): {@link tmuxAnswersPalette}
 * says when, so that such a query is not answered twice.
 *
 * The kitty keyboard query (`CSI ? u`) gets no answer, from tmux or here, as from every terminal
 * without that protocol: apps send DA1 after it, and DA1's answer tells them.
 */
import type { Rgb } from '../geometry.js';
import type { Cursor, MouseModes, TerminalModes } from '../snapshot.js';

/** How an OSC string ended: BEL (0x07) or ST (`ESC \`). xterm and tmux answer with the same. */
export type StringTerminator = 'bel' | 'st';

/** A sequence of an app's output that the answers depend on, as {@link QueryScanner} finds it. */
export type ScannedSequence =
  /** OSC 4 (palette: set and query) or OSC 104 (palette reset), with its text after `4;` or `104;`. */
  | { readonly kind: 'osc'; readonly command: 4 | 104; readonly data: string; readonly terminator: StringTerminator }
  /** DECRQM, `CSI ? Pd $ p` (a DEC private mode, `dec`) or `CSI Pd $ p` (an ANSI mode). */
  | { readonly kind: 'decrqm'; readonly mode: number; readonly dec: boolean }
  /** RIS (`ESC c`), which resets the palette. */
  | { readonly kind: 'ris' };

/** A sequence found in a chunk, and where it ends: the offset just after its last byte in that chunk. */
export interface ScannedAt {
  readonly sequence: ScannedSequence;
  readonly end: number;
}

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
/** Longest OSC text kept, in bytes: 256 palette queries (`255;?;` each) fit; longer strings are not queries. */
const MAX_OSC_BYTES = 2048;

type ScanState = 'ground' | 'escape' | 'escape-intermediate' | 'csi' | 'osc' | 'string' | 'dcs' | 'dcs-escape';

/**
 * Finds, in an app's output fed chunk by chunk, the sequences {@link TerminalAnswers} acts on, as
 * tmux 3.3a's input.c parses them (its state tables): ESC starts a sequence anywhere and ends an OSC
 * (answered then with ST) or an APC, SOS, PM or window name (`ESC k`); CAN and SUB abort any of
 * these; C0 controls inside a CSI are executed and do not end it; BEL ends an OSC; a DCS ends only
 * with `ESC \` (its text, ESC included, is never read as sequences). Sequences may be split across
 * chunks.
 */
export class QueryScanner {
  #state: ScanState = 'ground';
  /**
   * How far the CSI so far reads as a DECRQM (`?`, then digits, then `$`), without keeping its
   * text: 'start', 'private' (after `?`), 'digits', 'dollar', or 'other' (no DECRQM).
   */
  #csi: 'start' | 'private' | 'digits' | 'dollar' | 'other' = 'start';
  #csiDec = false;
  #csiMode = 0;
  #osc: number[] = [];
  /** The OSC is longer than {@link MAX_OSC_BYTES}: no query, skipped to its end. */
  #oscTooLong = false;

  /** The sequences that end in `bytes`, in order, each with its end offset in `bytes`. */
  scan(bytes: Uint8Array): ScannedAt[] {
    const found: ScannedAt[] = [];
    for (let i = 0; i < bytes.length; i++) {
      if (this.#state === 'ground' || this.#state === 'string' || this.#state === 'dcs') {
        // Only ESC starts or ends anything here (CAN and SUB would lead back to the ground): skip to it at memchr speed.
        i = bytes.indexOf(ESC, i);
        if (i < 0) break;
      }
      const sequence = this.#step(bytes[i] as number);
      if (sequence) found.push({ sequence, end: i + 1 });
    }
    return found;
  }

  #step(byte: number): ScannedSequence | undefined {
    const state = this.#state;
    if (state === 'dcs' || state === 'dcs-escape') {
      this.#state = byte === ESC ? 'dcs-escape' : state === 'dcs-escape' && byte === 0x5c ? 'ground' : 'dcs';
      return undefined;
    }
    if (byte === CAN || byte === SUB) {
      this.#state = 'ground';
      return undefined;
    }
    if (byte === ESC) {
      this.#state = 'escape';
      return state === 'osc' ? this.#endOsc('st') : undefined;
    }
    switch (state) {
      case 'osc':
        if (byte === BEL) {
          this.#state = 'ground';
          return this.#endOsc('bel');
        }
        if (this.#osc.length < MAX_OSC_BYTES) this.#osc.push(byte);
        else this.#oscTooLong = true;
        return undefined;
      case 'csi':
        return this.#stepCsi(byte);
      case 'escape':
      case 'escape-intermediate':
        return this.#stepEscape(byte, state === 'escape-intermediate');
      default: // ground, or an APC, SOS, PM or window name: nothing to find until ESC
        return undefined;
    }
  }

  #stepEscape(byte: number, afterIntermediate: boolean): ScannedSequence | undefined {
    if (byte < 0x20 || byte === 0x7f) return undefined; // executed or ignored: the sequence goes on
    if (byte <= 0x2f) {
      this.#state = 'escape-intermediate';
      return undefined;
    }
    this.#state = afterIntermediate ? 'ground' : (AFTER_ESCAPE[byte] ?? 'ground');
    this.#csi = 'start';
    this.#osc = [];
    this.#oscTooLong = false;
    return !afterIntermediate && byte === 0x63 ? { kind: 'ris' } : undefined;
  }

  #stepCsi(byte: number): ScannedSequence | undefined {
    if (byte < 0x20 || byte === 0x7f) return undefined;
    if (byte >= 0x40 && byte <= 0x7e) {
      this.#state = 'ground';
      const decrqm = byte === 0x70 && this.#csi === 'dollar'; // p
      return decrqm ? { kind: 'decrqm', mode: this.#csiMode, dec: this.#csiDec } : undefined;
    }
    const digit = byte >= 0x30 && byte <= 0x39;
    const shape = this.#csi;
    if (shape === 'start' && byte === 0x3f) {
      this.#csi = 'private';
      this.#csiDec = true;
    } else if (digit && (shape === 'start' || shape === 'private')) {
      this.#csi = 'digits';
      this.#csiDec = shape === 'private';
      this.#csiMode = byte - 0x30;
    } else if (digit && shape === 'digits' && this.#csiMode < 10000) {
      this.#csiMode = this.#csiMode * 10 + byte - 0x30;
    } else {
      this.#csi = shape === 'digits' && byte === 0x24 ? 'dollar' : 'other'; // $
    }
    return undefined;
  }

  /** The OSC just ended: a palette query or reset, or nothing of ours. */
  #endOsc(terminator: StringTerminator): ScannedSequence | undefined {
    if (this.#oscTooLong) return undefined;
    const text = String.fromCharCode(...this.#osc);
    const match = /^(4|104)(?:;|$)/.exec(text);
    if (!match) return undefined;
    const command = match[1] === '4' ? 4 : 104;
    return { kind: 'osc', command, data: text.slice(match[0].length), terminator };
  }
}

/** The state each byte after ESC starts (any other: an escape sequence, now complete). */
const AFTER_ESCAPE: Readonly<Record<number, ScanState>> = {
  91: 'csi', // [
  93: 'osc', // ]
  80: 'dcs', // P
  88: 'string', // X: SOS
  94: 'string', // ^: PM
  95: 'string', // _: APC
  107: 'string', // k: tmux's window name
};

/** What a DECRQM answer reads: the screen's modes, mouse modes and cursor at the query. */
export interface ModeState {
  readonly modes: TerminalModes;
  readonly mouse: MouseModes;
  readonly cursor: Pick<Cursor, 'visible' | 'blinking'>;
}

/**
 * DEC private modes DECRQM answers "set" or "reset" for (xterm ctlseqs, "Request DEC private mode"),
 * read from the screen model: the modes apps probe (synchronized output, bracketed paste, focus,
 * mouse tracking and its encodings, the alternate screen, cursor keys, cursor blinking). Every other
 * mode is "not recognized" (0), as tmux-shot does not implement it (grapheme clusters 2027,
 * colour-scheme updates 2031, in-band resize 2048, SGR pixel mouse 1016…).
 */
const DEC_MODES: ReadonlyMap<number, (state: ModeState) => boolean> = new Map([
  [1, (s) => s.modes.applicationCursorKeys],
  [6, (s) => s.modes.originMode],
  [7, (s) => s.modes.autoWrap],
  [9, (s) => s.mouse.tracking === 'x10'],
  [12, (s) => s.cursor.blinking],
  [25, (s) => s.cursor.visible],
  [47, (s) => s.modes.alternateScreen],
  [66, (s) => s.modes.applicationKeypad],
  [1000, (s) => s.mouse.tracking === 'normal'],
  [1002, (s) => s.mouse.tracking === 'button'],
  [1003, (s) => s.mouse.tracking === 'any'],
  [1004, (s) => s.modes.focusEvents],
  [1005, (s) => s.mouse.encoding === 'utf8'],
  [1006, (s) => s.mouse.encoding === 'sgr'],
  [1015, (s) => s.mouse.encoding === 'urxvt'],
  [1047, (s) => s.modes.alternateScreen],
  [1049, (s) => s.modes.alternateScreen],
  [2004, (s) => s.modes.bracketedPaste],
  [2026, (s) => s.modes.synchronizedOutput],
]);

/** ANSI modes DECRQM answers for: insert (IRM, 4). */
const ANSI_MODES: ReadonlyMap<number, (state: ModeState) => boolean> = new Map([[4, (s) => s.modes.insertMode]]);

/**
 * DECRPM, the answer to DECRQM: `CSI ? Pd ; Ps $ y` (or without `?` for an ANSI mode), where Ps is
 * 1 (set), 2 (reset) or 0 (not recognized), as xterm answers (ctlseqs "Request ANSI mode" and
 * "Request DEC private mode").
 */
export function encodeModeReport(mode: number, dec: boolean, state: ModeState): string {
  const read = (dec ? DEC_MODES : ANSI_MODES).get(mode);
  const value = read === undefined ? 0 : read(state) ? 1 : 2;
  return `\x1b[${dec ? '?' : ''}${mode};${value}$y`;
}

/** An OSC colour answer's body as xterm writes it: `rgb:rrrr/gggg/bbbb`, each 8-bit channel doubled to 16 bits. */
export function formatXColor(color: Rgb): string {
  const channel = (value: number) => value.toString(16).padStart(2, '0').repeat(2);
  return `rgb:${channel(color.r)}/${channel(color.g)}/${channel(color.b)}`;
}

/**
 * A colour as OSC 4 sets it, in the forms of XParseColor that carry the value: `rgb:r/g/b` with 1–4
 * hex digits a channel and `#rgb`, `#rrggbb`, `#rrrgggbbb`, `#rrrrggggbbbb` (the most significant
 * digits). Undefined for a colour name (`red`), which needs X11's colour database.
 */
export function parseXColor(spec: string): Rgb | undefined {
  const scale = (hex: string) => Math.round((Number.parseInt(hex, 16) * 255) / (16 ** hex.length - 1));
  const rgb = /^rgb:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})$/i.exec(spec);
  if (rgb) return { r: scale(rgb[1] as string), g: scale(rgb[2] as string), b: scale(rgb[3] as string) };
  const sharp = /^#((?:[0-9a-f]{3}){1,4})$/i.exec(spec);
  if (!sharp) return undefined;
  const digits = (sharp[1] as string).length / 3;
  const part = (n: number) =>
    Number.parseInt(
      (sharp[1] as string)
        .slice(n * digits, n * digits + digits)
        .padEnd(2, '0')
        .slice(0, 2),
      16,
    );
  return { r: part(0), g: part(1), b: part(2) };
}

/**
 * Whether tmux 3.3a answers palette query `index` itself, as the first query of an OSC 4
 * (input.c `input_osc_4` → `colour_palette_get`): when the app set that colour, for an index
 * below 8, or 90–97, which tmux reads as 8–15. `set` holds the indices the app set.
 */
export function tmuxAnswersPalette(index: number, set: ReadonlySet<number>): boolean {
  if (index < 8) return set.has(index);
  return index >= 90 && index <= 97 && set.has(index - 82);
}

/**
 * Answers an app's palette and mode queries in the order its output asks them, as xterm would,
 * except those tmux answers itself: palette colours 0–15 from the theme (or what the app set with
 * OSC 4, until OSC 104 or RIS resets it), 16–255 from xterm's 256-colour table, each query of an
 * OSC 4 answered by its own `OSC 4 ; n ; rgb:rrrr/gggg/bbbb` with the query's terminator; DECRQM from
 * the screen's modes (see {@link encodeModeReport}).
 * @example
 *   const answers = new TerminalAnswers((index) => paletteColor(index, DARK_THEME));
 *   answers.answer({ kind: 'osc', command: 4, data: '1;?', terminator: 'bel' }); // '\x1b]4;1;rgb:cccc/0000/0000\x07'
 */
export class TerminalAnswers {
  readonly #colorOf: (index: number) => Rgb;
  /** Colours the app set (undefined: a colour name we cannot read), by palette index. */
  readonly #set = new Map<number, Rgb | undefined>();

  /** @param colorOf Colour `index` (0–255) of the theme's 256-colour palette. */
  constructor(colorOf: (index: number) => Rgb) {
    this.#colorOf = colorOf;
  }

  /**
   * The answer to `sequence`, or undefined when it asks nothing or tmux answers it. Palette sets and
   * resets are applied.
   * @param state The screen as of the end of `sequence`; only a DECRQM reads it (asked for lazily).
   */
  answer(sequence: ScannedSequence, state: () => ModeState): string | undefined {
    if (sequence.kind === 'ris') this.#set.clear();
    if (sequence.kind === 'decrqm') return encodeModeReport(sequence.mode, sequence.dec, state());
    if (sequence.kind !== 'osc') return undefined;
    if (sequence.command === 104) {
      this.#resetPalette(sequence.data);
      return undefined;
    }
    return this.#palette(sequence.data, sequence.terminator);
  }

  /** OSC 4's `index;spec` pairs, as xterm reads them: up to the first malformed index. */
  #palette(data: string, terminator: StringTerminator): string | undefined {
    const parts = data.split(';');
    const end = terminator === 'bel' ? '\x07' : '\x1b\\';
    let answers = '';
    let queried = false;
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const index = /^\d{1,3}$/.test(parts[i] as string) ? Number(parts[i]) : 256;
      if (index > 255) break;
      const spec = parts[i + 1] as string;
      if (spec !== '?') {
        this.#set.set(index, parseXColor(spec));
        continue;
      }
      const tmuxAnswers = !queried && tmuxAnswersPalette(index, new Set(this.#set.keys()));
      queried = true;
      if (!tmuxAnswers) answers += `\x1b]4;${index};${formatXColor(this.#set.get(index) ?? this.#colorOf(index))}${end}`;
    }
    return answers || undefined;
  }

  /** OSC 104: every colour back to the theme's, or those listed. */
  #resetPalette(data: string): void {
    if (data === '') this.#set.clear();
    for (const index of data.split(';')) this.#set.delete(Number(index));
  }
}
