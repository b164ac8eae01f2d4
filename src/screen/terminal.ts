/**
 * The live screen model: an @xterm/headless terminal fed with a pane's raw output. The only file
 * that imports @xterm/headless; everything it hands out is plain data.
 */
import { createRequire } from 'node:module';
import type { IBufferCell, Terminal as XtermTerminal } from '@xterm/headless';
import { SCREEN } from '../defaults.js';
import { TmuxShotError } from '../errors.js';
import { checkSize } from '../geometry.js';
import type { Size } from '../geometry.js';
import { CellReader } from './read-cell.js';
import { BLANK_CELL } from '../snapshot.js';
import type { BufferCellLike } from './read-cell.js';
import type { Cell, Cursor, CursorShape, MouseModes, ScreenSnapshot, TerminalModes } from '../snapshot.js';
import { MOUSE_MODES_OFF, applyDisableModifyKeys, applyModifyKeys, applyMouseMode } from '../term/index.js';
import { snapshotText } from './text.js';
import { TerminalEventLog } from './terminal-events.js';
import type { TerminalEvents } from './terminal-events.js';

interface Xterm {
  Terminal: typeof import('@xterm/headless').Terminal;
  Unicode11Addon: typeof import('@xterm/addon-unicode11').Unicode11Addon;
  /** The Unicode 11 width table the screen model draws with, taken from its addon (which hands it to `register`). */
  widths: { wcwidth(codePoint: number): number };
}
let xterm: Xterm | undefined;

/**
 * Both packages, loaded with require() on first use: they are CommonJS bundles, and importing them
 * from ESM at load time cost ≈ 70 ms of Node scanning them for named exports, on every import of
 * the package (Vitest imports it once per test file).
 */
function loadXterm(): Xterm {
  if (xterm) return xterm;
  const require = createRequire(import.meta.url);
  const { Terminal } = require('@xterm/headless') as typeof import('@xterm/headless');
  const { Unicode11Addon } = require('@xterm/addon-unicode11') as typeof import('@xterm/addon-unicode11');
  let widths: Xterm['widths'] | undefined;
  new Unicode11Addon().activate({ unicode: { register: (registered: typeof widths) => (widths = registered) } } as never);
  xterm = { Terminal, Unicode11Addon, widths: widths! };
  return xterm;
}

/**
 * How many cells the screen gives `codePoint`, by the Unicode 11 widths it draws with: 2 for a
 * wide character (CJK, most emoji), 0 for a combining mark or a control character, else 1.
 */
export function cellWidth(codePoint: number): 0 | 1 | 2 {
  return loadXterm().widths.wcwidth(codePoint) as 0 | 1 | 2;
}

/** Options of {@link ScreenModel}. */
export interface ScreenModelOptions {
  /** Lines kept above the screen, in lines (in snapshots taken with `{ scrollback: true }`; see `SCREEN.scrollback`). @default 1000 */
  scrollback?: number;
}

/** Options of {@link ScreenModel.snapshot}. */
export interface SnapshotOptions {
  /** Include the scrollback above the visible screen (see `ScreenSnapshot.viewportTop`). @default false */
  scrollback?: boolean;
}

/** The terminal internals we use; absent from the public typings, pinned by version and tests. */
interface XtermInternals {
  _core: {
    coreService: {
      isCursorHidden: boolean;
      /** DECSCUSR's shape and blinking (undefined until an app sets them, and after `CSI 0 SP q`: the options then apply). */
      decPrivateModes: { cursorStyle: CursorShape | undefined; cursorBlink: boolean | undefined };
    };
    /** Holds `cursorBlink`, which DECSET/DECRST 12 set, and the default `cursorStyle` ('block'). */
    optionsService: { rawOptions: { cursorStyle: CursorShape; cursorBlink: boolean } };
    /** Parses `data` now, without the timers of the public `write` (see {@link ScreenModel.write}). */
    writeSync(data: Uint8Array): void;
    /** The OSC 8 links of the buffer by the `urlId` of their cells' extended attributes. */
    _oscLinkService: { getLinkData(urlId: number): { uri: string } | undefined };
  };
}

