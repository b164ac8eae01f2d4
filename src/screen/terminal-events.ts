/**
 * What an app tells the terminal besides drawing: bells, clipboard writes (OSC 52) and desktop
 * notifications (OSC 9, OSC 777). Pure: the screen model hands each BEL and each OSC string's
 * payload to a {@link TerminalEventLog}, which decodes and keeps them.
 */

/**
 * One OSC 52 clipboard write (xterm ctlseqs, "Manipulate Selection Data": `OSC 52 ; Pc ; Pd ST`).
 * @example `ESC ] 52 ; c ; aGVsbG8= BEL` is `{ selection: 'c', text: 'hello' }`.
 */
export interface ClipboardWrite {
  /**
   * The selections written, as the app named them (`Pc`): `c` clipboard, `p` primary, `q`
   * secondary, `s` select, `0`–`7` cut buffers, several at once as `'pc'`. An empty `Pc` is
   * `'s0'`, as xterm reads it.
   */
  readonly selection: string;
  /**
   * The text written: `Pd` decoded from base64 as UTF-8 (invalid sequences become U+FFFD). '' when
   * `Pd` is not base64: xterm then clears the selection.
   */
  readonly text: string;
}

/**
 * One desktop notification: `OSC 9 ; body ST` (iTerm2's "Post a notification"; no title) or
 * `OSC 777 ; notify ; title ; body ST` (rxvt-unicode's notify extension, as foot and Ghostty read it).
 */
export interface DesktopNotification {
  /** The title; '' for OSC 9, which has none. */
  readonly title: string;
  /** The message. */
  readonly body: string;
}

/** What the app told the terminal so far, oldest first (see {@link TerminalEventLog}). */
export interface TerminalEvents {
  /** BEL characters outside strings (xterm's `onBell`): a BEL ending an OSC or DCS string is no bell. */
  readonly bells: number;
  /** OSC 52 writes; queries (`Pd` = `?`) are not writes. At most {@link MAX_TERMINAL_EVENTS}, the oldest dropped. */
  readonly clipboardWrites: readonly ClipboardWrite[];
  /** OSC 9 and OSC 777 notifications. At most {@link MAX_TERMINAL_EVENTS}, the oldest dropped. */
  readonly notifications: readonly DesktopNotification[];
}

/** How many clipboard writes, and how many notifications, a log keeps: an app that floods them cannot fill memory. */
export const MAX_TERMINAL_EVENTS = 1000;

/** No events yet. */
export const NO_TERMINAL_EVENTS: TerminalEvents = Object.freeze({ bells: 0, clipboardWrites: Object.freeze([]), notifications: Object.freeze([]) });

/**
 * The OSC 52 write in `payload` (what follows `52;`), or undefined for a query (`Pd` is `?`) or a
 * payload without the `;` between `Pc` and `Pd`.
 */
export function parseClipboardWrite(payload: string): ClipboardWrite | undefined {
  const split = payload.indexOf(';');
  if (split < 0) return undefined;
  const data = payload.slice(split + 1);
  if (data === '?') return undefined;
  const selection = payload.slice(0, split) || 's0';
  const base64 = /^[A-Za-z0-9+/]*={0,2}$/.test(data) && data.length % 4 !== 1;
  return { selection, text: base64 ? Buffer.from(data, 'base64').toString('utf8') : '' };
}

/**
 * ConEmu's OSC 9 commands (`OSC 9 ; 4 ; st ; pr ST` is progress, `9 ; 9 ; path` the working
 * directory…; ConEmu "ANSI escape codes", 1–12), which Windows Terminal and Ghostty also read:
 * none is a notification.
 */
const CONEMU_COMMAND = /^(?:[1-9]|1[0-2])(?:;|$)/;

/** The notification of an OSC 9 `payload` (what follows `9;`), or undefined for a ConEmu command (progress `4;…`). */
export function parseOsc9(payload: string): DesktopNotification | undefined {
  return CONEMU_COMMAND.test(payload) ? undefined : { title: '', body: payload };
}

/** The notification of an OSC 777 `payload` (what follows `777;`), or undefined for another command than `notify`. */
export function parseOsc777(payload: string): DesktopNotification | undefined {
  const [command, title = '', ...body] = payload.split(';');
  return command === 'notify' ? { title, body: body.join(';') } : undefined;
}

/** Collects what the app told the terminal, fed by the screen model's parser (see `ScreenModel.events`). */
export class TerminalEventLog {
  #bells = 0;
  #clipboardWrites: ClipboardWrite[] = [];
  #notifications: DesktopNotification[] = [];

  /** Counts one BEL. */
  bell(): void {
    this.#bells++;
  }

  /** Takes the payload of one OSC 52. */
  osc52(payload: string): void {
    keep(this.#clipboardWrites, parseClipboardWrite(payload));
  }

  /** Takes the payload of one OSC 9. */
  osc9(payload: string): void {
    keep(this.#notifications, parseOsc9(payload));
  }

  /** Takes the payload of one OSC 777. */
  osc777(payload: string): void {
    keep(this.#notifications, parseOsc777(payload));
  }

  /** What it has collected, as copies. */
  events(): TerminalEvents {
    return { bells: this.#bells, clipboardWrites: [...this.#clipboardWrites], notifications: [...this.#notifications] };
  }
}

function keep<T>(list: T[], item: T | undefined): void {
  if (item === undefined) return;
  list.push(item);
  if (list.length > MAX_TERMINAL_EVENTS) list.shift();
}
