/**
 * The OSC 133 semantic prompt marks in a shell's output (`ESC ] 133 ; A BEL`, `…B…`, `…C…`,
 * `…D;<status>…`, ended by BEL or ST), and the decision whether a command sent to the shell has
 * finished, with its output bytes and exit status. Pure: bytes in, offsets out.
 */

/** One mark, with its byte offsets in the scanned bytes. */
export interface PromptMark {
  kind: 'A' | 'B' | 'C' | 'D';
  /** The status of a D mark; undefined for others, or for a D without one. */
  exitCode?: number;
  /** Offset of its ESC. */
  start: number;
  /** Offset just after its terminator. */
  end: number;
}

const INTRODUCER = Buffer.from('\x1b]133;');

/**
 * The marks in `bytes` that begin at `from` or later and are complete.
 * @returns The marks in order, and `next`: where the next scan must begin so that a mark cut at
 *   the end of `bytes` is found once the rest arrives.
 */
export function scanMarks(bytes: Buffer, from = 0): { marks: PromptMark[]; next: number } {
  const marks: PromptMark[] = [];
  let at = bytes.indexOf(INTRODUCER, from);
  while (at !== -1) {
    const body = at + INTRODUCER.length;
    const bel = bytes.indexOf(0x07, body);
    const st = bytes.indexOf('\x1b\\', body);
    const stop = bel === -1 ? st : st === -1 ? bel : Math.min(bel, st);
    if (stop === -1) return { marks, next: at };
    const end = stop + (stop === st ? 2 : 1);
    const mark = parseMark(bytes.toString('latin1', body, stop), at, end);
    if (mark) marks.push(mark);
    at = bytes.indexOf(INTRODUCER, end);
  }
  return { marks, next: Math.max(from, bytes.length - INTRODUCER.length + 1) };
}

function parseMark(body: string, start: number, end: number): PromptMark | undefined {
  const [kind, status] = body.split(';');
  if (kind !== 'A' && kind !== 'B' && kind !== 'C' && kind !== 'D') return undefined;
  const exitCode = kind === 'D' && status !== undefined && /^\d+$/.test(status) ? Number(status) : undefined;
  return exitCode === undefined ? { kind, start, end } : { kind, exitCode, start, end };
}

/** Where a command sent to a shell stands. */
export type CommandDecision =
  | { kind: 'running' }
  /** The command ended and the next prompt is drawn: `output` is what it printed, raw. */
  | { kind: 'done'; output: Buffer; exitCode: number };

/**
 * Whether the command whose line was sent when `bytes` began has finished: a D mark, then the
 * B mark of the next prompt. Its output runs to the D mark from the C mark, or, when there is
 * none (sh sends none; bash sends none for a line with a syntax error, whose message is then the
 * output), from the end of the echoed command line (its line feed). A D without a status (our
 * presets always send one) reads as status -1.
 * @param marks The marks of `bytes` (see {@link scanMarks}).
 */
export function decideCommand(bytes: Buffer, marks: readonly PromptMark[]): CommandDecision {
  const end = marks.findIndex((mark) => mark.kind === 'D');
  if (end === -1 || !marks.slice(end + 1).some((mark) => mark.kind === 'B')) return { kind: 'running' };
  const d = marks[end]!;
  const c = marks.slice(0, end).findLast((mark) => mark.kind === 'C');
  const afterEcho = bytes.indexOf(0x0a) + 1;
  const start = c?.end ?? (afterEcho > 0 ? Math.min(afterEcho, d.start) : d.start);
  return { kind: 'done', output: bytes.subarray(start, d.start), exitCode: d.exitCode ?? -1 };
}

/**
 * A shell's output since some moment, with its marks, scanned as the chunks arrive: each byte is
 * scanned once (but the few of a mark cut between chunks), and the bytes are joined only when asked.
 */
export class MarkedOutput {
  readonly #chunks: Buffer[] = [];
  #length = 0;
  /** The bytes from where the next scan begins (a mark's start not yet complete). */
  #tail: Buffer = Buffer.alloc(0);
  #joined: Buffer | undefined;
  /** The marks so far, with offsets in all the bytes appended. */
  readonly marks: PromptMark[] = [];

  append(bytes: Buffer): void {
    const window = Buffer.concat([this.#tail, bytes]);
    const base = this.#length - this.#tail.length;
    this.#chunks.push(bytes);
    this.#length += bytes.length;
    this.#joined = undefined;
    const { marks, next } = scanMarks(window);
    for (const mark of marks) this.marks.push({ ...mark, start: mark.start + base, end: mark.end + base });
    this.#tail = window.subarray(next);
  }

  /** True once a D mark has come and then the B mark of the next prompt. */
  get ended(): boolean {
    const end = this.marks.findIndex((mark) => mark.kind === 'D');
    return end !== -1 && this.marks.some((mark, index) => index > end && mark.kind === 'B');
  }

  /** Every byte appended, in one buffer. */
  bytes(): Buffer {
    this.#joined ??= Buffer.concat(this.#chunks, this.#length);
    return this.#joined;
  }
}
