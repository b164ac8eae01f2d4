/**
 * A pane's screen and output, read without disturbing it, for `tmux-shot watch`: a control client
 * of our own on the pane's server, attached to its session read-only and without a say in its size
 * (`-f read-only,ignore-size`). It first reads the pane's current screen (`capture-pane -e`, with
 * the cursor and modes: a {@link PaneFill}), then hands on each `%output` that came after that read.
 *
 * Where the read falls in the output is exact: tmux queues a control client's `%output` blocks and
 * command replies in one stream, in the order it read the output and ran the commands, and runs the
 * commands of one line with no pane read between them (control.c, cmd-queue.c, 3.3a). So output
 * that arrives before the read's first reply is already on the captured screen, and output after it
 * is not. A resize of the pane's window (`%layout-change`) reads the screen again.
 */
import { ControlClient } from './control-client.js';
import type { TmuxConnection } from './connection.js';
import type { ControlEvent } from './control-protocol.js';
import type { TmuxCommand } from './quote.js';

/** A pane's screen as `capture-pane` and `display-message` read it at one moment. */
export interface PaneFill {
  /** The pane's size in cells. */
  cols: number;
  rows: number;
  /** The cursor, 0-based cells, and whether it is shown (DECTCEM). */
  cursor: { col: number; row: number; visible: boolean };
  /** The pane is on its alternate screen; `main` then holds the screen it left, and `mainCursor` where its cursor was. */
  alternate: boolean;
  mainCursor: { col: number; row: number };
  /** The scroll region's top and bottom rows, 0-based (DECSTBM). */
  scrollRegion: { top: number; bottom: number };
  /** The visible screen, one line a row, with SGR escapes (`capture-pane -p -e -N`). */
  lines: string[];
  /** On the alternate screen: the main screen below it (`capture-pane -a`); else empty. */
  main: string[];
}

/** What a {@link PaneStream} hands on. */
export interface PaneStreamListener {
  /** The pane's screen now: draw it afresh (at the start, and after each resize). */
  fill(fill: PaneFill): void;
  /** Bytes the app wrote after the last fill's moment, in order. */
  output(bytes: Buffer): void;
}

/** `display-message` format of a fill: size, cursor, screen and scroll region. */
const FILL_FORMAT =
  '#{pane_width} #{pane_height} #{cursor_x} #{cursor_y} #{cursor_flag} #{alternate_on} #{scroll_region_upper} #{scroll_region_lower} #{alternate_saved_x} #{alternate_saved_y}';

/** The commands of one fill, run as one line: the format, the main screen under an alternate one (`-q`: none is no error), the screen. */
export function paneFillCommands(pane: string): TmuxCommand[] {
  return [
    ['display-message', '-p', '-t', pane, FILL_FORMAT],
    ['capture-pane', '-p', '-e', '-N', '-a', '-q', '-t', pane],
    ['capture-pane', '-p', '-e', '-N', '-t', pane],
  ];
}

/**
 * The replies of {@link paneFillCommands} as a fill.
 * @throws {Error} when the format's line is not ten numbers (not a reply to these commands).
 */
export function parsePaneFill([[format = ''] = [], main = [], lines = []]: readonly (readonly string[])[]): PaneFill {
  const numbers = format.split(' ').map(Number);
  if (numbers.length !== 10 || numbers.some((n) => !Number.isSafeInteger(n))) throw new Error(`tmux answered '${format}' for the pane's size and cursor`);
  const [cols = 0, rows = 0, col = 0, row = 0, visible = 1, alternate = 0, top = 0, bottom = 0, mainCol = 0, mainRow = 0] = numbers;
  return {
    cols,
    rows,
    cursor: { col, row, visible: visible === 1 },
    alternate: alternate === 1,
    mainCursor: alternate === 1 ? { col: mainCol, row: mainRow } : { col: 0, row: 0 },
    scrollRegion: { top, bottom },
    lines: lines.slice(0, rows),
    main: alternate === 1 ? main.slice(0, rows) : [],
  };
}

const ESC = '\x1b';

/**
 * The bytes that draw `fill` on a terminal of its size: reset (RIS), DEC line drawing as G1 (a
 * capture writes it with SO/SI), the main screen, its cursor and the switch to the alternate one
 * (which saves that cursor) when the pane is on it, each line placed by CUP (a newline at the last row would scroll), then the scroll
 * region, the cursor and its visibility.
 */
