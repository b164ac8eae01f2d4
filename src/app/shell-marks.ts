/**
 * The OSC 133 semantic prompt marks in a shell's output (`ESC ] 133 ; A ; tmux-shot=<nonce> BEL`,
 * `…B…`, `…C…`, `…D;<status>…`, ended by BEL or ST), and the decision whether a command sent to
 * the shell has finished, with its output bytes and exit status. Only the marks of our presets
 * count: each carries the nonce of its `Shell` as the parameter `tmux-shot=<nonce>` (OSC 133
 * allows `key=value` parameters after the kind and status), so the marks a command prints (`cat`
 * of a saved log, a nested prompt, starship) are output like any other. Pure: bytes in, offsets out.
 */
import { randomBytes } from 'node:crypto';

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
const ESC = 0x1b;
const BEL = 0x07;
/** The name of the parameter that carries the nonce: `ESC ] 133 ; B ; tmux-shot=<nonce> BEL`. */
export const NONCE_KEY = 'tmux-shot';
/** Bytes of a nonce's randomness (hex: twice as many characters). */
const NONCE_BYTES = 8;
/**
 * The longest body of one of our marks, with room to spare (`D;<status>;tmux-shot=<nonce>` is
 * under 40 bytes): a body longer than this without a terminator is not ours, and the scan goes on
 * instead of keeping the bytes of a flood for a terminator that never comes.
 */
const MAX_BODY = 128;

/** A new nonce for the marks of one shell: random hex, so that no printed mark can carry it by chance. */
export function newMarkNonce(): string {
  return randomBytes(NONCE_BYTES).toString('hex');
}

/**
 * The marks in `bytes` that carry `nonce`, begin at `from` or later and are complete. A mark's body
 * holds no ESC but that of its ST terminator: an introducer whose body meets another ESC (an
 * unterminated `ESC ] 133 ;` a command printed, then our next mark) is not a mark, and the scan
 * resumes at that ESC.
 * @returns The marks in order, and `next`: where the next scan must begin so that a mark cut at
 *   the end of `bytes` is found once the rest arrives.
 */
export function scanMarks(bytes: Buffer, nonce: string, from = 0): { marks: PromptMark[]; next: number } {
  const marks: PromptMark[] = [];
  let at = bytes.indexOf(INTRODUCER, from);
  while (at !== -1) {
    const body = at + INTRODUCER.length;
    let stop = body;
    while (stop < bytes.length && stop - body <= MAX_BODY && bytes[stop] !== BEL && bytes[stop] !== ESC) stop++;
    if (stop - body > MAX_BODY) {
      at = bytes.indexOf(INTRODUCER, stop);
      continue;
    }
    // Cut at the end of `bytes` (within the body, or between the ESC and the backslash of ST).
    if (stop === bytes.length || (bytes[stop] === ESC && stop + 1 === bytes.length)) return { marks, next: at };
    const terminated = bytes[stop] === BEL || bytes[stop + 1] === 0x5c;
    if (!terminated) {
      at = bytes.indexOf(INTRODUCER, stop);
      continue;
    }
    const end = stop + (bytes[stop] === BEL ? 1 : 2);
    const mark = parseMark(bytes.toString('latin1', body, stop), nonce, at, end);
    if (mark) marks.push(mark);
    at = bytes.indexOf(INTRODUCER, end);
  }
  return { marks, next: Math.max(from, bytes.length - INTRODUCER.length + 1) };
}

/** The mark of `body` (`<kind>[;<status>];tmux-shot=<nonce>`), or undefined when it is not one of ours. */
function parseMark(body: string, nonce: string, start: number, end: number): PromptMark | undefined {
  const [kind, ...params] = body.split(';');
  if (kind !== 'A' && kind !== 'B' && kind !== 'C' && kind !== 'D') return undefined;
  if (params.at(-1) !== `${NONCE_KEY}=${nonce}`) return undefined;
  const status = kind === 'D' && params.length === 2 ? params[0]! : '';
  const exitCode = /^\d+$/.test(status) ? Number(status) : undefined;
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
  readonly #nonce: string;
  readonly #chunks: Buffer[] = [];
  #length = 0;
  /** The bytes from where the next scan begins (a mark's start not yet complete). */
  #tail: Buffer = Buffer.alloc(0);
  #joined: Buffer | undefined;
  /** The marks so far, with offsets in all the bytes appended. */
  readonly marks: PromptMark[] = [];

  /** @param nonce The nonce of the shell's marks: marks without it are output (see {@link scanMarks}). */
  constructor(nonce: string) {
    this.#nonce = nonce;
  }

  append(bytes: Buffer): void {
    const window = Buffer.concat([this.#tail, bytes]);
    const base = this.#length - this.#tail.length;
    this.#chunks.push(bytes);
    this.#length += bytes.length;
    this.#joined = undefined;
    const { marks, next } = scanMarks(window, this.#nonce);
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
