/**
 * The tmux control-mode protocol (tmux(1) "CONTROL MODE", 3.3a) as far as our clients need it:
 * reply blocks, `%session-changed`, `%exit`, and for a client that watches a pane (`pane-stream.ts`)
 * `%output` and `%layout-change`. Pure: feed it stdout chunks, get events. A test's app's output
 * does not come this way (its command client attaches with `-f no-output`; see `pane-output.ts`
 * for why).
 */

/** What one control-mode line (or block of lines) means to us. */
export type ControlEvent =
  | {
      /** The `%begin … %end|%error` block answering one command. */
      kind: 'reply';
      /** False for `%error`. */
      ok: boolean;
      /** True when the command came from this client's stdin (flags bit 1); false for the attach command itself. */
      own: boolean;
      /** The block's lines, UTF-8 decoded, without their newline. */
      lines: string[];
    }
  | { kind: 'session-changed'; sessionId: string; name: string }
  | { kind: 'exit'; reason: string }
  | {
      /** `%output %PANE DATA`: bytes the pane's app wrote, decoded (tmux escapes bytes below 0x20 and the backslash as backslash and three octal digits). */
      kind: 'output';
      /** The pane's id (`%3`). */
      pane: string;
      bytes: Buffer;
    }
  | {
      /** `%layout-change @WINDOW LAYOUT …`: a window's layout or size changed. */
      kind: 'layout-change';
      /** The window's id (`@2`). */
      window: string;
    };

/** The three numbers of `%begin time number flags`, repeated verbatim by its `%end`/`%error`. */
interface OpenBlock {
  guard: string;
  own: boolean;
  lines: string[];
}

const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const OUTPUT_PREFIX = Buffer.from('%output ');

/**
 * Incremental parser of a control client's stdout. Lines are split on 0x0A as bytes; inside a
 * reply block only the `%end`/`%error` line carrying the block's own time, number and flags ends
 * it, so reply text that happens to start with `%end` cannot. Notifications other than
 * `%session-changed` and `%exit` are ignored.
 */
export class ControlParser {
  #partial: Buffer[] = [];
  #block: OpenBlock | undefined;

  /** Parses a chunk of stdout; returns the events of the lines it completed, in order. */
  push(chunk: Buffer): ControlEvent[] {
    const events: ControlEvent[] = [];
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.#partial.push(chunk.subarray(start, end));
      const line = Buffer.concat(this.#partial);
      this.#partial = [];
      const event = this.#parseLine(line);
      if (event) events.push(event);
      start = end + 1;
    }
    if (start < chunk.length) this.#partial.push(chunk.subarray(start));
    return events;
  }

  #parseLine(line: Buffer): ControlEvent | undefined {
    if (this.#block) return this.#parseBlockLine(line, this.#block);
    if (line.subarray(0, OUTPUT_PREFIX.length).equals(OUTPUT_PREFIX)) return parseOutput(line);
    const text = line.toString('utf8');
    const begin = /^%begin (\d+ \d+ (\d+))$/.exec(text);
    if (begin) {
      this.#block = { guard: begin[1] ?? '', own: (Number(begin[2]) & 1) === 1, lines: [] };
      return undefined;
    }
    const changed = /^%session-changed (\S+) (.*)$/.exec(text);
    if (changed) return { kind: 'session-changed', sessionId: changed[1] ?? '', name: changed[2] ?? '' };
    if (text === '%exit' || text.startsWith('%exit ')) return { kind: 'exit', reason: text.slice(6) };
    const layout = /^%layout-change (@\d+) /.exec(text);
    if (layout) return { kind: 'layout-change', window: layout[1] ?? '' };
    return undefined;
  }

  #parseBlockLine(line: Buffer, block: OpenBlock): ControlEvent | undefined {
    const text = line.toString('utf8');
    const end = /^%(end|error) (\d+ \d+ \d+)$/.exec(text);
    if (end && end[2] === block.guard) {
      this.#block = undefined;
      return { kind: 'reply', ok: end[1] === 'end', own: block.own, lines: block.lines };
    }
    block.lines.push(text);
    return undefined;
  }
}

/** `%output %PANE DATA` as an event, or undefined when the line lacks its pane. */
function parseOutput(line: Buffer): ControlEvent | undefined {
  const space = line.indexOf(0x20, OUTPUT_PREFIX.length);
  if (space === -1) return undefined;
  return { kind: 'output', pane: line.subarray(OUTPUT_PREFIX.length, space).toString('latin1'), bytes: decodeOutput(line.subarray(space + 1)) };
}

/**
 * The bytes of a `%output` line's DATA: tmux writes each byte below 0x20 and the backslash as
 * a backslash and three octal digits (control.c `control_append_data`), every other byte as itself.
 */
export function decodeOutput(data: Buffer): Buffer {
  if (data.indexOf(BACKSLASH) === -1) return Buffer.from(data);
  const out = Buffer.allocUnsafe(data.length);
  let length = 0;
  for (let i = 0; i < data.length; i++) {
    const byte = data[i] ?? 0;
    const octal = byte === BACKSLASH ? octalByte(data, i + 1) : undefined;
    if (octal === undefined) out[length++] = byte;
    else {
      out[length++] = octal;
      i += 3;
    }
  }
  return out.subarray(0, length);
}

/** The byte of the three octal digits at `at`, or undefined when they are not three octal digits. */
function octalByte(data: Buffer, at: number): number | undefined {
  let value = 0;
  for (let i = at; i < at + 3; i++) {
    const digit = (data[i] ?? 0) - 0x30;
    if (digit < 0 || digit > 7) return undefined;
    value = value * 8 + digit;
  }
  return value > 0xff ? undefined : value;
}
