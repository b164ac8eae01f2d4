/**
 * The tmux control-mode protocol (tmux(1) "CONTROL MODE", 3.3a) as far as a command channel
 * needs it: reply blocks, `%session-changed`, `%exit`. Pure: feed it stdout chunks, get events.
 * Pane output does not come this way (our clients attach with `-f no-output`; see
 * `pane-output.ts` for why).
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
  | { kind: 'exit'; reason: string };

/** The three numbers of `%begin time number flags`, repeated verbatim by its `%end`/`%error`. */
interface OpenBlock {
  guard: string;
  own: boolean;
  lines: string[];
}

const NEWLINE = 0x0a;

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
    const text = line.toString('utf8');
    const begin = /^%begin (\d+ \d+ (\d+))$/.exec(text);
    if (begin) {
      this.#block = { guard: begin[1] ?? '', own: (Number(begin[2]) & 1) === 1, lines: [] };
      return undefined;
    }
    const changed = /^%session-changed (\S+) (.*)$/.exec(text);
    if (changed) return { kind: 'session-changed', sessionId: changed[1] ?? '', name: changed[2] ?? '' };
    if (text === '%exit' || text.startsWith('%exit ')) return { kind: 'exit', reason: text.slice(6) };
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