export function paneFillBytes(fill: PaneFill): Buffer {
  // A capture carries its attributes and charset from line to line: reset them only after its last line.
  const place = (lines: readonly string[]) => `${lines.map((line, row) => `${ESC}[${row + 1};1H${line}`).join('')}${ESC}[0m\x0f`;
  const alternate = fill.alternate ? `${place(fill.main)}${ESC}[${fill.mainCursor.row + 1};${fill.mainCursor.col + 1}H${ESC}[?1049h` : '';
  const { top, bottom } = fill.scrollRegion;
  const region = top !== 0 || bottom !== fill.rows - 1 ? `${ESC}[${top + 1};${bottom + 1}r` : '';
  const cursor = `${ESC}[${fill.cursor.row + 1};${fill.cursor.col + 1}H${fill.cursor.visible ? '' : `${ESC}[?25l`}`;
  return Buffer.from(`${ESC}c${ESC})0${alternate}${place(fill.lines)}${region}${cursor}`, 'utf8');
}

/** Where a stream is in its fills (see the file's comment). */
type FillState =
  /** No fill has been read yet: output is dropped (the first fill holds it). */
  | 'first'
  /** A later fill was asked for and its reply has not come: output still goes on (the fill redraws it). */
  | 'asked'
  /** Its first reply came: output now comes after the fill's moment, and waits for the fill. */
  | 'replying'
  | 'live';

/**
 * A live read of one pane (see the file's comment). Close it (or `await using`): its client detaches.
 * @example
 *   await using stream = await PaneStream.open(connection, { session: '$1', pane: '%1' }, {
 *     fill: (fill) => model.write(paneFillBytes(fill)),
 *     output: (bytes) => model.write(bytes),
 *   });
 */
export class PaneStream implements AsyncDisposable {
  readonly #pane: string;
  readonly #listener: PaneStreamListener;
  #client: ControlClient | undefined;
  #state: FillState = 'first';
  /** Output that came after a fill's moment, before the fill's reply was complete. */
  #held: Buffer[] = [];
  /** A resize came while a fill was under way: read again after it. */
  #again = false;
  #closed = false;

  private constructor(pane: string, listener: PaneStreamListener) {
    this.#pane = pane;
    this.#listener = listener;
  }

  /**
   * Attaches to `target.session` and reads the first fill; resolves once that has been handed on.
   * @throws {TmuxCommandError} when tmux refuses the attach (the session is gone) or the pane cannot be read.
   */
  static async open(connection: TmuxConnection, target: { session: string; pane: string }, listener: PaneStreamListener): Promise<PaneStream> {
    const stream = new PaneStream(target.pane, listener);
    stream.#client = await ControlClient.attach(connection, target.session, { watch: true, onEvent: (event) => stream.#event(event) });
    try {
      await stream.#fill();
    } catch (error) {
      await stream.close();
      throw error;
    }
    return stream;
  }

  /** Resolves when the client has ended: closed, or the session or server went. */
  get ended(): Promise<void> {
    return this.#client?.exited ?? Promise.resolve();
  }

  /** Detaches the client and waits for it to exit. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#client?.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #event(event: ControlEvent): void {
    if (event.kind === 'output' && event.pane === this.#pane) {
      if (this.#state === 'replying') this.#held.push(event.bytes);
      else if (this.#state !== 'first') this.#listener.output(event.bytes);
    } else if (event.kind === 'reply' && event.own && this.#state !== 'live') {
      this.#state = 'replying';
    } else if (event.kind === 'layout-change' && this.#state !== 'first') {
      if (this.#state === 'live')
        void this.#fill().catch(() => undefined); // a failed read: the session is going
      else this.#again = true;
    }
  }

  async #fill(): Promise<void> {
    if (this.#state !== 'first') this.#state = 'asked';
    let fill: PaneFill;
    try {
      fill = parsePaneFill(await this.#client!.commands(paneFillCommands(this.#pane)));
    } catch (error) {
      this.#held = [];
      this.#state = 'live';
      throw error;
    }
    if (this.#closed) return;
    this.#listener.fill(fill);
    for (const bytes of this.#held.splice(0)) this.#listener.output(bytes);
    this.#state = 'live';
    if (this.#again) {
      this.#again = false;
      await this.#fill();
    }
  }
}