/**
 * A headless xterm that tracks one pane's screen from its output bytes (xterm ctlseqs, Unicode 11
 * widths). Terminal queries (DA, DSR…) are not answered: tmux answers them itself.
 * @example
 *   const model = new ScreenModel({ cols: 80, rows: 24 });
 *   model.write(new TextEncoder().encode('\x1b[1mhello'));
 *   model.text().split('\n')[0]; // 'hello'
 *   model.dispose();
 */
export class ScreenModel {
  readonly #terminal: XtermTerminal;
  readonly #internals: XtermInternals;
  #size: Size;
  /** The time given with the bytes being parsed now. */
  #writingAt = 0;
  /** When the latest synchronized update began (the time of the write that held its `CSI ? 2026 h`). */
  #synchronizedSince = 0;
  /** The app's mouse modes: xterm.js does not track 1005 and 1015, so we track them all. */
  #mouseModes: MouseModes = MOUSE_MODES_OFF;
  /** Whether tmux sends the app extended keys (xterm.js does not follow XTMODKEYS, so we do). */
  #extendedKeys = false;
  /** The title of the latest OSC 0 or 2. */
  #title = '';
  /** Bells, clipboard writes and notifications (see {@link events}). */
  readonly #events = new TerminalEventLog();

  /**
   * @param size Initial size in cells.
   * @throws {ConfigError} when `size` is not whole cells within `TERMINAL.minCols`…`maxRows`.
   * @throws {TmuxShotError} when the installed @xterm/headless lacks the internals we use
   *   (cursor visibility, underline style, OSC 8 links, synchronous parsing): pin the version from package.json.
   */
  constructor(size: Size, options: ScreenModelOptions = {}) {
    checkSize(size.cols, size.rows);
    this.#size = { cols: size.cols, rows: size.rows };
    const { Terminal, Unicode11Addon } = loadXterm();
    this.#terminal = new Terminal({
      cols: size.cols,
      rows: size.rows,
      scrollback: options.scrollback ?? SCREEN.scrollback,
      allowProposedApi: true,
      // Binary floods (`cat /dev/urandom`) make xterm log a "Parsing error" line per bad sequence.
      logLevel: 'off',
    });
    this.#terminal.loadAddon(new Unicode11Addon());
    this.#terminal.unicode.activeVersion = '11';
    // Observes DECSET (`CSI ? Pm h`): each begin of a synchronized update (2026) and the mouse
    // modes; then DECRST and RIS for the mouse modes. Each returns false: xterm's own handler still runs.
    const { parser } = this.#terminal;
    parser.registerCsiHandler({ prefix: '?', final: 'h' }, (params) => {
      if (params.includes(2026)) this.#synchronizedSince = this.#writingAt;
      this.#setMouseModes(params, true);
      return false;
    });
    parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) => {
      this.#setMouseModes(params, false);
      return false;
    });
    // XTMODKEYS: the app's request for extended keys, followed as tmux follows it.
    parser.registerCsiHandler({ prefix: '>', final: 'm' }, (params) => {
      this.#extendedKeys = applyModifyKeys(this.#extendedKeys, params);
      return false;
    });
    parser.registerCsiHandler({ prefix: '>', final: 'n' }, (params) => {
      this.#extendedKeys = applyDisableModifyKeys(this.#extendedKeys, params);
      return false;
    });
    // RIS resets the mouse modes; DECSTR (soft reset) does not (xterm-410 charproc.c `ReallyReset`, `if (full)`).
    // It turns extended keys off too (tmux 3.3a screen-write.c `screen_write_reset`).
    parser.registerEscHandler({ final: 'c' }, () => {
      this.#mouseModes = MOUSE_MODES_OFF;
      this.#extendedKeys = false;
      return false;
    });
    this.#terminal.onTitleChange((title) => {
      this.#title = title;
    });
    this.#observeEvents();
    this.#internals = this.#terminal as unknown as XtermInternals;
    const cell = this.#terminal.buffer.active.getNullCell() as Partial<BufferCellLike>;
    const cellInternals = [cell.getUnderlineStyle, cell.hasExtendedAttrs, cell.extended];
    const core = this.#internals._core;
    const cursorInternals: unknown[] = [core?.coreService?.decPrivateModes, core?.optionsService?.rawOptions, core?._oscLinkService?.getLinkData];
    if (
      typeof core?.coreService?.isCursorHidden !== 'boolean' ||
      typeof core.writeSync !== 'function' ||
      cellInternals.includes(undefined) ||
      cursorInternals.includes(undefined)
    ) {
      this.#terminal.dispose();
      throw new TmuxShotError(
        'This @xterm/headless version lacks the cursor-visibility, cursor-style, underline, hyperlink and synchronous-parsing internals tmux-shot uses; ' +
          'install the version pinned in tmux-shot’s package.json.',
      );
    }
  }

  /** Current size in cells. */
  get size(): Size {
    return { ...this.#size };
  }

  /**
   * True inside a DEC 2026 synchronized update (`CSI ? 2026 h` … `l`), however long ago it began:
   * the app is halfway through a frame. An app may never end one; {@link synchronizedUntil} says
   * until when the screen counts as half drawn.
   */
  get synchronizedOutput(): boolean {
    return this.#terminal.modes.synchronizedOutputMode;
  }

  /**
   * While a synchronized update (DEC 2026) is open, the time at which it counts as ended even if
   * the app never ends it: `SCREEN.synchronizedUpdateTimeout` (1000 ms) after its latest begin, as
   * foot and Ghostty end one, on the clock of the times given to {@link write}. Until then the
   * screen is half drawn: do not read it. Undefined when no update is open.
   */
  get synchronizedUntil(): number | undefined {
    return this.synchronizedOutput ? this.#synchronizedSince + SCREEN.synchronizedUpdateTimeout : undefined;
  }

  /**
   * The mouse modes the app turned on with DECSET (`CSI ? 1000 h`, `CSI ? 1006 h`…), as xterm
   * would hold them now (see `applyMouseMode`): what a mouse report must follow.
   */
  mouseModes(): MouseModes {
    return this.#mouseModes;
  }

  /**
   * Whether the app has asked for extended keys (xterm modifyOtherKeys: `CSI > 4 ; 1 m` or
   * `CSI > 4 ; 2 m`, until `CSI > 4 ; 0 m`, `CSI > 4 n` or RIS), as of the output written so far:
   * then tmux 3.3a sends keys like Ctrl+Enter as `CSI 13 ; 5 u` (see `applyModifyKeys`).
   */
  extendedKeys(): boolean {
    return this.#extendedKeys;
  }

  /** Whether the app has turned bracketed paste on (DECSET 2004), as of the output written so far. */
  bracketedPaste(): boolean {
    return this.#terminal.modes.bracketedPasteMode;
  }

  /**
   * What the app told the terminal so far: bells, OSC 52 clipboard writes, OSC 9 and OSC 777
   * notifications (see `TerminalEvents`). A copy; it stays readable after {@link dispose}.
   */
  events(): TerminalEvents {
    return this.#events.events();
  }

  /** Feeds the event log: xterm's bell (BEL outside strings), and the OSC strings it does not act on (each handler returns false). */
  #observeEvents(): void {
    const events = this.#events;
    const { parser } = this.#terminal;
    this.#terminal.onBell(() => events.bell());
    const observe = (ident: number, take: (payload: string) => void) =>
      parser.registerOscHandler(ident, (payload) => {
        take(payload);
        return false;
      });
    observe(52, (payload) => events.osc52(payload));
    observe(9, (payload) => events.osc9(payload));
    observe(777, (payload) => events.osc777(payload));
  }

  /** Applies each parameter of one DECSET (`set`) or DECRST in order, as xterm does. */
  #setMouseModes(params: readonly (number | number[])[], set: boolean): void {
    for (const param of params) {
      if (typeof param === 'number') this.#mouseModes = applyMouseMode(this.#mouseModes, param, set);
    }
  }

  /**
   * Feeds raw pane bytes and parses them at once: the screen, modes and cursor are up to date when
   * it returns. UTF-8 sequences and escape sequences may be split across calls. xterm's public
   * `write` parses later, on timers, which queues a backlog behind an output flood and never runs
   * under a test's fake timers; we register no asynchronous parser handlers, so parsing in the
   * call is exact (xterm's `writeSync`).
   * @param atMs When the bytes arrived, in ms on any clock the caller keeps: it times synchronized
   *   updates (see {@link synchronizedUntil}). @default 0
   */
  write(bytes: Uint8Array, atMs = 0): void {
    this.#writingAt = atMs;
    this.#internals._core.writeSync(bytes);
  }

  /**
   * Resizes to `size` in cells, reflowing wrapped lines as xterm does (tmux also reflows).
   * @throws {ConfigError} when `size` is out of range, as in the constructor.
   */
  resize(size: Size): void {
    checkSize(size.cols, size.rows);
    this.#terminal.resize(size.cols, size.rows);
    this.#size = { cols: size.cols, rows: size.rows };
  }

  /**
   * An immutable copy of the visible screen, or with `scrollback` of the whole buffer: the lines
   * that scrolled off the top (oldest first, at most `ScreenModelOptions.scrollback`), then the
   * visible screen, with `viewportTop` saying where it begins and every coordinate (`rows`,
   * `cursor.row`) indexing `cells`. The alternate screen has no scrollback (xterm, like tmux and
   * every terminal, keeps none for it): there `viewportTop` is 0. Blank cells and palette colours
   * are shared frozen objects; do not mutate cells. Costs ≈ 1 ms for 200×50 (scrollback: ≈ 1 ms
   * per 10 000 cells more). The cursor column is clamped to the last column (xterm reports `cols`
   * while a wrap is pending).
   */
  snapshot(options: SnapshotOptions = {}): ScreenSnapshot {
    const buffer = this.#terminal.buffer.active;
    const { cols, rows } = this.#size;
    const top = options.scrollback === true ? 0 : buffer.baseY;
    const links = this.#internals._core._oscLinkService;
    const reader = new CellReader((urlId) => links.getLinkData(urlId)?.uri);
    const reused = buffer.getNullCell();
    const cells: Cell[][] = [];
    for (let y = top; y < buffer.baseY + rows; y++) {
      const line = buffer.getLine(y);
      const cellsOfRow: Cell[] = new Array(cols);
      for (let col = 0; col < cols; col++) {
        const cell = line?.getCell(col, reused) as (IBufferCell & BufferCellLike) | undefined;
        cellsOfRow[col] = cell ? reader.read(cell) : BLANK_CELL;
      }
      cells.push(cellsOfRow);
    }
    const viewportTop = buffer.baseY - top;
    const snapshot: ScreenSnapshot = {
      cols,
      rows: cells.length,
      cells,
      cursor: this.#cursor(viewportTop),
      alternateScreen: buffer.type === 'alternate',
      title: this.#title,
      modes: this.#modes(),
    };
    return options.scrollback === true ? { ...snapshot, viewportTop } : snapshot;
  }

  /** Where the cursor is and how it looks: DECSCUSR's shape and blinking, else the options' (xterm.js's renderers choose so). */
  #cursor(viewportTop: number): Cursor {
    const buffer = this.#terminal.buffer.active;
    const { coreService, optionsService } = this.#internals._core;
    const { cursorStyle, cursorBlink } = coreService.decPrivateModes;
    return {
      col: Math.min(buffer.cursorX, this.#size.cols - 1),
      row: viewportTop + buffer.cursorY,
      visible: !coreService.isCursorHidden,
      shape: cursorStyle ?? optionsService.rawOptions.cursorStyle,
      blinking: cursorBlink ?? optionsService.rawOptions.cursorBlink,
    };
  }

  /** The modes from xterm's `modes`, with mouse tracking as we track it (xterm.js misses 1005 and 1015, see {@link mouseModes}). */
  #modes(): TerminalModes {
    const modes = this.#terminal.modes;
    return {
      alternateScreen: this.#terminal.buffer.active.type === 'alternate',
      mouseTracking: this.#mouseModes.tracking !== 'none',
      bracketedPaste: modes.bracketedPasteMode,
      applicationCursorKeys: modes.applicationCursorKeysMode,
      applicationKeypad: modes.applicationKeypadMode,
      focusEvents: modes.sendFocusMode,
      synchronizedOutput: modes.synchronizedOutputMode,
      autoWrap: modes.wraparoundMode,
      originMode: modes.originMode,
      insertMode: modes.insertMode,
    };
  }

  /** The visible screen (or with `scrollback`, the whole buffer) as text: rows joined by '\n', each right-trimmed (see `snapshotText`). */
  text(options: SnapshotOptions = {}): string {
    return snapshotText(this.snapshot(options));
  }

  /** Releases the terminal. The model must not be used afterwards. */
  dispose(): void {
    this.#terminal.dispose();
  }
}
